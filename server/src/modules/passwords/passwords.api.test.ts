import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, sessionIdOf, signIn } from '../../../test/factories';
import { verifyPassword } from '../accounts/password';
import { failureKey, LOGIN_CHALLENGE_AFTER, loginFailures } from '../login/login.service';
import { passwordsRepository } from './passwords.repository';
import { hashResetToken } from './passwords.service';

let t: TestApp;
let ipCounter = 0;
let ip = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  ipCounter += 1;
  ip = `198.51.100.${ipCounter}`;
});

const post = (url: string, payload: unknown, opts: { cookie?: string; host?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { host: opts.host ?? 'localhost', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    remoteAddress: opts.ip ?? ip,
  });
const forgot = (payload: unknown, opts: { host?: string; ip?: string; url?: string } = {}) =>
  post(opts.url ?? '/crud/login/forgot', payload, opts);
const resetWithToken = (payload: unknown, opts: { host?: string; ip?: string } = {}) =>
  post('/crud/reset/password/token', payload, opts);
const change = (cookie: string | undefined, payload: unknown, opts: { host?: string } = {}) =>
  post('/crud/reset/password', payload, { ...opts, cookie });
const getUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/crud/user', headers: { cookie } });

const mailsTo = (to: string) => t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
const storedHash = async (userId: number) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash ?? '';
const sessionsOf = async (userId: number) =>
  (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);

/** Asks for a link for the user and returns the e-mailed link and its token. */
async function requestLink(email: string, lang_code: 'en' | 'es' | 'ru' = 'en', opts: { host?: string } = {}) {
  const res = await forgot({ email, lang_code }, opts);
  expect(res.statusCode).toBe(200);
  const mails = await mailsTo(email.toLowerCase());
  const mail = mails.at(-1);
  if (!mail) throw new Error('no reset e-mail');
  const link = /https?:\/\/\S+/.exec(mail.text_body)?.[0] ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  return { mail, link, token };
}

describe('POST /crud/login/forgot with PUBLIC_URL_* set', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({
      env: { PORT: '3000', PUBLIC_URL_EN: 'https://stories.example', PUBLIC_URL_ES: 'https://historias.example/' },
    });
  });
  afterAll(() => site.close());

  async function linkFor(lang_code: 'en' | 'es', host: string, url = '/crud/login/forgot') {
    const user = await createUser(site.db);
    const res = await site.app.inject({ method: 'POST', url, payload: { email: user.email, lang_code }, headers: { host } });
    expect(res.statusCode).toBe(200);
    const mail = await site.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', user.email)
      .executeTakeFirst();
    return /https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0];
  }

  it('links to the configured address, whichever of our hosts the request came through', async () => {
    expect(await linkFor('en', '127.0.0.1:3000')).toMatch(
      /^https:\/\/stories\.example\/forgot-password\/reset\?token=[\w-]{43}$/,
    );
    expect(await linkFor('en', 'localhost:3000')).toMatch(/^https:\/\/stories\.example\/forgot-password\/reset\?token=/);
    expect(await linkFor('es', 'es.localhost:3000')).toMatch(/^https:\/\/historias\.example\/forgot-password\/reset\?token=/);
  });

  it('keeps the Spanish test flag on the English site’s address', async () => {
    const link = await linkFor('es', '127.0.0.1:3000', '/crud/login/forgot?test_spanish_site=1');

    expect(link).toMatch(/^https:\/\/stories\.example\/forgot-password\/reset\?token=[\w-]{43}&test_spanish_site=1$/);
  });

  it('accepts the PUBLIC_URL_* hosts as the request’s Host', async () => {
    expect(await linkFor('en', 'stories.example')).toMatch(/^https:\/\/stories\.example\//);
  });
});

