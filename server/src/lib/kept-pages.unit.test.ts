import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptPages } from './kept-pages';

describe('kept pages', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a page only under the tag it was kept with, and forgets it under another', () => {
    const pages = keptPages();
    pages.set('a', '1.1', '{"a":1}');
    expect(pages.get('a', '1.1')).toBe('{"a":1}');
    expect(pages.get('b', '1.1')).toBeUndefined();
    expect(pages.get('a', '1.2')).toBeUndefined();
    expect(pages.get('a', '1.1')).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it('keeps the most recently served within its bounds', () => {
    const pages = keptPages({ maxEntries: 2, maxChars: 10 });
    pages.set('a', 't', 'aaa');
    pages.set('b', 't', 'bbb');
    expect(pages.get('a', 't')).toBe('aaa');
    pages.set('c', 't', 'ccc');
    expect([pages.get('a', 't'), pages.get('b', 't'), pages.get('c', 't')]).toEqual(['aaa', undefined, 'ccc']);
    pages.set('d', 't', 'dddddddd');
    expect([pages.get('a', 't'), pages.get('c', 't'), pages.get('d', 't')]).toEqual([undefined, undefined, 'dddddddd']);
    pages.set('e', 't', 'e'.repeat(11));
    expect(pages.get('e', 't')).toBeUndefined();
  });

  it('forgets a page at its moment, whatever its tag', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const pages = keptPages();
    pages.set('a', 't', 'x', Date.now() + 1000);
    expect(pages.get('a', 't')).toBe('x');
    vi.setSystemTime(Date.now() + 1000);
    expect(pages.get('a', 't')).toBeUndefined();
  });
});
