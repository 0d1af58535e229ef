import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, sessionIdOf, signIn } from '../../../test/factories';
import { hashToken } from '../../lib/tokens';
import { verifyPassword } from '../accounts/password';
import { profileRepository } from './profile.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let client = 0;
/** A client address of its own per call, so the per-IP limit only bites where a test means it to. */
const nextIp = () => `10.7.${Math.floor(++client / 250)}.${client % 250}`;

const freshEmail = () => `new.${randomBytes(4).toString('hex')}@example.test`;

function newUser(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? freshEmail();
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    emailConfirm: email,
    password: 'listen-along-8',
    passwordConfirm: 'listen-along-8',
    country: 33,
    state: 'SC',
    address: '1 Main St',
    city: 'Greenville',
    zip: '29601',
    phone: '+1 864 555 0101',
    ...overrides,
  };
}

const editable = (email: string, overrides: Record<string, unknown> = {}) => {
  const { password: _p, passwordConfirm: _c, ...rest } = newUser({ email, ...overrides });
  return rest;
};

const create = (payload: unknown, opts: { cookie?: string; ip?: string; host?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/crud/user-account',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.host ? { host: opts.host } : {}) },
  });

const update = (id: number | string, payload: unknown, cookie?: string, host?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/crud/user-account/${id}`,
    payload: payload as object,
    headers: { ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) },
  });

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const sidOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'sid')?.value;

const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /crud/countries and /crud/states', () => {
  it('lists every country with the ids the spec fixes, cacheable', async () => {
    const res = await get('/crud/countries');

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const countries = res.json() as { id: number; country_name: string; code: string }[];
    expect(countries.length).toBe(249);
    const byCode = Object.fromEntries(countries.map((c) => [c.code, c]));
    expect(byCode.US).toEqual({ id: 33, code: 'US', country_name: 'United States' });
    expect(byCode.CA).toEqual({ id: 87, code: 'CA', country_name: 'Canada' });
    expect([byCode.PR?.id, byCode.VI?.id, byCode.AS?.id, byCode.MP?.id, byCode.GU?.id]).toEqual([88, 89, 229, 238, 241]);
    expect(new Set(countries.map((c) => c.id)).size).toBe(249);
    expect(byCode.FR?.country_name).toBe('France');
  });

  it('lists the 50 US states and DC, and the 13 Canadian provinces and territories', async () => {
    const res = await get('/crud/states');

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const states = res.json() as { code: string; name: string; country: string; country_id: number }[];
    expect(states.filter((s) => s.country === 'USA')).toHaveLength(51);
    expect(states.filter((s) => s.country === 'Canada')).toHaveLength(13);
    expect(states).toContainEqual({ code: 'SC', name: 'South Carolina', country: 'USA', country_id: 33 });
    expect(states).toContainEqual({ code: 'DC', name: 'District of Columbia', country: 'USA', country_id: 33 });
    expect(states).toContainEqual({ code: 'QC', name: 'Quebec', country: 'Canada', country_id: 87 });
  });
});

describe('POST /crud/user-account (create)', () => {
  it('creates the account, signs the new user in with a new session and tells back_location', async () => {
    const before = await signIn(t.db, null);
    const user = newUser({ email: 'Mixed.Case@Example.test', emailConfirm: 'mixed.case@example.test' });

    const res = await create({ user, back_location: '/cart' }, { cookie: before });

    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: number; back_location: string };
    expect(body.back_location).toBe('/cart');
    const sid = sidOf(res);
    expect(sid).toBeDefined();
    expect(`sid=${sid}`).not.toBe(before);
    const me = await get('/crud/user', `sid=${sid}`);
    expect(me.json()).toMatchObject({
      id: body.id,
      email: 'Mixed.Case@Example.test',
      fname: 'Ada',
      lname: 'Lovelace',
      country: 33,
      state: 'SC',
      address: '1 Main St',
      city: 'Greenville',
      zip: '29601',
      phone: '+1 864 555 0101',
      admin: false,
    });
    const row = await userRow(body.id);
    // A salted scrypt hash (its production cost: accounts/password-cost.api.test.ts), never the password.
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('listen-along-8', row.password_hash ?? '')).toBe(true);
    // The old session is gone: its cookie no longer signs anyone in.
    expect((await get('/crud/session', before)).json()).toMatchObject({ logged_in: false });
  });

  it('keeps the guest cart: it moves to the new account', async () => {
    const guest = await signIn(t.db, null);
    const [sessionId] = (await t.db.selectFrom('sessions').select('id').orderBy('created_at', 'desc').limit(1).execute()).map(
      (r) => r.id,
    );
    await t.db
      .insertInto('carts')
      .values({ session_id: sessionId as string, user_id: null })
      .execute();

    const res = await create({ user: newUser() }, { cookie: guest });

    expect(res.statusCode).toBe(200);
    const id = (res.json() as { id: number }).id;
    const carts = await t.db.selectFrom('carts').select(['user_id', 'session_id']).where('user_id', '=', id).execute();
    expect(carts).toHaveLength(1);
    expect(carts[0]?.session_id).not.toBe(sessionId);
  });

  it('sends a back location off this site home', async () => {
    for (const back of ['https://evil.example/', '//evil.example']) {
      const res = await create({ user: newUser(), back_location: back });
      expect(res.json()).toMatchObject({ back_location: '/' });
    }
    const res = await create({ user: newUser() });
    expect(res.json()).toMatchObject({ back_location: '/' });
  });

  it('refuses bad input with the spec messages and creates nothing', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ emailConfirm: 'other@example.test' }, { 'user.emailConfirm': 'Emails do not match' }],
      [{ password: 'seven77', passwordConfirm: 'seven77' }, { 'user.password': 'Must be at least 8 characters' }],
      [{ passwordConfirm: 'something-else' }, { 'user.passwordConfirm': 'Passwords do not match' }],
      [{ email: 'not-an-email', emailConfirm: 'not-an-email' }, { 'user.email': 'Invalid' }],
      [
        { firstName: '', lastName: ' ' },
        { 'user.firstName': 'Required', 'user.lastName': 'Required' },
      ],
      [
        { firstName: '', lastName: '', email: '', emailConfirm: '', password: '', passwordConfirm: '' },
        {
          'user.firstName': 'Required',
          'user.lastName': 'Required',
          'user.email': 'Required',
          'user.emailConfirm': 'Required',
          'user.password': 'Required',
          'user.passwordConfirm': 'Required',
        },
      ],
      [{ country: 33, state: 'QC' }, { 'user.state': 'Choose a state of the United States' }],
      [{ country: 87, state: 'SC' }, { 'user.state': 'Choose a Canadian province or territory' }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await create({ user: newUser(overrides) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
      expect(sidOf(res)).toBeUndefined();
    }
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an unknown country id with a field message', async () => {
    const email = freshEmail();
    const res = await create({ user: newUser({ email, country: 9999, state: 'Somewhere' }) });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { country: 'Invalid' } });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('accepts free-text states outside the US and Canada', async () => {
    const res = await create({ user: newUser({ country: 1, state: 'Kabul Province' }) });

    expect(res.statusCode).toBe(200);
    expect((await userRow((res.json() as { id: number }).id)).state).toBe('Kabul Province');
  });

  it('answers a taken e-mail, in any case, with the spec message and no session', async () => {
    const existing = await createUser(t.db, { email: `taken.${randomBytes(3).toString('hex')}@example.test` });
    const upper = existing.email.toUpperCase();

    const res = await create({ user: newUser({ email: upper, emailConfirm: upper }) });
    const es = await create({ user: newUser({ email: upper, emailConfirm: upper }) }, { host: 'es.localhost' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'account_save_failed',
      message: 'Failed to save. There may be an existing account with that email address.',
    });
    expect(sidOf(res)).toBeUndefined();
    expect(es.json()).toMatchObject({
      message: 'No se pudo guardar. Es posible que ya exista una cuenta con ese correo electrónico.',
    });
  });

  it('rate-limits account creation per client address', async () => {
    const ip = '10.99.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      // A taken e-mail counts as an attempt and skips the (slow) password hash.
      codes.push(
        (await create({ user: newUser({ email: 'family@nowhere.test', emailConfirm: 'family@nowhere.test' }) }, { ip }))
          .statusCode,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 200 || c === 409)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('POST /crud/user-account/{id} (settings)', () => {
  it('saves your own account (Canada with a province); the password is left alone', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);

    const res = await update(
      user.id,
      {
        user: editable(user.email, { country: '87', state: 'QC', city: 'Montréal', zip: 'H2X 1Y4', firstName: 'Marie' }),
      },
      cookie,
    );

    expect(res.statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ fname: 'Marie', country_id: 87, state: 'QC', city: 'Montréal', zip: 'H2X 1Y4' });
    expect(row.password_hash).toBe(user.password_hash);
  });

  it('refuses passwords here', async () => {
    const user = await createUser(t.db);
    const res = await update(
      user.id,
      { user: { ...editable(user.email), password: 'new-password-1' } },
      await signIn(t.db, user.id),
    );

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ 'user.password': 'Unknown field' });
  });

  it('answers 401 to a visitor and 403 for another user, changing nothing', async () => {
    const owner = await createUser(t.db, { fname: 'Owner' });
    const other = await createUser(t.db);
    const body = { user: editable(owner.email, { firstName: 'Hacked' }) };

    const visitor = await update(owner.id, body);
    const forbidden = await update(owner.id, body, await signIn(t.db, other.id));

    expect(visitor.statusCode).toBe(401);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'forbidden' });
    expect((await userRow(owner.id)).fname).toBe('Owner');
  });

  it('lets an admin save anyone', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);

    const res = await update(
      customer.id,
      { user: editable(customer.email, { firstName: 'Edited' }) },
      await signIn(t.db, admin.id),
    );

    expect(res.statusCode).toBe(200);
    expect((await userRow(customer.id)).fname).toBe('Edited');
  });

  it('refuses an admin editing another admin (403), changing nothing', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const other = await createUser(t.db, { is_admin: true, fname: 'Other' });

    const res = await update(
      other.id,
      { user: editable('taken-over@example.test', { firstName: 'Edited' }) },
      await signIn(t.db, admin.id),
    );

    expect(res.statusCode).toBe(403);
    expect(await userRow(other.id)).toMatchObject({ fname: 'Other', email: other.email });
  });

  it('refuses an e-mail another account has, in any case, with the spec message', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const taken = a.email.toUpperCase();

    const res = await update(
      b.id,
      { user: editable(taken, { emailConfirm: taken, currentPassword: b.password }) },
      await signIn(t.db, b.id),
    );

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'account_save_failed' });
    expect((await userRow(b.id)).email).toBe(b.email);
  });

  it('keeps your own e-mail when you change only its case', async () => {
    const user = await createUser(t.db);
    const upper = user.email.toUpperCase();

    const res = await update(user.id, { user: editable(upper, { emailConfirm: upper }) }, await signIn(t.db, user.id));

    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).email).toBe(upper);
  });

  it('refuses a US address with a Canadian province and mismatched e-mails, in Spanish on the Spanish site', async () => {
    const user = await createUser(t.db);

    const res = await update(
      user.id,
      { user: editable(user.email, { country: 33, state: 'ON', emailConfirm: 'x@example.test' }) },
      await signIn(t.db, user.id),
      'es.localhost',
    );

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'user.emailConfirm': 'Los correos electrónicos no coinciden',
      'user.state': 'Elige un estado de los Estados Unidos',
    });
  });
});

describe('changing the e-mail (issue 26 item 4)', () => {
  const mailsTo = (to: string) => t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
  const sessionsOf = async (userId: number) =>
    (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  const undo = (payload: unknown, opts: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/crud/email-change/undo',
      payload: payload as object,
      remoteAddress: opts.ip ?? nextIp(),
      headers: opts.cookie ? { cookie: opts.cookie } : {},
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/crud/login', payload: { email, password }, remoteAddress: nextIp() });
  const undoTokenIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? 'http://x').searchParams.get('token') ?? '';

  /** A user signed in twice ("here" makes the change, "elsewhere" is another device), changing to a new address. */
  async function changeEmail(host?: string) {
    const user = await createUser(t.db, { fname: 'Ruth' });
    const here = await signIn(t.db, user.id);
    const elsewhere = await signIn(t.db, user.id);
    const next = freshEmail();
    const res = await update(
      user.id,
      { user: editable(next, { firstName: 'Naomi', currentPassword: user.password }) },
      here,
      host,
    );
    expect(res.statusCode).toBe(200);
    const mail = (await mailsTo(user.email)).at(-1);
    if (!mail) throw new Error('no e-mail to the old address');
    return { user, here, elsewhere, next, mail, token: undoTokenIn(mail.text_body) };
  }

  it('asks for the current password: without it, 400 next to the field and nothing changes', async () => {
    const user = await createUser(t.db, { fname: 'Ruth' });
    const here = await signIn(t.db, user.id);
    const elsewhere = await signIn(t.db, user.id);

    const res = await update(user.id, { user: editable(freshEmail(), { firstName: 'Naomi' }) }, here);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'current_password_required',
      message: 'Please enter your current password to change your e-mail address.',
      fields: { 'user.currentPassword': 'Please enter your current password to change your e-mail address.' },
    });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, fname: 'Ruth' });
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await sessionsOf(user.id)).toHaveLength(2);
    expect((await get('/crud/user', elsewhere)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, localized, changing nothing', async () => {
    const user = await createUser(t.db, { fname: 'Ruth' });
    const here = await signIn(t.db, user.id);
    const next = freshEmail();
    const body = { user: editable(next, { firstName: 'Naomi', currentPassword: 'not my password' }) };

    const wrong = await update(user.id, body, here);
    const spanish = await update(user.id, body, here, 'es.localhost');

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'current_password_wrong',
      message: 'The current password is not correct.',
      fields: { 'user.currentPassword': 'The current password is not correct.' },
    });
    expect(spanish.json().fields).toEqual({ 'user.currentPassword': 'La contraseña actual no es correcta.' });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, fname: 'Ruth' });
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await mailsTo(next)).toEqual([]);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('shares the password change’s limit on guesses (5 in 15 minutes), then even the right password waits', async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.db, user.id);
    for (let i = 0; i < 5; i++) {
      const res = await update(user.id, { user: editable(freshEmail(), { currentPassword: `guess ${i}` }) }, here);
      expect(res.statusCode).toBe(400);
    }

    const right = await update(user.id, { user: editable(freshEmail(), { currentPassword: user.password }) }, here);

    expect(right.statusCode).toBe(429);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('with the password: saves, e-mails the old address an undo link, ends the other sessions and keeps this one', async () => {
    const other = await createUser(t.db);
    const someoneElse = await signIn(t.db, other.id);

    const { user, here, elsewhere, next, mail, token } = await changeEmail();

    expect(await userRow(user.id)).toMatchObject({ email: next, fname: 'Naomi' });
    expect(mail).toMatchObject({ lang_code: 'en', subject: 'Your Storyhouse e-mail address was changed' });
    expect(mail.text_body).toContain(`changed from ${user.email} to ${next}.`);
    expect(mail.text_body).toContain('within 7 days');
    expect(mail.text_body).toMatch(/^http:\/\/localhost\/account\/email\/undo\?token=[A-Za-z0-9_-]{43}$/m);
    expect(await mailsTo(next)).toEqual([]);
    // Only the token's hash is stored.
    const rows = await t.db.selectFrom('email_change_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(await sessionsOf(user.id)).toEqual([sessionIdOf(here)]);
    expect((await get('/crud/user', here)).json()).toMatchObject({ id: user.id, email: next });
    expect((await get('/crud/user', elsewhere)).statusCode).toBe(401);
    expect((await get('/crud/user', someoneElse)).statusCode).toBe(200);
  });

  it('writes to the old address in the site’s language, linking to that site', async () => {
    const spanish = await changeEmail('es.localhost');
    const russian = await changeEmail('ru.localhost');

    expect(spanish.mail).toMatchObject({
      lang_code: 'es',
      subject: 'Se cambió el correo electrónico de tu cuenta de Storyhouse',
    });
    expect(spanish.mail.text_body).toContain('antes de 7 días');
    expect(spanish.mail.text_body).toMatch(/^http:\/\/es\.localhost\/account\/email\/undo\?token=[\w-]{43}$/m);
    expect(russian.mail).toMatchObject({
      lang_code: 'ru',
      subject: 'Адрес электронной почты вашего аккаунта Storyhouse изменён',
    });
    expect(russian.mail.text_body).toContain('в течение 7 дней');
    expect(russian.mail.text_body).toMatch(/^http:\/\/ru\.localhost\/account\/email\/undo\?token=[\w-]{43}$/m);
  });

  it('needs no password, sends nothing and signs no one out when the e-mail stays', async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.db, user.id);
    const elsewhere = await signIn(t.db, user.id);

    const res = await update(user.id, { user: editable(user.email, { firstName: 'Naomi' }) }, here);

    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).fname).toBe('Naomi');
    expect(await mailsTo(user.email)).toEqual([]);
    expect((await get('/crud/user', elsewhere)).statusCode).toBe(200);
  });

  it('refuses an admin impersonating the family (403), even with the family’s password; other fields still save', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const family = await createUser(t.db, { fname: 'Ruth' });
    const asFamily = await signIn(t.db, family.id, { masqueradeAdminId: admin.id });
    const familySession = await signIn(t.db, family.id);
    const taken = freshEmail();

    const res = await update(
      family.id,
      { user: editable(taken, { firstName: 'Naomi', currentPassword: family.password }) },
      asFamily,
    );

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'email_change_owner_only',
      message: 'Only the account’s owner, signed in themselves, can change its e-mail address: not an admin acting for them.',
    });
    expect(await userRow(family.id)).toMatchObject({ email: family.email, fname: 'Ruth' });
    expect(await mailsTo(family.email)).toEqual([]);
    expect((await get('/crud/user', familySession)).statusCode).toBe(200);
    // Helping with the address is still allowed.
    const other = await update(family.id, { user: editable(family.email, { firstName: 'Naomi' }) }, asFamily);
    expect(other.statusCode).toBe(200);
    expect((await userRow(family.id)).fname).toBe('Naomi');
  });

  it('refuses an admin saving a customer’s account by id with a new e-mail (403), changing nothing', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db, { fname: 'Ruth' });

    const res = await update(
      customer.id,
      { user: editable(freshEmail(), { firstName: 'Naomi', currentPassword: admin.password }) },
      await signIn(t.db, admin.id),
    );

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'email_change_owner_only' });
    expect(await userRow(customer.id)).toMatchObject({ email: customer.email, fname: 'Ruth' });
  });

  it('keeps the old address for the account while the undo link works: no one else signs up with it or takes it', async () => {
    const { user } = await changeEmail();
    const other = await createUser(t.db);

    const signUp = await create({ user: newUser({ email: user.email.toUpperCase(), emailConfirm: user.email }) });
    const take = await update(
      other.id,
      { user: editable(user.email, { currentPassword: other.password }) },
      await signIn(t.db, other.id),
    );

    expect(signUp.statusCode).toBe(409);
    expect(signUp.json()).toMatchObject({ code: 'account_save_failed' });
    expect(take.statusCode).toBe(409);
    expect((await userRow(other.id)).email).toBe(other.email);
  });

  it('undo: puts the old e-mail back once, ends every session, clears the password and hands a reset token', async () => {
    const { user, here, next, token } = await changeEmail();
    const attacker = await login(next, user.password);
    expect(attacker.statusCode).toBe(200);
    const attackerCookie = `sid=${sidOf(attacker)}`;

    const res = await undo({ token });

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { status: string; email: string; reset_token: string };
    expect(body).toMatchObject({ status: 'restored', email: user.email });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, password_hash: null });
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await get('/crud/user', here)).statusCode).toBe(401);
    expect((await get('/crud/user', attackerCookie)).statusCode).toBe(401);
    // The password whoever changed the e-mail knew no longer logs in, with either address.
    expect((await login(next, user.password)).statusCode).not.toBe(200);
    expect((await login(user.email, user.password)).statusCode).not.toBe(200);
    // Once only.
    const again = await undo({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'email_change_link_invalid',
      message: 'This link is not valid, has expired or has already been used.',
    });
    // The reset token chooses the new password, which then logs in with the old address.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/crud/reset/password/token',
      payload: { token: body.reset_token, new_password: 'our very own again' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'our very own again')).statusCode).toBe(200);
  });

  it('undo: a later change’s link cannot cancel the first one’s', async () => {
    const { user, here, next, token: first } = await changeEmail();
    const third = freshEmail();
    const res = await update(user.id, { user: editable(third, { currentPassword: user.password }) }, here);
    expect(res.statusCode).toBe(200);
    const second = undoTokenIn((await mailsTo(next)).at(-1)?.text_body ?? '');

    expect((await undo({ token: second })).json()).toMatchObject({ email: next });
    expect((await undo({ token: first })).json()).toMatchObject({ email: user.email });
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('undo: refuses an expired, forged or malformed link, changing nothing', async () => {
    const { user, here, next, token } = await changeEmail();
    await t.db
      .updateTable('email_change_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();

    const expired = await undo({ token });
    const forged = await undo({ token: 'A'.repeat(43) });
    const malformed = await undo({ token: 'not a token' });
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/crud/email-change/undo',
      payload: { token },
      headers: { host: 'es.localhost' },
      remoteAddress: nextIp(),
    });

    for (const res of [expired, forged, malformed]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'email_change_link_invalid' });
    }
    expect(spanish.json()).toMatchObject({ message: 'Este enlace no es válido, caducó o ya se usó.' });
    expect(await userRow(user.id)).toMatchObject({ email: next, password_hash: user.password_hash });
    expect((await get('/crud/user', here)).statusCode).toBe(200);
    // Expired, the old address is free again.
    const signUp = await create({ user: newUser({ email: user.email }) });
    expect(signUp.statusCode).toBe(200);
  });

  it('the hourly sweep deletes spent or expired undo links a day old, with their addresses, and keeps open ones', async () => {
    const { user } = await changeEmail();
    await t.db
      .insertInto('email_change_tokens')
      .values({
        user_id: user.id,
        old_email: 'long.gone@example.test',
        new_email: user.email,
        token_hash: hashToken('an old link'),
        created_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
        expires_at: new Date(Date.now() - 24 * 60 * 60 * 1000),
      })
      .execute();

    expect(await profileRepository(t.db).deleteStaleEmailChangeTokens()).toBeGreaterThanOrEqual(1);

    const left = await t.db.selectFrom('email_change_tokens').select('old_email').where('user_id', '=', user.id).execute();
    expect(left).toEqual([{ old_email: user.email }]);
  });

  it('undo: limits attempts per client address (20 in 15 minutes)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await undo({ token: 'B'.repeat(43) }, { ip })).statusCode).toBe(400);

    const res = await undo({ token: 'B'.repeat(43) }, { ip });

    expect(res.statusCode).toBe(429);
  });
});

describe('POST /crud/user/layout', () => {
  it('saves the layout on the account; a visitor gets 401', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user.id);

    const res = await t.app.inject({
      method: 'POST',
      url: '/crud/user/layout',
      payload: { layout: 'grid' },
      headers: { cookie },
    });
    const visitor = await t.app.inject({ method: 'POST', url: '/crud/user/layout', payload: { layout: 'grid' } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/crud/user/layout',
      payload: { layout: 'cards' },
      headers: { cookie },
    });

    expect(res.json()).toEqual({ layout: 'grid' });
    expect((await get('/crud/user', cookie)).json()).toMatchObject({ layout: 'grid' });
    expect(visitor.statusCode).toBe(401);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /crud/address/me/{id}', () => {
  it("gives the signed-in user their address and 404 for anyone else's", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const address = await t.db
      .insertInto('addresses')
      .values({
        user_id: owner.id,
        fname: 'Ann',
        lname: 'Lee',
        email: 'ann@example.test',
        phone: '+1 613 555 0100',
        line1: '5 Oak Ave',
        country_id: 87,
        state: 'ON',
        city: 'Ottawa',
        postal_code: 'K1A 0B1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const mine = await get(`/crud/address/me/${address.id}`, await signIn(t.db, owner.id));
    const theirs = await get(`/crud/address/me/${address.id}`, await signIn(t.db, other.id));
    const visitor = await get(`/crud/address/me/${address.id}`);

    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: address.id, user_id: owner.id, line1: '5 Oak Ave', country_id: 87, state: 'ON' });
    expect(theirs.statusCode).toBe(404);
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /crud/gift-card/{id}', () => {
  it('gives a user the gift cards they received, the sender Anonymous (null) when unknown; 403 for others, not for admins', async () => {
    const sender = await createUser(t.db, { fname: 'Sam', lname: 'Sender' });
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const admin = await createUser(t.db, { is_admin: true });
    await t.db
      .insertInto('gift_cards')
      .values([
        {
          code: randomBytes(6).toString('hex'),
          purchaser_user_id: sender.id,
          recipient_user_id: owner.id,
          original_amount_cents: 5000,
          balance_cents: 3250,
          created_at: new Date('2026-01-02T10:00:00Z'),
        },
        {
          code: randomBytes(6).toString('hex'),
          purchaser_user_id: null,
          recipient_user_id: owner.id,
          original_amount_cents: 2500,
          balance_cents: 2500,
          created_at: new Date('2026-03-04T10:00:00Z'),
        },
      ])
      .execute();

    const mine = await get(`/crud/gift-card/${owner.id}`, await signIn(t.db, owner.id));
    const theirs = await get(`/crud/gift-card/${owner.id}`, await signIn(t.db, other.id));
    const byAdmin = await get(`/crud/gift-card/${owner.id}`, await signIn(t.db, admin.id));

    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      { id: expect.any(Number), from_user: null, created_at: '2026-03-04T10:00:00.000Z', original_amount: 25, balance: 25 },
      {
        id: expect.any(Number),
        from_user: { fullname: 'Sam Sender' },
        created_at: '2026-01-02T10:00:00.000Z',
        original_amount: 50,
        balance: 32.5,
      },
    ]);
    expect(theirs.statusCode).toBe(403);
    expect(byAdmin.json()).toHaveLength(2);
    expect((await get(`/crud/gift-card/${other.id}`, await signIn(t.db, other.id))).json()).toEqual([]);
  });
});
