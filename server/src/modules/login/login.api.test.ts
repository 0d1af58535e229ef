import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isCleared, responseCookie, type TestApp } from '../../../test/app';
import { solvedCaptcha } from '../../../test/captcha';
import { createUser, sessionIdOf, signIn } from '../../../test/factories';
import type { Skus } from '../../db/schema';
import { failureKey, LOGIN_CHALLENGE_AFTER, LOGIN_IP_LIMIT } from './login.service';

let t: TestApp;
/** The delays challenged sign-ins asked for, in ms: recorded, never waited. */
const delays: number[] = [];
let ipSeq = 0;
/** Each test is its own client (IP), so the per-IP limit of one test does not spill into another. */
const nextIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  // Challenged sign-ins are slowed: the app asks for the delay, the tests record it and need not wait.
  t = await createTestApp({
    loginDelay: async (ms) => {
      delays.push(ms);
    },
  });
});
afterAll(() => t.close());

function login(body: object, opts: { cookie?: string; ip?: string; host?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/crud/login',
    payload: body,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.host ? { host: opts.host } : {}) },
  });
}

const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/crud/session', headers: { cookie } });
const sidOf = (res: Awaited<ReturnType<typeof login>>) => `sid=${responseCookie(res, 'sid')?.value}`;

describe('POST /crud/login', () => {
  it('signs in with a new session cookie; the session id used before login no longer works', async () => {
    const user = await createUser(t.db);
    const before = await signIn(t.db, null);

    const res = await login({ email: user.email, password: user.password }, { cookie: before });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ back_location: '/' });
    const sid = responseCookie(res, 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(`sid=${sid?.value}`).not.toBe(before);
    expect((await session(sidOf(res))).json()).toMatchObject({ logged_in: true, user_id: user.id });
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(before)).executeTakeFirst(),
    ).toBeUndefined();
    const old = await session(before);
    expect(old.json()).toMatchObject({ logged_in: false });
    // A late call with the old cookie must not clear the new one in the browser.
    expect(responseCookie(old, 'sid')).toBeUndefined();
  });

  it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const user = await createUser(t.db);
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password, back_location: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ back_location: '/cart' });
  });

  it('answers a wrong password and an unknown e-mail with the same 401 message, and no session', async () => {
    const user = await createUser(t.db);
    const wrong = await login({ email: user.email, password: 'not the password' });
    const unknown = await login({ email: 'nobody-here@example.test', password: 'whatever123' });

    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'login_failed', message: 'The e-mail address or password is incorrect.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(responseCookie(wrong, 'sid')).toBeUndefined();
    expect(responseCookie(unknown, 'sid')).toBeUndefined();
  });

  it('says so in Spanish on the Spanish site', async () => {
    const res = await login({ email: 'nobody@example.test', password: 'x' }, { host: 'es.localhost' });
    expect(res.json()).toMatchObject({
      code: 'login_failed',
      message: 'El correo electrónico o la contraseña no son correctos.',
    });
  });

  it('refuses an empty form with the spec messages, per field', async () => {
    const res = await login({ email: ' ', password: '', back_location: '/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { email: 'Email address is required.', password: 'Password is required.' },
    });
    const es = await login({ email: '', password: '' }, { host: 'es.localhost' });
    expect(es.json().fields).toEqual({
      email: 'El correo electrónico es obligatorio.',
      password: 'La contraseña es obligatoria.',
    });
  });

  it('refuses unknown fields', async () => {
    const user = await createUser(t.db);
    const res = await login({ email: user.email, password: user.password, is_admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ is_admin: 'Unknown field' });
  });

  it('does not sign in a user without a password (or with a damaged hash)', async () => {
    const none = await createUser(t.db);
    await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', none.id).execute();
    const damaged = await createUser(t.db);
    await t.db.updateTable('users').set({ password_hash: 'scrypt$x$y' }).where('id', '=', damaged.id).execute();

    expect((await login({ email: none.email, password: none.password })).statusCode).toBe(401);
    expect((await login({ email: damaged.email, password: damaged.password })).statusCode).toBe(401);
  });
});

