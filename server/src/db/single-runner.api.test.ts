import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { asSingleRunner } from './single-runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: null });
});
afterAll(() => t.close());

describe('asSingleRunner', () => {
  it('runs a job on one instance at a time on PostgreSQL (the embedded database has one process), and frees it after', async () => {
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = asSingleRunner(t.database, 4242, async () => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await running;
    let ran = false;
    const second = await asSingleRunner(t.database, 4242, async () => {
      ran = true;
    });
    expect(second).toBe(t.database.kind === 'pglite');
    expect(ran).toBe(t.database.kind === 'pglite');
    release();
    expect(await first).toBe(true);
    // Released: the next run goes ahead, even after a run that threw.
    await expect(asSingleRunner(t.database, 4242, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await asSingleRunner(t.database, 4242, async () => {})).toBe(true);
  });
});
