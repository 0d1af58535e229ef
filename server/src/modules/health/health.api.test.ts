import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

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
      });
    } finally {
      await broken.close();
    }
  });
});
