import { afterAll, afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { closeOpenTestDatabases } from './database';

/**
 * Setup of every API test file. An error or warning on the console is a
 * bug nobody looked at (STYLE.md "Tests"), so it fails the test. The app's
 * own logs go through pino (silent in tests), not the console.
 */
let consoleError: MockInstance<typeof console.error>;
let consoleWarn: MockInstance<typeof console.warn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
  consoleWarn = vi.spyOn(console, 'warn');
});

afterEach(() => {
  const calls = [...consoleError.mock.calls.map((c) => ['error', ...c]), ...consoleWarn.mock.calls.map((c) => ['warn', ...c])];
  consoleError.mockRestore();
  consoleWarn.mockRestore();
  expect(calls, 'console.error/console.warn was called during the test').toEqual([]);
});

afterAll(async () => {
  await closeOpenTestDatabases();
});
