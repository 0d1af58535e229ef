import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';

describe('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok when the database answers, and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 service_unavailable when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();

      const res = await broken.app.inject({ method: 'GET', url: '/healthz' });

      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
        request_id: expect.any(String),
      });
    } finally {
      await broken.close();
    }
  });
});

describe('GET /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ready when the database answers, every migration is applied and the storage answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the database when it is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();

      const res = await broken.app.inject({ method: 'GET', url: '/readyz' });

      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { database: 'failed', storage: 'ok' } });
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming the migration the database lacks (code deployed ahead of its migrations)', async () => {
    const database = await createTestDatabase();
    const latest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(database.db);
    const name = latest.rows[0]?.name as string;
    await sql`delete from kysely_migration where name = ${name}`.execute(database.db);
    const behind = await createTestApp({ database });
    try {
      const res = await behind.app.inject({ method: 'GET', url: '/readyz' });

      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
        pending_migrations: [name],
      });
    } finally {
      await behind.close();
      await database.close();
    }
  });

  it('answers 503 naming the storage when the media bucket cannot be reached', async () => {
    // Port 1 of this machine: nothing listens, the connection is refused at once.
    const unreachable = await createTestApp({
      env: {
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:1',
        S3_BUCKET: 'storyhouse-media',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
    });
    try {
      const res = await unreachable.app.inject({ method: 'GET', url: '/readyz' });

      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok', storage: 'failed' } });
    } finally {
      await unreachable.close();
    }
  });
});