describe('back_location (spec §4 Login)', () => {
  const cases: [string, string | undefined, boolean, string][] = [
    ['customer, default', undefined, false, '/'],
    ['customer, a page', '/cart', false, '/cart'],
    ['customer, path with query', '/shop?page=2&search=noah', false, '/shop?page=2&search=noah'],
    ['customer, an admin page', '/admin', false, '/'],
    ['customer, an admin sub page', '/admin/users?x=1', false, '/'],
    ['admin, default', undefined, true, '/admin'],
    ['admin, explicit home', '/', true, '/admin'],
    ['admin, an admin page', '/admin/users', true, '/admin/users'],
    ['admin, another page', '/library', true, '/library'],
    ['absolute URL', 'https://evil.example/phish', false, '/'],
    ['protocol-relative URL', '//evil.example/phish', false, '/'],
    ['backslash trick', '/\\evil.example', false, '/'],
    ['javascript URL', 'javascript:alert(1)', false, '/'],
    ['admin, absolute URL', 'https://evil.example/admin', true, '/admin'],
    ['tab in the path', '/\t/evil.example', false, '/'],
  ];
  for (const [name, back, admin, expected] of cases) {
    it(`${name}: ${JSON.stringify(back)} → ${expected}`, async () => {
      const user = await createUser(t.db, { is_admin: admin });
      const res = await login({
        email: user.email,
        password: user.password,
        ...(back === undefined ? {} : { back_location: back }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ back_location: expected });
    });
  }
});

describe('protection (OWASP: a captcha and a delay after repeated failures, never a lock)', () => {
  const failed = { code: 'login_failed', message: 'The e-mail address or password is incorrect.' };
  const challenge = {
    code: 'captcha_required',
    message: 'Too many failed attempts for this e-mail address. Please confirm that you are not a robot, then log in again.',
  };
  const failures = async (email: string) =>
    (await t.db.selectFrom('rate_limits').select('hits').where('key', '=', failureKey(email)).executeTakeFirst())?.hits;

  it('after 20 wrong passwords from other clients, the right one needs a solved captcha, and then gets in', async () => {
    const user = await createUser(t.db);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await login({ email: user.email, password: `wrong-${i}` }));

    // The first failures are plain; from the threshold on, every sign-in for the e-mail needs a captcha.
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    expect(answers.slice(0, LOGIN_CHALLENGE_AFTER).map((r) => r.json())).toEqual(Array(LOGIN_CHALLENGE_AFTER).fill(failed));
    expect(answers.slice(LOGIN_CHALLENGE_AFTER).map((r) => r.json())).toEqual(Array(20 - LOGIN_CHALLENGE_AFTER).fill(challenge));

    delays.length = 0;
    const bare = await login({ email: user.email, password: user.password });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual(challenge);
    expect(responseCookie(bare, 'sid')).toBeUndefined();
    const forged = await login({ email: user.email, password: user.password, captcha: 'bm90IGEgc29sdXRpb24=' });
    expect(forged.json()).toEqual(challenge);

    const right = await login({ email: user.email, password: user.password, captcha: await solvedCaptcha(t.app) });
    expect(right.statusCode).toBe(200);
    expect((await session(sidOf(right))).json()).toMatchObject({ logged_in: true, user_id: user.id });
    // Only the sign-in with a solved captcha was slowed (the count stopped at the threshold: 1 s).
    expect(delays).toEqual([1000]);
    // The success forgets the failures: the next sign-in needs no captcha.
    expect(await failures(user.email)).toBeUndefined();
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  }, 60_000);

  it('a wrong password with a solved captcha still fails, and a solution is good only once', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_CHALLENGE_AFTER; i++) await login({ email: user.email, password: `wrong-${i}` });
    delays.length = 0;

    const captcha = await solvedCaptcha(t.app);
    const wrong = await login({ email: user.email, password: 'still wrong', captcha });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(failed);
    expect(await failures(user.email)).toBe(LOGIN_CHALLENGE_AFTER + 1);

    const replayed = await login({ email: user.email, password: user.password, captcha });
    expect(replayed.json()).toEqual(challenge);

    const right = await login({ email: user.email, password: user.password, captcha: await solvedCaptcha(t.app) });
    expect(right.statusCode).toBe(200);
    // The wrong answer and the right one were slowed (1 s, then 2 s); the replayed solution was refused before any wait.
    expect(delays).toEqual([1000, 2000]);
  }, 60_000);

  it('slows a challenged sign-in 1 s, doubling per failure up to 4 s, right or wrong; plain failures not at all', async () => {
    const user = await createUser(t.db);
    delays.length = 0;
    for (let i = 0; i < LOGIN_CHALLENGE_AFTER; i++) await login({ email: user.email, password: `wrong-${i}` });
    expect(delays).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const res = await login({ email: user.email, password: `still-wrong-${i}`, captcha: await solvedCaptcha(t.app) });
      expect(res.json()).toEqual(failed);
    }
    const right = await login({ email: user.email, password: user.password, captcha: await solvedCaptcha(t.app) });
    expect(right.statusCode).toBe(200);

    // Asked of the injected delay (production's is a timer), not measured.
    expect(delays).toEqual([1000, 2000, 4000, 4000]);
  }, 60_000);

  it('asks an unknown e-mail for the captcha exactly like a registered one (it tells nothing)', async () => {
    const email = `ghost-${Date.now()}@example.test`;
    for (let i = 0; i < LOGIN_CHALLENGE_AFTER; i++) await login({ email, password: `wrong-${i}` });
    const res = await login({ email, password: 'whatever123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(challenge);
    // Counted under the typed e-mail, however it was written.
    expect((await login({ email: ` ${email.toUpperCase()}`, password: 'whatever123' })).json()).toEqual(challenge);
  }, 30_000);

  it('says so in Spanish on the Spanish site', async () => {
    const email = `fantasma-${Date.now()}@example.test`;
    for (let i = 0; i < LOGIN_CHALLENGE_AFTER; i++) await login({ email, password: `wrong-${i}` });
    const res = await login({ email, password: 'whatever123' }, { host: 'es.localhost' });
    expect(res.json()).toEqual({
      code: 'captcha_required',
      message:
        'Demasiados intentos fallidos con este correo electrónico. Confirma que no eres un robot y vuelve a iniciar sesión.',
    });
  }, 30_000);

  it('a successful login forgets earlier failures', async () => {
    const user = await createUser(t.db);
    await login({ email: user.email, password: 'wrong' });
    await login({ email: user.email, password: 'wrong' });
    expect(await failures(user.email)).toBe(2);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect(await failures(user.email)).toBeUndefined();
  });

  it('limits attempts per client IP (30 per 15 minutes), saying when to come back', async () => {
    const ip = '192.0.2.77';
    const users = await Promise.all([createUser(t.db), createUser(t.db)]);
    for (let i = 0; i < 30; i++) {
      const u = users[i % 2]!;
      expect((await login({ email: u.email, password: u.password }, { ip })).statusCode).toBe(200);
    }
    const over = await login({ email: users[0]!.email, password: users[0]!.password }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_IP_LIMIT.windowSeconds);
    // Another client is not affected.
    expect((await login({ email: users[0]!.email, password: users[0]!.password })).statusCode).toBe(200);
  }, 30_000);
});

