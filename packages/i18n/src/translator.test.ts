import { describe, expect, it, vi } from 'vitest';
import { createTranslator, type MessageKey } from './index';

const catalog = {
  app: { name: 'Storyhouse', greeting: 'Hello, {name}' },
  errors: { not_found: 'Not found' },
};

describe('createTranslator', () => {
  it('finds a message at its dotted key in the nested catalog and formats its values', () => {
    const t = createTranslator('en', catalog);
    expect(t('app.name' as MessageKey)).toBe('Storyhouse');
    expect(t('app.greeting' as MessageKey, { name: 'Ana' })).toBe('Hello, Ana');
    // The second time comes from the compiled message, with new values.
    expect(t('app.greeting' as MessageKey, { name: 'Ivan' })).toBe('Hello, Ivan');
  });

  it('reports a missing key and shows the key: a subtree, a path through a message and an unknown name alike', () => {
    const missing = vi.fn();
    const t = createTranslator('en', catalog, missing);
    for (const key of ['app', 'app.name.more', 'app.nope', 'nope.name', 'app.', '', 'constructor', 'app.toString']) {
      expect(t(key as MessageKey)).toBe(key);
    }
    expect(missing.mock.calls.map(([key]) => key)).toEqual([
      'app',
      'app.name.more',
      'app.nope',
      'nope.name',
      'app.',
      '',
      'constructor',
      'app.toString',
    ]);
  });

  it('has() answers for keys built at run time, without reporting', () => {
    const missing = vi.fn();
    const t = createTranslator('en', catalog, missing);
    expect(t.has('errors.not_found')).toBe(true);
    expect(t.has('errors.nope')).toBe(false);
    expect(t.has('errors')).toBe(false);
    expect(t.has('errors.not_found.x')).toBe(false);
    expect(t.has('__proto__')).toBe(false);
    expect(missing).not.toHaveBeenCalled();
  });
});
