import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '../../../test/app';
import { logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { runPeriodically } from '../../lib/periodic';

/**
 * Issue 31 item 4, what an operator sees: Prometheus metrics behind
 * METRICS_TOKEN, a log line with the order id for every paid order and
 * refund, background jobs counted, and X-Forwarded-* ignored without
 * TRUST_PROXY.
 */
const TOKEN = 'scrape-me-please-0123456789';
const log = captureLogs();
let t: TestApp;
let album = 0;
let failingRuns = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN },
    logger: log.logger,
    routes: (app) => {
      app.get('/crud/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
      // A background job that fails each run, as a job whose database is gone would.
      runPeriodically(app, {
        name: 'failing test job',
        everyMs: 60_000,
        run: async () => {
          failingRuns += 1;
          throw new Error('the job broke');
        },
      });
    },
  });
  album = (await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 999 })).album;
  await createUser(t.db, { email: 'volunteer@example.test', password: 'posts-the-cds', is_admin: true, fname: 'Vera' });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** One sample's value from the Prometheus text, by its name and labels as written. */
function sample(text: string, series: string) {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is refused without the token, and with a wrong one', async () => {
    for (const auth of [undefined, 'Bearer not-the-token-at-all-000', `Basic ${TOKEN}`]) {
      const res = await scrape(auth);
      expect(res.statusCode, auth).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers a scraper that calls it by address, with the token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host: '10.0.0.5:3000', authorization: `Bearer ${TOKEN}` },
    });

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });

  it('counts a purchase: an order paid, a card charged, its cents, and the purchase route by its pattern', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    await createUser(t.db, { email: 'grace@example.test', password: 'listen-along', fname: 'Grace' });
    const v = await logIn(t.app, { email: 'grace@example.test', password: 'listen-along' });
    expect((await v.add(album)).statusCode).toBe(200);
    await payCart(v);
    const order = await t.db.selectFrom('orders').select(['id', 'total_cents']).executeTakeFirstOrThrow();

    const res = await scrape(`Bearer ${TOKEN}`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect((sample(text, 'orders_paid_total') ?? 0) - (sample(before, 'orders_paid_total') ?? 0)).toBe(1);
    const charges = 'charges_total{kind="order"}';
    expect((sample(text, charges) ?? 0) - (sample(before, charges) ?? 0)).toBe(1);
    expect(sample(text, 'charged_cents_total{kind="order"}')).toBe(order.total_cents);
    expect(sample(text, 'http_request_duration_seconds_count{route="/crud/purchases",method="POST",status="2xx"}')).toBe(1);
    // Process metrics come along once metrics are read; the pool's on PostgreSQL (PGlite has none).
    expect(text).toContain('process_resident_memory_bytes');
    if (t.database.kind === 'postgres') expect(sample(text, 'db_pool_connections')).toBeGreaterThan(0);
    else expect(text).not.toContain('db_pool_connections');

    const paid = log.lines.find((l) => l.msg === 'order paid: card charged' && l.orderId === order.id);
    expect(paid).toMatchObject({ level: 30, totalCents: order.total_cents, paymentId: expect.any(String) });
  });

  it('labels a route by its pattern, never by the address asked for', async () => {
    await t.app.inject({ method: 'GET', url: '/crud/admin/orders/12345' });
    await t.app.inject({ method: 'GET', url: '/crud/admin/orders/67890' });
    await t.app.inject({ method: 'GET', url: '/crud/no-such-thing-here' });

    const text = (await scrape(`Bearer ${TOKEN}`)).body;

    expect(sample(text, 'http_request_duration_seconds_count{route="/crud/admin/orders/:id",method="GET",status="4xx"}')).toBe(2);
    // In no label (a figure such as a memory size may hold the same digits).
    expect(text).not.toMatch(/"[^"\n]*12345[^"\n]*"/);
    expect(text).not.toContain('no-such-thing-here');
  });

  it('counts a refund and logs it with its order id', async () => {
    const order = await t.db.selectFrom('orders').select(['id', 'total_cents']).executeTakeFirstOrThrow();
    const admin = await logIn(t.app, { email: 'volunteer@example.test', password: 'posts-the-cds' });

    expect((await admin.send('POST', `/crud/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'refunds_total{source="admin"}')).toBe(1);
    const line = log.lines.find((l) => l.msg === 'refund made' && l.orderId === order.id);
    expect(line).toMatchObject({ cardCents: order.total_cents, source: 'admin' });
  });

  it('counts a renewal as a charge and logs it with the order that started the plan', async () => {
    const monthly = await createPlan(t.db, 'monthly');
    await createUser(t.db, { email: 'renewing@example.test', password: 'listen-along', fname: 'Ruth' });
    const v = await logIn(t.app, { email: 'renewing@example.test', password: 'listen-along' });
    expect((await v.add(monthly)).statusCode).toBe(200);
    await payCart(v);
    const order = await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const admin = await logIn(t.app, { email: 'volunteer@example.test', password: 'posts-the-cds' });

    expect((await admin.send('POST', '/crud/test-payments/clock', { advance_days: 31 })).statusCode).toBe(200);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'charges_total{kind="renewal"}')).toBe(1);
    expect(sample(text, 'charged_cents_total{kind="renewal"}')).toBe(500);
    const line = log.lines.find((l) => l.msg === 'renewal paid: card charged');
    expect(line).toMatchObject({ orderId: order.id, cents: 500, invoiceId: expect.any(String) });
  });

  it('counts background job runs and failures by job, and logs each failure with the job', async () => {
    await expect.poll(() => failingRuns).toBeGreaterThan(0);
    await expect.poll(() => log.lines.some((l) => l.job === 'failing test job')).toBe(true);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;

    expect(sample(text, 'job_runs_total{job="failing test job"}')).toBe(1);
    expect(sample(text, 'job_failures_total{job="failing test job"}')).toBe(1);
    expect(log.lines.find((l) => l.job === 'failing test job')).toMatchObject({ level: 50, err: { message: 'the job broke' } });
  });
});

/** A port nothing listens on now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('METRICS_PORT', () => {
  it('serves the metrics on a port of their own, on 127.0.0.1, once the app listens; the site has no /metrics', async () => {
    const metricsPort = await freePort();
    const own = await createTestApp({ database: t.database, env: { METRICS_PORT: String(metricsPort) } });
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const site = `http://127.0.0.1:${(own.app.server.address() as { port: number }).port}`;
      await fetch(`${site}/healthz`);

      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);

      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds_count{route="/healthz",method="GET",status="2xx"} 1');
      expect((await fetch(`${site}/metrics`)).status).toBe(404);
    } finally {
      await own.app.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('a proxy that sends X-Forwarded-* without TRUST_PROXY', () => {
  it('is ignored: the client address and protocol are the connection’s own', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/crud/test/ip',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' },
    });

    expect(res.json()).toEqual({ ip: '203.0.113.7', protocol: 'http' });
  });

  it('is believed with TRUST_PROXY=true', async () => {
    const behind = await createTestApp({
      database: t.database,
      env: { TRUST_PROXY: 'true' },
      routes: (app) => {
        app.get('/crud/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
      },
    });
    try {
      const res = await behind.app.inject({
        method: 'GET',
        url: '/crud/test/ip',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' },
      });

      expect(res.json()).toEqual({ ip: '198.51.100.1', protocol: 'https' });
    } finally {
      await behind.app.close();
    }
  });
});
