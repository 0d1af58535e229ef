import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, responseCookie, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { failureKey, LOGIN_CHALLENGE_AFTER, loginFailures } from '../login/login.service';

let t: TestApp;
let logs: ReturnType<typeof captureLogs>;
beforeAll(async () => {
  logs = captureLogs();
  t = await createTestApp({ logger: logs.logger });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string) => t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const newCookie = (res: Awaited<ReturnType<typeof get>>) => `sid=${responseCookie(res, 'sid')?.value}`;

describe('GET /crud/admin/users', () => {
  it('lists users for an admin, with paging and search', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const findMe = await createUser(t.db, { fname: 'Zebediah', lname: 'Findme' });

    const res = await get('/crud/admin/users?search=zebediah%20find', await signIn(t.db, admin.id));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: findMe.id,
          email: findMe.email,
          fullname: 'Zebediah Findme',
          is_admin: false,
          locked: false,
          sign_in_locked: false,
        },
      ],
      page: 1,
      per_page: 25,
      count: 1,
    });
    const all = await get('/crud/admin/users?page=1', await signIn(t.db, admin.id));
    expect(all.json().count).toBeGreaterThanOrEqual(2);
  });

  it('marks as locked a user whose sign-ins need a captcha after repeated failed logins', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const guessed = await createUser(t.db, { fname: 'Gwendolyn', lname: 'Guessed' });
    const list = async () =>
      (await get('/crud/admin/users?search=gwendolyn', await signIn(t.db, admin.id))).json().items[0]?.locked;
    for (let i = 1; i < LOGIN_CHALLENGE_AFTER; i++) await loginFailures(t.db).add(failureKey(guessed.email));
    expect(await list()).toBe(false);

    await loginFailures(t.db).add(failureKey(guessed.email.toUpperCase()));

    expect(await list()).toBe(true);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const res = await get('/crud/admin/users?search=%25', await signIn(t.db, admin.id));
    expect(res.json()).toMatchObject({ items: [], count: 0 });
  });

  it('is 401 for a visitor and 403 for a customer', async () => {
    const customer = await createUser(t.db);
    expect((await get('/crud/admin/users')).statusCode).toBe(401);
    const res = await get('/crud/admin/users', await signIn(t.db, customer.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
  });

  it('is 403 for an admin who is impersonating someone', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);
    const res = await get('/crud/admin/users', await signIn(t.db, customer.id, { masqueradeAdminId: admin.id }));
    expect(res.statusCode).toBe(403);
  });
});

describe('impersonation', () => {
  it('switches an admin to the customer (new session), audited, and at finish back to the admin on the user list', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db, { fname: 'Casey', lname: 'Customer' });
    const adminCookie = await signIn(t.db, admin.id);

    const start = await post(`/crud/admin/masquerade/${customer.id}`, adminCookie);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ back_location: '/' });
    const asCustomer = newCookie(start);
    expect(asCustomer).not.toBe(adminCookie);

    expect((await get('/crud/session', asCustomer)).json()).toMatchObject({
      logged_in: true,
      user_id: customer.id,
      is_admin: false,
      masquerading: true,
    });
    expect((await get('/crud/user', asCustomer)).json()).toMatchObject({ id: customer.id, masqueradeUserId: admin.id });
    // The admin's own session was replaced.
    expect((await get('/crud/session', adminCookie)).json()).toMatchObject({ logged_in: false });
    const log = await t.db.selectFrom('masquerade_log').selectAll().where('admin_id', '=', admin.id).execute();
    expect(log).toMatchObject([{ user_id: customer.id, ended_at: null }]);

    // Requests made while impersonating are logged with the admin's id.
    await get('/crud/user', asCustomer);
    expect(logs.lines.some((l) => l.masquerade_admin_id === admin.id && l.msg === 'impersonated request')).toBe(true);

    // No second impersonation, no admin calls as the customer.
    const other = await createUser(t.db);
    expect((await post(`/crud/admin/masquerade/${other.id}`, asCustomer)).statusCode).toBe(403);
    expect((await get('/crud/admin/users', asCustomer)).statusCode).toBe(403);

    const finish = await get('/crud/masquerade-finish', asCustomer);
    expect(finish.statusCode).toBe(200);
    // Spec §2 Shell: back to the admin user list.
    expect(finish.json()).toEqual({ back_location: '/admin/users' });
    const backAsAdmin = newCookie(finish);
    expect((await get('/crud/session', backAsAdmin)).json()).toMatchObject({
      user_id: admin.id,
      is_admin: true,
      masquerading: false,
    });
    expect((await get('/crud/session', asCustomer)).json()).toMatchObject({ logged_in: false });
    const ended = await t.db
      .selectFrom('masquerade_log')
      .select('ended_at')
      .where('admin_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(ended.ended_at).toBeInstanceOf(Date);
  });

  it('is refused to a customer (403), for an admin target (403) and an unknown user (404)', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const otherAdmin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);
    const victim = await createUser(t.db);

    const byCustomer = await post(`/crud/admin/masquerade/${victim.id}`, await signIn(t.db, customer.id));
    expect(byCustomer.statusCode).toBe(403);
    expect((await post(`/crud/admin/masquerade/${victim.id}`)).statusCode).toBe(401);
    const adminTarget = await post(`/crud/admin/masquerade/${otherAdmin.id}`, await signIn(t.db, admin.id));
    expect(adminTarget.statusCode).toBe(403);
    expect(adminTarget.json()).toMatchObject({ code: 'masquerade_not_allowed', message: 'Admins cannot be impersonated.' });
    expect((await post('/crud/admin/masquerade/999999', await signIn(t.db, admin.id))).statusCode).toBe(404);
    expect((await post('/crud/admin/masquerade/abc', await signIn(t.db, admin.id))).statusCode).toBe(400);
    expect(await t.db.selectFrom('masquerade_log').selectAll().where('user_id', '=', victim.id).execute()).toEqual([]);
  });

  it('masquerade-finish for an admin who lost the right ends the session and clears its cookie', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);
    const asCustomer = newCookie(await post(`/crud/admin/masquerade/${customer.id}`, await signIn(t.db, admin.id)));
    await t.db.updateTable('users').set({ is_admin: false }).where('id', '=', admin.id).execute();

    const finish = await get('/crud/masquerade-finish', asCustomer);
    expect(finish.json()).toEqual({ back_location: '/' });
    const cleared = responseCookie(finish, 'sid');
    expect(cleared?.value).toBe('');
    expect((await get('/crud/session', asCustomer)).json()).toMatchObject({ logged_in: false });
  });

  it('masquerade-finish without an impersonation is a 400 that changes nothing', async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.db, customer.id);
    const res = await get('/crud/masquerade-finish', cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'not_masquerading' });
    expect((await get('/crud/session', cookie)).json()).toMatchObject({ user_id: customer.id });
    expect((await get('/crud/masquerade-finish')).statusCode).toBe(400);
  });

  it('masquerade-finish triggered by another site is refused', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);
    const cookie = await signIn(t.db, customer.id, { masqueradeAdminId: admin.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/crud/masquerade-finish',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await get('/crud/session', cookie)).json()).toMatchObject({ user_id: customer.id, masquerading: true });
  });
});
