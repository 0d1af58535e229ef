import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isCleared, responseCookie, type TestApp } from '../../../test/app';
import { createUser, sessionIdOf, signIn } from '../../../test/factories';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getSession = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/crud/session', headers: { ...headers, ...(cookie ? { cookie } : {}) } });

const sessionRow = (cookie: string) =>
  t.db.selectFrom('sessions').selectAll().where('id', '=', sessionIdOf(cookie)).executeTakeFirst();

describe('GET /crud/session', () => {
  it('tells a visitor they are not signed in, without giving them a cookie', async () => {
    const res = await getSession();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      logged_in: false,
      user_id: null,
      is_admin: false,
      masquerading: false,
      site_lang: 'en',
      profile: null,
    });
    expect(res.cookies).toEqual([]);
  });

  it('tells a signed-in customer who they are', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);

    const res = await getSession(cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      logged_in: true,
      user_id: user.id,
      is_admin: false,
      masquerading: false,
      site_lang: 'en',
      profile: null,
    });
  });

  it('lets no cache keep the answer', async () => {
    const cookie = await signIn(t.db, (await createUser(t.db)).id);

    expect((await getSession(cookie)).headers['cache-control']).toBe('private, no-store');
    expect((await getSession()).headers['cache-control']).toBe('private, no-store');
  });

  it('marks an admin as admin', async () => {
    const admin = await createUser(t.db, { is_admin: true });

    const res = await getSession(await signIn(t.db, admin.id));

    expect(res.json()).toMatchObject({ logged_in: true, user_id: admin.id, is_admin: true, masquerading: false });
  });

  it('shows an admin impersonating a customer as that customer, not as an admin', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);

    const res = await getSession(await signIn(t.db, customer.id, { masqueradeAdminId: admin.id }));

    expect(res.json()).toMatchObject({ logged_in: true, user_id: customer.id, is_admin: false, masquerading: true });
  });

  it('treats an expired session as a visitor', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id, { expiresAt: new Date(Date.now() - 1000) });

    const res = await getSession(cookie);

    expect(res.json()).toMatchObject({ logged_in: false, user_id: null });
  });

  it('treats a well-formed but unknown token as a visitor, and an API call leaves the cookie alone', async () => {
    // The call may have set out with a cookie a login has just replaced: clearing it would sign the browser out.
    const res = await getSession(`sid=${'A'.repeat(43)}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logged_in: false });
    expect(responseCookie(res, 'sid')).toBeUndefined();
  });

  it('signs the visitor out when their account is deleted (the session goes with it)', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();

    const res = await getSession(cookie);

    expect(res.json()).toMatchObject({ logged_in: false, user_id: null });
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('does not rewrite the cookie of a session seen within the hour', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id, { lastSeenAt: new Date(Date.now() - 5 * 60 * 1000) });

    const res = await getSession(cookie);

    expect(res.json()).toMatchObject({ logged_in: true });
    expect(responseCookie(res, 'sid')).toBeUndefined();
  });

  it('slides the expiry of a session last seen over an hour ago, in the database and in the cookie', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id, {
      lastSeenAt: new Date(Date.now() - 2 * HOUR),
      expiresAt: new Date(Date.now() + 2 * DAY),
    });

    const res = await getSession(cookie);

    const refreshed = responseCookie(res, 'sid');
    expect(refreshed).toMatchObject({
      value: cookie.slice('sid='.length),
      maxAge: 30 * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    const row = await sessionRow(cookie);
    expect(row?.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});

describe('session cookie', () => {
  it('answers an API call with a malformed cookie with 400 invalid_session_cookie and clears the cookie', async () => {
    const res = await getSession('sid=not-a-real-token');

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_session_cookie',
      message: 'Your session cookie was damaged and has been cleared. Please try again.',
    });
    expect(isCleared(responseCookie(res, 'sid'))).toBe(true);
  });

  it('tells a Spanish-site visitor about the damaged cookie in Spanish', async () => {
    const res = await getSession('sid=%%%', { host: 'es.localhost' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_session_cookie',
      message: 'La cookie de sesión estaba dañada y se ha borrado. Inténtalo de nuevo.',
    });
  });

  it('still shows a page to a browser with a malformed cookie, clearing the cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop', headers: { cookie: 'sid=tampered' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(isCleared(responseCookie(res, 'sid'))).toBe(true);
  });

  it('is honoured by another instance of the app over the same database (no in-process state)', async () => {
    const other = await createTestApp({ database: t.database });
    try {
      const user = await createUser(t.db);
      const cookie = await signIn(t.db, user.id);

      const res = await other.app.inject({ method: 'GET', url: '/crud/session', headers: { cookie } });

      expect(res.json()).toMatchObject({ logged_in: true, user_id: user.id });
    } finally {
      await other.close();
    }
  });
});

describe('GET /logout', () => {
  it('ends the session, clears the cookie and sets the logout flash cookie', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);

    const res = await t.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });

    expect(res.statusCode).toBe(204);
    expect(isCleared(responseCookie(res, 'sid'))).toBe(true);
    expect(responseCookie(res, 'flash_logged_out')).toMatchObject({ value: '1', path: '/', maxAge: 60 });
    expect(await sessionRow(cookie)).toBeUndefined();

    const after = await getSession(cookie);
    expect(after.json()).toMatchObject({ logged_in: false, user_id: null });
  });

  it('sends a browser navigating to it back to the home page', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);

    const res = await t.app.inject({
      method: 'GET',
      url: '/logout',
      headers: { cookie, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });

    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('is ignored when another site triggers it (logout CSRF)', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);

    const res = await t.app.inject({ method: 'GET', url: '/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });

    expect(res.statusCode).toBe(204);
    expect(responseCookie(res, 'flash_logged_out')).toBeUndefined();
    expect(responseCookie(res, 'sid')).toBeUndefined();
    expect((await getSession(cookie)).json()).toMatchObject({ logged_in: true, user_id: user.id });
  });

  it('works for a visitor without a session too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logout' });

    expect(res.statusCode).toBe(204);
    expect(responseCookie(res, 'flash_logged_out')).toMatchObject({ value: '1' });
  });

  it('rejects unknown query parameters like every other call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logout?next=https://evil.example' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { 'querystring.next': 'Unknown field' } });
  });
});
