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

describe('a request arriving while the server stops', () => {
  it('is told to try again in the site language, with Connection: close, while the one in flight finishes and lets go of its connection', async () => {
    let finish = () => {};
    let reached = () => {};
    const inRoute = new Promise<void>((resolve) => (reached = resolve));
    let stopping = () => {};
    const stopped = new Promise<void>((resolve) => (stopping = resolve));
    let asked = () => {};
    const answered = new Promise<void>((resolve) => (asked = resolve));
    const t = await createTestApp({
      routes: (app) => {
        app.get('/test/in-flight', () => {
          reached();
          return new Promise((resolve) => (finish = () => resolve({ done: true })));
        });
        // Registered after the app's own: the server is stopping, and stops listening only once the question below is answered.
        app.addHook('preClose', async () => {
          stopping();
          await answered;
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/test/in-flight`);
    await inRoute;
    const closed = t.close();
    await stopped;

    const res = await fetch(`http://127.0.0.1:${port}/crud/session?test_spanish_site=1`);
    asked();

    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({
      code: 'service_unavailable',
      message: 'El servicio no está disponible en este momento. Inténtalo en unos minutos.',
    });
    finish();
    const done = await inFlight;
    expect(await done.json()).toEqual({ done: true });
    expect(done.headers.get('connection')).toBe('close'); // a kept-alive connection would hold the stop up
    await closed;
  });
});
