import { describe, expect, it } from 'vitest';
import { demoContentEnabled } from './seed';

describe('demoContentEnabled (DEMO_CONTENT)', () => {
  it.each([
    ['auto', 'development', true],
    ['auto', 'test', true],
    // The demo admin's password is published: a production server loads the demo content only when told to.
    ['auto', 'production', false],
    ['on', 'production', true],
    ['on', 'development', true],
    ['off', 'development', false],
    ['off', 'production', false],
  ] as const)('%s with NODE_ENV=%s: %s', (DEMO_CONTENT, NODE_ENV, enabled) => {
    expect(demoContentEnabled({ DEMO_CONTENT, NODE_ENV })).toBe(enabled);
  });
});
