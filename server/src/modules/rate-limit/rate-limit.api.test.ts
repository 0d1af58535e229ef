import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/database';
import { enforceRateLimit, hitRateLimit, setRateLimitFactor, slidingCounter, sweepRateLimits } from './rate-limit';

describe('the shared rate limiter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('allows `limit` hits per window and then refuses, saying how long to wait', async () => {
    const limit = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, 'test:a', limit));

    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect((await hitRateLimit(database.db, 'test:b', limit)).allowed).toBe(true);
  });

  it('starts a new window once the old one has ended, and the sweep removes ended windows', async () => {
    const limit = { limit: 1, windowSeconds: 60 };
    await hitRateLimit(database.db, 'test:c', limit);
    expect((await hitRateLimit(database.db, 'test:c', limit)).allowed).toBe(false);

    await sql`update rate_limits set window_ends_at = now() - interval '1 second' where key = 'test:c'`.execute(database.db);
    expect((await hitRateLimit(database.db, 'test:c', limit)).allowed).toBe(true);

    await sql`update rate_limits set window_ends_at = now() - interval '1 second' where key = 'test:c'`.execute(database.db);
    await sweepRateLimits(database.db);
    const left = await database.db.selectFrom('rate_limits').select('key').where('key', '=', 'test:c').execute();
    expect(left).toEqual([]);
  });

  it('throws the localized 429 error once the limit is used up', async () => {
    const limit = { limit: 1, windowSeconds: 30 };
    await enforceRateLimit(database.db, 'test:d', limit);

    await expect(enforceRateLimit(database.db, 'test:d', limit)).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('scales every limit by RATE_LIMIT_FACTOR', async () => {
    setRateLimitFactor(3);
    try {
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push((await hitRateLimit(database.db, 'test:e', { limit: 1, windowSeconds: 60 })).allowed);
      expect(results).toEqual([true, true, true, false]);
    } finally {
      setRateLimitFactor(1);
    }
  });

  it('counts events in a window that every event restarts, unlimited, until cleared', async () => {
    const counter = slidingCounter(database.db, 60);
    const windowEnd = async () =>
      (await database.db.selectFrom('rate_limits').select('window_ends_at').where('key', '=', 'test:f').executeTakeFirstOrThrow())
        .window_ends_at;
    expect(await counter.count('test:f')).toBe(0);
    for (let i = 0; i < 5; i++) await counter.add('test:f');
    await sql`update rate_limits set window_ends_at = now() + interval '5 seconds' where key = 'test:f'`.execute(database.db);

    expect(await counter.add('test:f')).toBe(6);
    expect((await windowEnd()).getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await counter.counts(['test:f', 'test:none'])).toEqual(new Map([['test:f', 6]]));

    await sql`update rate_limits set window_ends_at = now() - interval '1 second' where key = 'test:f'`.execute(database.db);
    expect(await counter.count('test:f')).toBe(0);
    expect(await counter.add('test:f')).toBe(1);
    await counter.clear('test:f');
    expect(await counter.count('test:f')).toBe(0);
  });

  it("keeps a limit's window fixed from its first hit", async () => {
    await hitRateLimit(database.db, 'test:g', { limit: 5, windowSeconds: 60 });
    await sql`update rate_limits set window_ends_at = now() + interval '5 seconds' where key = 'test:g'`.execute(database.db);

    const { retryAfterSeconds } = await hitRateLimit(database.db, 'test:g', { limit: 5, windowSeconds: 60 });

    expect(retryAfterSeconds).toBeLessThanOrEqual(5);
  });
});