describe('POST /crud/login/forgot', () => {
  it('answers an unknown address exactly as a registered one, and e-mails only the registered one', async () => {
    const user = await createUser(t.db);

    const known = await forgot({ email: user.email, lang_code: 'en' });
    const unknown = await forgot({ email: 'nobody.here@example.test', lang_code: 'en' });

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ status: 'sent' });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo('nobody.here@example.test')).toHaveLength(0);
  });

  it('e-mails a one-hour, single-use link to the reset page, and stores only the token’s hash', async () => {
    const user = await createUser(t.db);

    const { mail, link, token } = await requestLink(user.email);

    expect(mail.subject).toBe('Reset your Storyhouse password');
    expect(mail.lang_code).toBe('en');
    expect(mail.text_body).toContain(user.email);
    expect(mail.text_body).toContain('within 1 hour');
    expect(link).toMatch(/^http:\/\/localhost\/forgot-password\/reset\?token=[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (new Date(rows[0]?.expires_at ?? 0).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('finds the account whatever the case of the typed address', async () => {
    const user = await createUser(t.db, { email: `Mixed.Case.${ipCounter}@Example.test` });

    await forgot({ email: `  ${user.email.toUpperCase()} `, lang_code: 'en' });

    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('writes the e-mail in Spanish, linking to the Spanish site, when asked from it', async () => {
    const user = await createUser(t.db);

    const { mail, link } = await requestLink(user.email, 'es', { host: 'es.localhost' });

    expect(mail.lang_code).toBe('es');
    expect(mail.subject).toBe('Restablece tu contraseña de Storyhouse');
    expect(mail.text_body).toContain('antes de 1 hora');
    expect(link).toMatch(/^http:\/\/es\.localhost\/forgot-password\/reset\?token=/);
  });

  it('keeps the Spanish test flag on the link and writes in Russian when asked to', async () => {
    const es = await createUser(t.db);
    const ru = await createUser(t.db);

    const flagged = await requestLink(es.email, 'es', {});
    await forgot({ email: es.email, lang_code: 'es' }, { url: '/crud/login/forgot?test_spanish_site=1' });
    const viaFlag = (await mailsTo(es.email)).at(-1);
    const russian = await requestLink(ru.email, 'ru', { host: 'ru.localhost' });

    expect(flagged.link).toMatch(/^http:\/\/localhost\/forgot-password\/reset\?token=[A-Za-z0-9_-]{43}$/);
    expect(viaFlag?.text_body).toMatch(/http:\/\/localhost\/forgot-password\/reset\?token=[A-Za-z0-9_-]{43}&test_spanish_site=1/);
    expect(russian.mail.subject).toBe('Сброс пароля Storyhouse');
  });

  it('refuses a request naming another host (400 invalid_host) and e-mails nothing', async () => {
    const user = await createUser(t.db);

    // `localhost:@evil.example` passed a check of the host name, and a browser opens its link on evil.example.
    for (const host of ['localhost:@evil.example', 'evil.example', 'localhost:80@x']) {
      const res = await forgot({ email: user.email, lang_code: 'en' }, { host });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_host', message: 'This site is not served at that address.' });
    }
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('links to the public address of the English site (by default http://, its first host and PORT)', async () => {
    const user = await createUser(t.db);

    const { link } = await requestLink(user.email, 'en', { host: '127.0.0.1:80' });

    expect(link).toMatch(/^http:\/\/localhost\/forgot-password\/reset\?token=/);
  });

  it('asks for the address (spec §5: Email is required.), and refuses a malformed one, e-mailing nothing', async () => {
    const empty = await forgot({ email: '', lang_code: 'en' });
    const malformed = await forgot({ email: 'not-an-address', lang_code: 'en' });
    const spanish = await forgot({ email: '   ', lang_code: 'es' }, { host: 'es.localhost' });
    const extra = await forgot({ email: 'a@example.test', is_admin: true });

    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', fields: { email: 'Email is required.' } });
    expect(malformed.json()).toMatchObject({ code: 'validation_failed', fields: { email: 'Invalid' } });
    expect(spanish.json()).toMatchObject({ fields: { email: 'El correo electrónico es obligatorio.' } });
    expect(extra.statusCode).toBe(400);
    expect(await mailsTo('a@example.test')).toHaveLength(0);
  });

  it('limits requests per address (3 an hour), known or not, with a localized 429', async () => {
    const user = await createUser(t.db);

    for (let i = 0; i < 3; i++) expect((await forgot({ email: user.email }, { ip: `192.0.2.${i + 1}` })).statusCode).toBe(200);
    const fourth = await forgot({ email: user.email.toUpperCase() }, { ip: '192.0.2.9' });
    for (let i = 0; i < 3; i++) await forgot({ email: 'ghost@example.test' }, { ip: `192.0.2.${i + 20}` });
    const ghost = await forgot({ email: 'ghost@example.test' }, { ip: '192.0.2.30' });

    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' });
    expect(ghost.statusCode).toBe(429);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it('limits requests per client address (10 in 15 minutes)', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot({ email: `sweep${i}@example.test` })).statusCode).toBe(200);

    const eleventh = await forgot({ email: 'sweep10@example.test' });

    expect(eleventh.statusCode).toBe(429);
  });
});

describe('POST /crud/reset/password/token', () => {
  it('sets the new password from the e-mailed link and ends every session of the account', async () => {
    const user = await createUser(t.db);
    const phone = await signIn(t.db, user.id);
    const laptop = await signIn(t.db, user.id);
    const { token } = await requestLink(user.email);

    const res = await resetWithToken({ token, new_password: 'a brand new secret' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'updated' });
    expect(await verifyPassword('a brand new secret', await storedHash(user.id))).toBe(true);
    expect(await verifyPassword(user.password, await storedHash(user.id))).toBe(false);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await getUser(phone)).statusCode).toBe(401);
    expect((await getUser(laptop)).statusCode).toBe(401);
  });

  it('works once: the same link again is refused, localized, and changes nothing', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user.email);
    await resetWithToken({ token, new_password: 'first new password' });
    const hash = await storedHash(user.id);

    const again = await resetWithToken({ token, new_password: 'second new password' });
    const spanish = await resetWithToken({ token, new_password: 'second new password' }, { host: 'es.localhost' });

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'password_reset_link_invalid',
      message: 'This password reset link is not valid, has expired or has already been used. Please ask for a new one.',
    });
    expect(spanish.json()).toMatchObject({ code: 'password_reset_link_invalid', message: expect.stringMatching(/^Este enlace/) });
    expect(await storedHash(user.id)).toBe(hash);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user.email);
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashResetToken(token))
      .execute();

    const res = await resetWithToken({ token, new_password: 'a brand new secret' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'password_reset_link_invalid' });
    expect(await verifyPassword(user.password, await storedHash(user.id))).toBe(true);
  });

  it('refuses a forged or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'short', "x' or 1=1 --", 'é'.repeat(43)]) {
      const res = await resetWithToken({ token, new_password: 'a brand new secret' });
      expect(res.statusCode, token).toBe(400);
      expect(res.json(), token).toMatchObject({ code: 'password_reset_link_invalid' });
    }
  });

  it('refuses a 7-character password with the spec’s message, leaving the link usable', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user.email);

    const short = await resetWithToken({ token, new_password: '1234567' });
    const ok = await resetWithToken({ token, new_password: '12345678' });

    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_failed', fields: { new_password: 'Must be at least 8 characters' } });
    expect(ok.statusCode).toBe(200);
  });

  it('retires the account’s other links once the password is reset', async () => {
    const user = await createUser(t.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);

    expect((await resetWithToken({ token: second.token, new_password: 'a brand new secret' })).statusCode).toBe(200);
    const older = await resetWithToken({ token: first.token, new_password: 'another new secret' });

    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ code: 'password_reset_link_invalid' });
  });

  it('forgets failed logins: the new password logs in at once, without a captcha', async () => {
    const user = await createUser(t.db);
    const login = (password: string) => post('/crud/login', { email: user.email, password });
    for (let i = 0; i < LOGIN_CHALLENGE_AFTER; i++) await loginFailures(t.db).add(failureKey(user.email));
    const challenged = await login(user.password);
    const { token } = await requestLink(user.email);

    await resetWithToken({ token, new_password: 'a brand new secret' });
    const after = await login('a brand new secret');

    expect(challenged.statusCode).toBe(401);
    expect(challenged.json()).toMatchObject({ code: 'captcha_required' });
    expect(after.statusCode).toBe(200);
  });

  it('limits attempts per client address', async () => {
    for (let i = 0; i < 20; i++) await resetWithToken({ token: 'B'.repeat(43), new_password: 'a brand new secret' });

    const res = await resetWithToken({ token: 'B'.repeat(43), new_password: 'a brand new secret' });

    expect(res.statusCode).toBe(429);
  });
});