describe('guest cart at login', () => {
  const ids = { album: 0, tracks: [] as number[], cd: 0, book: 0, monthly: 0, annual: 0 };
  const sku = async (values: Partial<Insertable<Skus>> & Pick<Insertable<Skus>, 'type' | 'title' | 'full_price_cents'>) =>
    (await t.db.insertInto('skus').values(values).returning('id').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    const p = await t.db
      .insertInto('products')
      .values({ slug: 'login-merge', title: 'Merge Stories', lang_code: 'en', is_available: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.album = await sku({ product_id: p.id, type: 'digital_album', title: 'Album', full_price_cents: 899 });
    for (const i of [1, 2]) {
      ids.tracks.push(
        await sku({
          product_id: p.id,
          type: 'digital_track',
          title: `Track ${i}`,
          full_price_cents: 99,
          position: i,
          lang_code: 'en',
          media_full: `audio/merge/${i}.mp3`,
          length_seconds: 30,
        }),
      );
    }
    ids.cd = await sku({ product_id: p.id, type: 'physical', title: 'CD', full_price_cents: 1299 });
    ids.book = await sku({ product_id: p.id, type: 'book', title: 'Book', full_price_cents: 1499 });
    ids.monthly = await sku({ type: 'subscription', code: 'monthly', title: 'Monthly', full_price_cents: 500 });
    ids.annual = await sku({ type: 'subscription', code: 'annual', title: 'Annual', full_price_cents: 5000 });
  });

  async function add(cookie: string | undefined, sku_id: number, quantity = 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crud/cart-session/skus',
      payload: { sku_id, quantity, auto_update: false },
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    const sid = responseCookie(res, 'sid');
    return sid ? `sid=${sid.value}` : (cookie as string);
  }
  const lines = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/cart-session/total', headers: { cookie } });
    return (res.json().skus as { sku_id: number; quantity: number }[])
      .map((l) => [l.sku_id, l.quantity])
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  };
  const logout = (cookie: string) => t.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });

  it('keeps the guest cart of a new user, now theirs', async () => {
    const user = await createUser(t.db);
    let guest = await add(undefined, ids.cd, 2);
    guest = await add(guest, ids.tracks[0]!);

    const res = await login({ email: user.email, password: user.password }, { cookie: guest });
    const signedIn = sidOf(res);

    expect(await lines(signedIn)).toEqual(
      [
        [ids.tracks[0], 1],
        [ids.cd, 2],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
    const total = await t.app.inject({ method: 'GET', url: '/crud/cart-session/total', headers: { cookie: signedIn } });
    expect(total.json().cart.user_id).toBe(user.id);
    expect(await lines(guest)).toEqual([]);
  });

  it('merges the guest cart into the cart the user left at logout, by the cart rules', async () => {
    const user = await createUser(t.db);
    // Earlier visit: signed in, two tracks, a CD, a book and the monthly plan; then logout.
    let mine = sidOf(await login({ email: user.email, password: user.password }));
    for (const id of [ids.tracks[0]!, ids.tracks[1]!, ids.monthly]) mine = await add(mine, id);
    mine = await add(mine, ids.cd, 1);
    mine = await add(mine, ids.book, 3);
    await logout(mine);

    // As a guest: the album (covers the tracks), 2 more CDs, the annual plan.
    let guest = await add(undefined, ids.album);
    guest = await add(guest, ids.cd, 2);
    guest = await add(guest, ids.annual);

    const signedIn = sidOf(await login({ email: user.email, password: user.password }, { cookie: guest }));

    const expected = [
      [ids.album, 1],
      [ids.cd, 3],
      [ids.book, 3],
      [ids.annual, 1],
    ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    expect(await lines(signedIn)).toEqual(expected);
    // One cart left for the user (the guest cart was folded in).
    const carts = await t.db.selectFrom('carts').select('id').where('user_id', '=', user.id).execute();
    expect(carts).toHaveLength(1);
  });

  it('brings the user’s cart back at the next login without a guest cart', async () => {
    const user = await createUser(t.db);
    let mine = sidOf(await login({ email: user.email, password: user.password }));
    mine = await add(mine, ids.book, 2);
    await logout(mine);

    const again = sidOf(await login({ email: user.email, password: user.password }));
    expect(await lines(again)).toEqual([[ids.book, 2]]);
  });

  it('does not merge another signed-in user’s cart when switching accounts', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    let aCookie = sidOf(await login({ email: a.email, password: a.password }));
    aCookie = await add(aCookie, ids.cd, 4);

    const bCookie = sidOf(await login({ email: b.email, password: b.password }, { cookie: aCookie }));

    expect(await lines(bCookie)).toEqual([]);
    const aAgain = sidOf(await login({ email: a.email, password: a.password }));
    expect(await lines(aAgain)).toEqual([[ids.cd, 4]]);
  });
});

describe('GET /logout', () => {
  it('ends the session: the cookie is cleared and the old session id no longer signs in', async () => {
    const user = await createUser(t.db);
    const cookie = sidOf(await login({ email: user.email, password: user.password }));

    const res = await t.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });

    expect(res.statusCode).toBe(204);
    expect(isCleared(responseCookie(res, 'sid'))).toBe(true);
    expect(responseCookie(res, 'flash_logged_out')?.value).toBe('1');
    expect((await session(cookie)).json()).toMatchObject({ logged_in: false });
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
