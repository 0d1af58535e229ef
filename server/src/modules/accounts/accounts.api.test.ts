import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getUser = (opts: { cookie?: string; url?: string; host?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: opts.url ?? '/crud/user',
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.host ? { host: opts.host } : {}) },
  });

describe('GET /crud/user', () => {
  it('answers a visitor with 401 not_authenticated', async () => {
    const res = await getUser();

    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Please log in to continue.' });
  });

  it('lets no cache keep the answer, signed in or not (it carries e-mail, address and phone)', async () => {
    const cookie = await signIn(t.db, (await createUser(t.db)).id);

    const signedIn = await getUser({ cookie });
    const visitor = await getUser();

    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
  });

  it('says so in Spanish on the Spanish site, by flag or by host', async () => {
    const byFlag = await getUser({ url: '/crud/user?test_spanish_site=1' });
    const byHost = await getUser({ host: 'es.localhost' });

    for (const res of [byFlag, byHost]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Inicia sesión para continuar.' });
    }
  });

  it('says so in Russian on the Russian site', async () => {
    const res = await getUser({ host: 'ru.localhost' });

    expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Войдите, чтобы продолжить.' });
  });

  it('answers 401 for an expired session', async () => {
    const user = await createUser(t.db);

    const res = await getUser({ cookie: await signIn(t.db, user.id, { expiresAt: new Date(Date.now() - 1000) }) });

    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a session nobody has signed in to', async () => {
    const res = await getUser({ cookie: await signIn(t.db, null) });

    expect(res.statusCode).toBe(401);
  });

  it('gives a signed-in user their account, without any password', async () => {
    const user = await createUser(t.db, {
      email: 'Grace.Miller@Example.test',
      fname: 'Grace',
      lname: 'Miller',
      address: '12 Elm Street',
      city: 'Greenville',
      country_id: 33,
      state: 'SC',
      zip: '29601',
      phone: '+1 864 555 0100',
      layout: 'grid',
    });

    const res = await getUser({ cookie: await signIn(t.db, user.id) });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: 'Grace.Miller@Example.test',
      email: 'Grace.Miller@Example.test',
      fname: 'Grace',
      lname: 'Miller',
      fullname: 'Grace Miller',
      address: '12 Elm Street',
      city: 'Greenville',
      country: 33,
      state: 'SC',
      zip: '29601',
      phone: '+1 864 555 0100',
      admin: false,
      masqueradeUserId: null,
      layout: 'grid',
    });
    expect(res.body).not.toContain('scrypt');
  });

  it('gives a user with only an e-mail empty names and null address fields', async () => {
    const user = await createUser(t.db, { fname: '', lname: '' });

    const res = await getUser({ cookie: await signIn(t.db, user.id) });

    expect(res.json()).toMatchObject({
      fullname: '',
      fname: '',
      lname: '',
      address: null,
      city: null,
      country: null,
      state: null,
      zip: null,
      phone: null,
      layout: 'list',
    });
  });

  it('shows an admin as admin', async () => {
    const admin = await createUser(t.db, { is_admin: true });

    const res = await getUser({ cookie: await signIn(t.db, admin.id) });

    expect(res.json()).toMatchObject({ id: admin.id, admin: true, masqueradeUserId: null });
  });

  it('shows the impersonated user, and which admin is impersonating, while an admin masquerades', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);

    const res = await getUser({ cookie: await signIn(t.db, customer.id, { masqueradeAdminId: admin.id }) });

    expect(res.json()).toMatchObject({ id: customer.id, email: customer.email, admin: false, masqueradeUserId: admin.id });
  });
});