describe('POST /crud/reset/password', () => {
  it('asks a visitor to log in', async () => {
    const res = await change(undefined, { current_password: 'whatever1', new_password: 'whatever2' });

    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('changes the password; the session making the change stays, the user’s other sessions end', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const here = await signIn(t.db, user.id);
    const elsewhere = await signIn(t.db, user.id);
    const someoneElse = await signIn(t.db, other.id);
    const { token } = await requestLink(user.email);

    const res = await change(here, { current_password: user.password, new_password: 'a brand new secret' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'updated' });
    expect(await verifyPassword('a brand new secret', await storedHash(user.id))).toBe(true);
    expect(await sessionsOf(user.id)).toEqual([sessionIdOf(here)]);
    expect((await getUser(here)).statusCode).toBe(200);
    expect((await getUser(elsewhere)).statusCode).toBe(401);
    expect((await getUser(someoneElse)).statusCode).toBe(200);
    // A reset link asked for before the change no longer works.
    expect((await resetWithToken({ token, new_password: 'sneaky new secret' })).statusCode).toBe(400);
  });

  it('refuses a wrong current password next to the field, localized, changing nothing', async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.db, user.id);
    const elsewhere = await signIn(t.db, user.id);
    const hash = await storedHash(user.id);

    const wrong = await change(here, { current_password: 'not my password', new_password: 'a brand new secret' });
    const spanish = await change(
      here,
      { current_password: 'not my password', new_password: 'a brand new secret' },
      { host: 'es.localhost' },
    );

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'current_password_wrong',
      message: 'The current password is not correct.',
      fields: { current_password: 'The current password is not correct.' },
    });
    expect(spanish.json()).toMatchObject({ message: 'La contraseña actual no es correcta.' });
    expect(await storedHash(user.id)).toBe(hash);
    expect((await getUser(elsewhere)).statusCode).toBe(200);
  });

  it('refuses an admin impersonating the family (403, localized), even with the right password, changing nothing', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const family = await createUser(t.db);
    const asFamily = await signIn(t.db, family.id, { masqueradeAdminId: admin.id });
    const familySession = await signIn(t.db, family.id);
    const hash = await storedHash(family.id);

    const res = await change(asFamily, { current_password: family.password, new_password: 'the admin’s choice' });
    const spanish = await change(
      asFamily,
      { current_password: family.password, new_password: 'the admin’s choice' },
      { host: 'es.localhost' },
    );

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'password_change_owner_only',
      message: 'Only the account’s owner, signed in themselves, can change its password: not an admin acting for them.',
    });
    expect(spanish.json()).toMatchObject({ message: expect.stringMatching(/^Solo el titular de la cuenta/) });
    expect(await storedHash(family.id)).toBe(hash);
    expect((await getUser(familySession)).statusCode).toBe(200);
  });

  it('requires both fields and a new password of at least 8 characters', async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.db, user.id);

    const empty = await change(here, { current_password: '', new_password: '' });
    const short = await change(here, { current_password: user.password, new_password: '1234567' });

    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { current_password: 'Required', new_password: 'Required' } });
    expect(short.json()).toMatchObject({ fields: { new_password: 'Must be at least 8 characters' } });
    expect(await verifyPassword(user.password, await storedHash(user.id))).toBe(true);
  });

  it('locks out guessing: after 5 attempts in 15 minutes even the right password waits', async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.db, user.id);

    for (let i = 0; i < 5; i++) await change(here, { current_password: `guess number ${i}`, new_password: 'a brand new secret' });
    const res = await change(here, { current_password: user.password, new_password: 'a brand new secret' });

    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(await verifyPassword(user.password, await storedHash(user.id))).toBe(true);
  });
});

describe('the hourly sweep of reset links', () => {
  it('deletes links older than a day and keeps fresh ones', async () => {
    const user = await createUser(t.db);
    const fresh = await requestLink(user.email);
    await t.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: hashResetToken('an old link'),
        created_at: new Date(Date.now() - 25 * 60 * 60 * 1000),
        expires_at: new Date(Date.now() - 24 * 60 * 60 * 1000),
      })
      .execute();

    const deleted = await passwordsRepository(t.db).deleteStaleTokens();

    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await t.db.selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.token_hash)).toEqual([hashResetToken(fresh.token)]);
  });
});
