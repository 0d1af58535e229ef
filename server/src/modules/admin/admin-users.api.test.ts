import type { AdminUserDetail, AuditResponse } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/** Issue 29 item 6: a user's page in the back office, and what an admin may do for them. */
let t: TestApp;
let album = 0;
let admin: CartVisitor;
let adminId = 0;
beforeAll(async () => {
  t = await createTestApp();
  album = (await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 899 })).album;
  adminId = (await createUser(t.db, { email: 'keeper@example.test', password: 'keeps-the-keys', is_admin: true })).id;
  admin = await logIn(t.app, { email: 'keeper@example.test', password: 'keeps-the-keys' });
});
afterAll(() => t.close());

const login = (email: string, password = 'listen-along') =>
  t.app.inject({ method: 'POST', url: '/crud/login', payload: { email, password }, remoteAddress: '10.99.0.1' });
const detail = async (id: number) => (await admin.send('GET', `/crud/admin/users/${id}`)).json() as AdminUserDetail;

describe('a user’s page', () => {
  it('shows their orders, saved cards (brand and last4 only), gift cards and addresses', async () => {
    const user = await createUser(t.db, { email: 'shown@example.test', password: 'listen-along', fname: 'Ana', lname: 'Ruiz' });
    const v = await logIn(t.app, { email: 'shown@example.test', password: 'listen-along' });
    await v.add(album);
    await payCart(v);
    await t.db
      .insertInto('gift_cards')
      .values({ code: 'GCSHOWN', recipient_user_id: user.id, original_amount_cents: 2500, balance_cents: 1000 })
      .execute();
    const page = await detail(user.id);
    expect(page).toMatchObject({
      email: 'shown@example.test',
      name: 'Ana Ruiz',
      is_admin: false,
      sign_in_locked: false,
      orders: [{ status: 'paid' }],
      gift_cards: [{ original_usd: 25, balance_usd: 10 }],
    });
    expect(JSON.stringify(page)).not.toMatch(/4242424242424242|"id":"card_/);
    expect((await admin.send('GET', '/crud/admin/users/99999999')).statusCode).toBe(404);
  });

  it('says a customer since their first order when it is older than the account, else since they signed up', async () => {
    const user = await createUser(t.db, { email: 'since@example.test', password: 'listen-along' });
    const signedUp = (await detail(user.id)).created_at;
    // No order yet: a customer since the day the account was made.
    expect((await detail(user.id)).customer_since).toBe(signedUp);
    const v = await logIn(t.app, { email: 'since@example.test', password: 'listen-along' });
    await v.add(album);
    await payCart(v);
    // An order placed today, after signing up: still since the sign-up.
    expect((await detail(user.id)).customer_since).toBe(signedUp);
    // An order from two years back (brought over from the old shop, or placed before the account): since that order.
    const longAgo = new Date('2023-03-14T10:00:00.000Z');
    await t.db.updateTable('orders').set({ created_at: longAgo }).where('user_id', '=', user.id).execute();
    const page = await detail(user.id);
    expect(page.customer_since).toBe(longAgo.toISOString());
    expect(page.created_at).toBe(signedUp);
    // Had its payment failed, it would be no order: since the sign-up again.
    await t.db.updateTable('orders').set({ status: 'failed' }).where('user_id', '=', user.id).execute();
    expect((await detail(user.id)).customer_since).toBe(signedUp);
  });

  it('sends a password-reset link, locks and unlocks signing in, and all of it is in the audit log', async () => {
    const user = await createUser(t.db, { email: 'locked@example.test', password: 'listen-along' });
    const family = await logIn(t.app, { email: 'locked@example.test', password: 'listen-along' });
    expect((await admin.send('POST', `/crud/admin/users/${user.id}/password-reset`)).json()).toEqual({
      sent_to: 'locked@example.test',
    });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'locked@example.test')
      .executeTakeFirst();
    expect(mail?.text_body).toMatch(/\/forgot-password\/reset\?token=/);

    expect((await admin.send('POST', `/crud/admin/users/${user.id}/lock`, { locked: true })).json()).toMatchObject({
      sign_in_locked: true,
    });
    const listed = (await admin.send('GET', '/crud/admin/users?search=locked%40example')).json();
    expect(listed.items).toMatchObject([{ email: 'locked@example.test', sign_in_locked: true }]);
    const refused = await login('locked@example.test');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'account_locked']);
    // Their session ended.
    expect((await family.send('GET', '/crud/user')).statusCode).toBe(401);
    // A wrong password still reads as a wrong password: the lock is said only to whoever knows it.
    expect((await login('locked@example.test', 'not-it-at-all')).json().code).toBe('login_failed');

    expect((await admin.send('POST', `/crud/admin/users/${user.id}/lock`, { locked: false })).json()).toMatchObject({
      sign_in_locked: false,
    });
    expect((await login('locked@example.test')).statusCode).toBe(200);
    const audit = (await admin.send('GET', '/crud/admin/audit')).json() as AuditResponse;
    expect(audit.items.filter((a) => a.target === 'user locked@example.test').map((a) => [a.action, a.details])).toEqual([
      ['user.lock', { locked: false }],
      ['user.lock', { locked: true }],
      ['user.password_reset', { lang: 'en' }],
    ]);
  });

  it('grants and removes the admin right, never the last admin’s', async () => {
    const user = await createUser(t.db, { email: 'helper@example.test', password: 'listen-along' });
    expect((await admin.send('POST', `/crud/admin/users/${user.id}/admin`, { is_admin: true })).json()).toMatchObject({
      is_admin: true,
    });
    expect((await admin.send('POST', `/crud/admin/users/${user.id}/admin`, { is_admin: false })).json()).toMatchObject({
      is_admin: false,
    });
    // Every other admin gone, the keeper is the last one: their right stays.
    await t.db.updateTable('users').set({ is_admin: false }).where('id', '<>', adminId).execute();
    const last = await admin.send('POST', `/crud/admin/users/${adminId}/admin`, { is_admin: false });
    expect([last.statusCode, last.json().code]).toEqual([409, 'last_admin']);
    expect((await detail(adminId)).is_admin).toBe(true);
    for (const body of [{}, { is_admin: 'yes' }, { is_admin: true, extra: 1 }]) {
      expect((await admin.send('POST', `/crud/admin/users/${user.id}/admin`, body)).statusCode).toBe(400);
    }
  });

  it('never locks an admin’s own sign-in: a clear refusal in the admin’s language, nothing changed', async () => {
    const own = await admin.send('POST', `/crud/admin/users/${adminId}/lock`, { locked: true });
    expect([own.statusCode, own.json().code]).toEqual([409, 'own_sign_in_lock']);
    expect(own.json().message).toBe('You cannot lock your own sign-in: another admin can. Nothing was changed.');
    const es = await admin.send('POST', `/crud/admin/users/${adminId}/lock?test_spanish_site=1`, { locked: true });
    expect(es.json().message).toBe(
      'No puedes bloquear tu propio inicio de sesión: puede hacerlo otro administrador. No se cambió nada.',
    );
    expect(await detail(adminId)).toMatchObject({ is_admin: true, sign_in_locked: false });
    expect((await admin.send('GET', '/crud/user')).statusCode).toBe(200);
  });

  it('counts only admins who can sign in: the last of them keeps the right though a locked admin remains', async () => {
    const locked = await createUser(t.db, { email: 'locked-admin@example.test', is_admin: true, sign_in_locked_at: new Date() });
    const last = await admin.send('POST', `/crud/admin/users/${adminId}/admin`, { is_admin: false });
    expect([last.statusCode, last.json().code]).toEqual([409, 'last_admin']);
    expect(last.json().message).toMatch(/^This is the last admin who can sign in/);
    expect((await detail(adminId)).is_admin).toBe(true);
    // The locked admin's right can go: it opened no back office.
    expect((await admin.send('POST', `/crud/admin/users/${locked.id}/admin`, { is_admin: false })).json()).toMatchObject({
      is_admin: false,
    });
  });

  // PGlite is one connection: its transactions run one after the other, so two at once is PostgreSQL's case.
  it.runIf(process.env.DATABASE_URL)('two admins locking each other out at once: the second waits, then is refused', async () => {
    const one = await createUser(t.db, { email: 'first-keeper@example.test', password: 'listen-along', is_admin: true });
    const two = await createUser(t.db, { email: 'second-keeper@example.test', password: 'listen-along', is_admin: true });
    const [first, second] = [await logIn(t.app, one), await logIn(t.app, two)];
    // Every other admin locked out (as if in the database alone), so these two are the last who can sign in.
    const others = await t.db
      .updateTable('users')
      .set({ sign_in_locked_at: new Date() })
      .where('is_admin', '=', true)
      .where('id', 'not in', [one.id, two.id])
      .returning('id')
      .execute();
    try {
      // Both requests reach the database while their rows are held, so neither has finished when the other starts.
      let release = () => {};
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const blocker = t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', 'in', [one.id, two.id]).forUpdate().execute();
        held();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await holding;
      const answers = Promise.all([
        first.send('POST', `/crud/admin/users/${two.id}/lock`, { locked: true }),
        second.send('POST', `/crud/admin/users/${one.id}/lock`, { locked: true }),
      ]);
      for (let waiting = 0; waiting < 2; ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
          t.db,
        );
        waiting = Number(rows[0]?.n);
      }
      release();
      await blocker;
      const codes = (await answers).map((r) => (r.statusCode === 200 ? 200 : r.json().code)).sort();
      expect(codes).toEqual([200, 'last_admin']);
      const open = await t.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [one.id, two.id])
        .where('sign_in_locked_at', 'is', null)
        .execute();
      expect(open).toHaveLength(1);
    } finally {
      if (others.length > 0)
        await t.db
          .updateTable('users')
          .set({ sign_in_locked_at: null })
          .where(
            'id',
            'in',
            others.map((o) => o.id),
          )
          .execute();
    }
  });

  it('is for admins acting as themselves only', async () => {
    const user = await createUser(t.db, { email: 'curious@example.test', password: 'listen-along' });
    const v = await logIn(t.app, { email: 'curious@example.test', password: 'listen-along' });
    for (const [method, url, body] of [
      ['GET', `/crud/admin/users/${user.id}`, undefined],
      ['POST', `/crud/admin/users/${user.id}/password-reset`, undefined],
      ['POST', `/crud/admin/users/${user.id}/lock`, { locked: true }],
      ['POST', `/crud/admin/users/${user.id}/admin`, { is_admin: true }],
    ] as const) {
      expect((await v.send(method, url, body)).statusCode, url).toBe(403);
    }
    expect(await detail(user.id)).toMatchObject({ is_admin: false, sign_in_locked: false });
  });
});
