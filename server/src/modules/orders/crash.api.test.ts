import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { freePort, scratchDatabase, startServer, waitForHealth } from '../../../test/spawned-server';
import type { Database } from '../../db/database';

/**
 * Issue 26, done when: a kill -9 during a burst of purchases leaves no
 * charge without a paid order or a refund. The real server (npm start's
 * main.ts, the built-in test processor) takes purchases from four families
 * at once and is killed with SIGKILL in the middle; the database is then
 * opened by another instance, whose reconciliation settles what was left
 * (two minutes later, by its clock). Every payment that succeeded at the
 * processor must then belong to a paid order, or have been refunded; no
 * order may stay pending, and no paid order may lack its payment.
 */

const FAMILIES = 4;
const BURST_MS = 2500;

/** A browser of a family: its session cookie, sent with each call. */
function family(base: string) {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) cookie = sid.split(';')[0]!;
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  return call;
}

/** A new family, signed in: its calls. */
async function newFamily(base: string, n: number) {
  const call = family(base);
  const email = `crash${n}.${Date.now()}@example.test`;
  const password = 'listen-along-8';
  const created = await call('POST', '/crud/user-account', {
    user: { firstName: 'Ruth', lastName: `Crash${n}`, email, emailConfirm: email, password, passwordConfirm: password },
  });
  if (created.status !== 200) throw new Error(`account: ${created.status} ${JSON.stringify(created.body)}`);
  return call;
}

/** The family buys $5 gift cards, one order after another, until the server dies under it. */
async function buyUntilKilled(call: ReturnType<typeof family>, paid: number[]) {
  try {
    for (;;) {
      await call('POST', '/crud/cart-session/gift-card', { amount: 5, name: 'Rose', email: 'rose@example.test', message: '' });
      const total = (await call('GET', '/crud/cart-session/total')).body as { fullTotal: number; cart: { id: number } };
      const token = await call('POST', '/crud/test-payments/tokens', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
        name: 'Ruth',
      });
      const bought = await call('POST', '/crud/purchases', {
        stripe_token: token.body?.id,
        expected_total: total.fullTotal,
        cart_id: total.cart.id,
        lang_code: 'en',
      });
      if (bought.status === 200) paid.push(bought.body?.order_id as number);
    }
  } catch {
    // The server was killed: the connection went away mid-request.
  }
}

describe('a server killed during a burst of purchases', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => cleanup?.());

  it('leaves no charge without a paid order or a refund, once another instance reconciled', { timeout: 180_000 }, async () => {
    const database = await scratchDatabase('crash', { migrated: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port, database.env);
    let opened: Database | undefined;
    cleanup = async () => {
      if (server.exitCode === null && server.signalCode === null && server.pid) process.kill(-server.pid, 'SIGKILL');
      await opened?.close();
      await database.drop();
    };
    await waitForHealth(base, server);

    const families = await Promise.all(Array.from({ length: FAMILIES }, (_, n) => newFamily(base, n)));
    const paid: number[] = [];
    const buyers = families.map((call) => buyUntilKilled(call, paid));
    // Killed in the middle of the burst: once every family could have paid a first time, some time on.
    for (let i = 0; i < 200 && paid.length < FAMILIES; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, BURST_MS));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-(server.pid as number), 'SIGKILL');
    await exited;
    await Promise.all(buyers);
    expect(paid.length, 'purchases paid before the kill').toBeGreaterThan(0);

    opened = await database.open();
    const db = opened.db;
    const after = await createTestApp({ database: opened, webRoot: null });
    try {
      await after.app.reconcileOrders(new Date(Date.now() + 3 * 60_000));
    } finally {
      await after.close();
    }

    // An order's charges (a renewal's belongs to its invoice: the demo plan's, decision 024).
    const payments = await db
      .selectFrom('test_processor_payments')
      .select(['id', 'status', 'order_id'])
      .where(sql<boolean>`not (metadata ? 'invoice_id')`)
      .execute();
    const refunds = new Set(
      (await db.selectFrom('test_processor_refunds').select('payment_id').execute()).map((r) => r.payment_id),
    );
    const orders = new Map(
      (await db.selectFrom('orders').select(['id', 'status', 'payment_id', 'total_cents']).execute()).map((o) => [
        String(o.id),
        o,
      ]),
    );
    const unsettled = payments
      .filter((p) => p.status === 'succeeded')
      .filter((p) => {
        const order = p.order_id ? orders.get(p.order_id) : undefined;
        return !(order?.status === 'paid' && order.payment_id === p.id) && !refunds.has(p.id);
      });
    expect(unsettled, 'charges without a paid order or a refund').toEqual([]);
    expect(
      [...orders.values()].filter((o) => o.status === 'pending'),
      'orders still pending',
    ).toEqual([]);
    const succeeded = new Set(payments.filter((p) => p.status === 'succeeded').map((p) => p.id));
    const paidWithout = [...orders.values()].filter(
      (o) => o.status === 'paid' && o.total_cents > 0 && !(o.payment_id && succeeded.has(o.payment_id)),
    );
    expect(paidWithout, 'paid orders without a charge').toEqual([]);
    for (const id of paid) expect(orders.get(String(id))?.status).toBe('paid');
  });
});
