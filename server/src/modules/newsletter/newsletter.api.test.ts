import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { hashToken } from '../../lib/tokens';
import { jsonpBody, NEWSLETTER_RATE_LIMIT } from './newsletter.routes';
import { NEWSLETTER_EMAIL_LIMIT } from './newsletter.service';

// Spec §4/§5/§7/§8 Newsletter: the offline provider behind a JSONP endpoint
// shaped like the email-marketing provider's (DESIGN "newsletter").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let clientNo = 0;
const newClient = () => `10.1.0.${++clientNo}`;

interface Subscribe {
  id?: string;
  EMAIL?: string;
  FNAME?: string;
  LNAME?: string;
  c?: string;
}

const subscribe = (params: Subscribe, ip = newClient()) =>
  t.app.inject({
    method: 'GET',
    url: '/newsletter/subscribe/post-json',
    query: { u: 'storyhouse', ...params } as Record<string, string>,
    remoteAddress: ip,
  });

/** Runs the JSONP answer the way a browser's script tag would, returning what the callback received. */
function callbackResult(body: string, name: string) {
  const calls: unknown[] = [];
  new Function(name, body)((result: unknown) => calls.push(result));
  expect(calls).toHaveLength(1);
  return calls[0];
}

const subscribers = (listId: string) =>
  t.db.selectFrom('newsletter_subscribers').selectAll().where('list_id', '=', listId).orderBy('id').execute();
/** E-mails to an address, in whatever letter case it was typed. */
const mailsTo = (to: string) =>
  t.db.selectFrom('mail_outbox').selectAll().where(sql<string>`lower(to_address)`, '=', to.toLowerCase()).orderBy('id').execute();

const CHECK_INBOX = {
  en: 'Thank you! Please check your inbox: open the link in our e-mail to confirm your subscription.',
  es: '¡Gracias! Revisa tu bandeja de entrada: abre el enlace de nuestro correo para confirmar tu suscripción.',
};

/** The confirmation link of the last e-mail to an address, and its token. */
async function lastLink(email: string) {
  const mail = (await mailsTo(email)).at(-1);
  const link = /https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '';
  return { mail, link, token: link ? (new URL(link).searchParams.get('token') ?? '') : '' };
}

const confirm = (token: unknown, opts: { host?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/crud/newsletter/confirm',
    payload: { token } as object,
    headers: { host: opts.host ?? 'localhost' },
    remoteAddress: opts.ip ?? newClient(),
  });

describe('GET /newsletter/subscribe/post-json', () => {
  it('asks the address to confirm by e-mail, calling back with success, as JavaScript', async () => {
    const res = await subscribe({ id: 'storyhouse-en', EMAIL: 'anna@example.test', FNAME: 'Anna', LNAME: 'Lee', c: 'cb_1' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^\/\*\*\/cb_1\(\{.*\}\);$/);
    expect(callbackResult(res.body, 'cb_1')).toEqual({ result: 'success', msg: CHECK_INBOX.en });
    // Pending: it does not count as subscribed until the link is opened (double opt-in).
    expect(await subscribers('storyhouse-en')).toMatchObject([
      { email: 'anna@example.test', fname: 'Anna', lname: 'Lee', confirmed_at: null },
    ]);
    const { mail, link, token } = await lastLink('anna@example.test');
    expect(mail).toMatchObject({ lang_code: 'en', subject: 'Please confirm your Storyhouse newsletter subscription' });
    expect(mail?.text_body).toContain('open this link within 7 days');
    expect(link).toMatch(/^https?:\/\/[^/]+\/newsletter\/confirm\?token=[\w-]{43}$/);
    // Only the token's hash is stored, with a week to live.
    const [row] = await subscribers('storyhouse-en');
    expect(row?.confirm_token_hash).toBe(hashToken(token));
    const days = ((row?.confirm_expires_at?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('answers plain JSON without a callback', async () => {
    const res = await subscribe({ id: 'storyhouse-en', EMAIL: 'json@example.test' });

    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ result: 'success', msg: expect.any(String) });
  });

  it('answers a new, a pending and a subscribed address exactly alike (no one learns who is on the list)', async () => {
    const fresh = await subscribe({ id: 'storyhouse-es', EMAIL: 'pablo@example.test', c: 'cb' });
    const pending = await subscribe({ id: 'storyhouse-es', EMAIL: ' Pablo@Example.TEST ', c: 'cb' });
    const { token } = await lastLink('pablo@example.test');
    expect((await confirm(token)).statusCode).toBe(200);
    const subscribed = await subscribe({ id: 'storyhouse-es', EMAIL: 'PABLO@example.test', c: 'cb' });

    for (const res of [fresh, pending, subscribed]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.body).toBe(fresh.body);
    }
    expect(callbackResult(fresh.body, 'cb')).toEqual({ result: 'success', msg: CHECK_INBOX.es });
    // The subscribed owner is told so by e-mail, where only they read it; their subscription is untouched.
    const mails = await mailsTo('pablo@example.test');
    expect(mails.map((m) => [m.lang_code, m.subject])).toEqual([
      ['es', 'Confirma tu suscripción al boletín de Storyhouse'],
      ['es', 'Confirma tu suscripción al boletín de Storyhouse'],
      ['es', 'Ya estás suscrito al boletín de Storyhouse'],
    ]);
    // No confirmation link: the unsubscribe link (every newsletter e-mail has one) and the footer's address of the Spanish site.
    expect(mails[2]?.text_body.match(/https?:\/\/\S+/g)).toEqual([
      expect.stringMatching(/^http:\/\/es\.localhost\/newsletter\/unsubscribe\?token=[\w-]{43}$/),
      'http://es.localhost',
    ]);
    expect(await subscribers('storyhouse-es')).toMatchObject([{ confirmed_at: expect.any(Date), confirm_token_hash: null }]);
  });

  it("keeps each language's list apart: the same address is new on another list", async () => {
    await subscribe({ id: 'storyhouse-es', EMAIL: 'lucia@example.test' });
    await confirm((await lastLink('lucia@example.test')).token);

    const english = await subscribe({ id: 'storyhouse-en', EMAIL: 'lucia@example.test', c: 'cb' });

    expect(callbackResult(english.body, 'cb')).toEqual({ result: 'success', msg: CHECK_INBOX.en });
    expect((await lastLink('lucia@example.test')).mail).toMatchObject({
      lang_code: 'en',
      subject: 'Please confirm your Storyhouse newsletter subscription',
    });
    expect((await subscribers('storyhouse-en')).find((s) => s.email === 'lucia@example.test')?.confirmed_at).toBeNull();
  });

  it('writes the e-mail in the list language, linking to that site', async () => {
    await subscribe({ id: 'storyhouse-ru', EMAIL: 'olga@example.test', c: 'cb' });

    const { mail, link } = await lastLink('olga@example.test');
    expect(mail).toMatchObject({ lang_code: 'ru', subject: 'Подтвердите подписку на рассылку Storyhouse' });
    expect(mail?.text_body).toContain('в течение 7 дней');
    expect(new URL(link).pathname).toBe('/newsletter/confirm');
  });

  it('sends one address only a few e-mails an hour, still answering the same', async () => {
    const email = 'flooded@example.test';
    for (let i = 0; i < NEWSLETTER_EMAIL_LIMIT.limit; i++) await subscribe({ id: 'storyhouse-en', EMAIL: email, c: 'cb' });
    const sent = await lastLink(email);

    const over = await subscribe({ id: 'storyhouse-en', EMAIL: email, c: 'cb' });

    expect(callbackResult(over.body, 'cb')).toEqual({ result: 'success', msg: CHECK_INBOX.en });
    expect(await mailsTo(email)).toHaveLength(NEWSLETTER_EMAIL_LIMIT.limit);
    // The link already sent still works.
    expect((await confirm(sent.token)).statusCode).toBe(200);
  });

  it('answers an invalid or missing e-mail and too-long names with an error result, storing nothing', async () => {
    const cases: [Subscribe, string][] = [
      [{ EMAIL: 'not-an-email' }, 'Электронная почта: Неверное значение'],
      [{ EMAIL: '' }, 'Электронная почта: Обязательное поле'],
      [{}, 'Электронная почта: Обязательное поле'],
      [{ EMAIL: 'ok@example.test', FNAME: 'x'.repeat(101) }, 'Имя: Не длиннее 100 символов'],
    ];
    for (const [params, msg] of cases) {
      const res = await subscribe({ id: 'storyhouse-ru', c: 'cb', ...params });
      expect(res.statusCode).toBe(200);
      expect(callbackResult(res.body, 'cb'), JSON.stringify(params)).toEqual({ result: 'error', msg });
    }
    expect((await subscribers('storyhouse-ru')).map((s) => s.email)).not.toContain('ok@example.test');
  });

  it('answers an unknown list with an error result in the site language', async () => {
    const res = await subscribe({ id: 'someone-elses-list', EMAIL: 'x@example.test', c: 'cb' });

    expect(callbackResult(res.body, 'cb')).toEqual({ result: 'error', msg: 'This newsletter list does not exist.' });
    expect(await subscribers('someone-elses-list')).toEqual([]);
  });

  it('refuses a callback that is not a plain identifier with 400, running nothing', async () => {
    for (const c of ['alert(1)//', 'a.b', '<script>', 'x;y', '1abc', 'cb\u2028', '']) {
      const res = await subscribe({ id: 'storyhouse-en', EMAIL: 'evil@example.test', c });
      expect(res.statusCode, c).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({
        code: 'newsletter_bad_callback',
        message: 'The callback name must be a plain JavaScript identifier.',
      });
    }
    expect((await subscribers('storyhouse-en')).map((s) => s.email)).not.toContain('evil@example.test');
  });

  it('limits tries per client, answering a localized error result', async () => {
    const ip = newClient();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.limit; i++) {
      await subscribe({ id: 'storyhouse-es', EMAIL: `many${i}@example.test`, c: 'cb' }, ip);
    }

    const res = await subscribe({ id: 'storyhouse-es', EMAIL: 'one-more@example.test', c: 'cb' }, ip);

    expect(callbackResult(res.body, 'cb')).toEqual({ result: 'error', msg: expect.stringMatching(/^Demasiados intentos/) });
    expect((await subscribers('storyhouse-es')).map((s) => s.email)).not.toContain('one-more@example.test');
  });
});

describe('POST /crud/newsletter/confirm', () => {
  it('confirms the subscription of a link, once', async () => {
    await subscribe({ id: 'storyhouse-en', EMAIL: 'once@example.test' });
    const { token } = await lastLink('once@example.test');

    const first = await confirm(token);
    const again = await confirm(token);

    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ status: 'confirmed' });
    expect((await subscribers('storyhouse-en')).find((s) => s.email === 'once@example.test')).toMatchObject({
      confirmed_at: expect.any(Date),
      confirm_token_hash: null,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'newsletter_link_invalid',
      message:
        'This confirmation link is not valid, has expired or has already been used. Please sign up again to get a new one.',
    });
  });

  it('refuses an expired link, in the site language; signing up again sends a new one', async () => {
    const email = 'late@example.test';
    await subscribe({ id: 'storyhouse-es', EMAIL: email });
    const old = await lastLink(email);
    await t.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();

    const expired = await confirm(old.token, { host: 'es.localhost' });
    await subscribe({ id: 'storyhouse-es', EMAIL: email });
    const renewed = await lastLink(email);

    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'newsletter_link_invalid', message: expect.stringMatching(/^Este enlace/) });
    expect(renewed.token).not.toBe(old.token);
    expect((await confirm(renewed.token)).statusCode).toBe(200);
  });

  it('retires the earlier link when a new one is sent', async () => {
    await subscribe({ id: 'storyhouse-en', EMAIL: 'twice@example.test' });
    const first = await lastLink('twice@example.test');
    await subscribe({ id: 'storyhouse-en', EMAIL: 'twice@example.test' });
    const second = await lastLink('twice@example.test');

    expect((await confirm(first.token)).statusCode).toBe(400);
    expect((await confirm(second.token)).statusCode).toBe(200);
  });

  it('refuses a forged or malformed token without confirming anyone', async () => {
    await subscribe({ id: 'storyhouse-en', EMAIL: 'forged@example.test' });

    for (const token of ['A'.repeat(43), 'short', `${'a'.repeat(42)}!`]) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().code).toBe('newsletter_link_invalid');
    }
    expect((await confirm('')).statusCode).toBe(400);
    expect((await subscribers('storyhouse-en')).find((s) => s.email === 'forged@example.test')?.confirmed_at).toBeNull();
  });
});

describe('jsonpBody', () => {
  it('keeps a message from closing the script or breaking the line', () => {
    const body = jsonpBody('cb', { result: 'error', msg: '</script><script>alert(1)</script>\u2028' });

    expect(body).not.toContain('<');
    expect(body).not.toContain('\u2028');
    expect(callbackResult(body, 'cb')).toEqual({ result: 'error', msg: '</script><script>alert(1)</script>\u2028' });
  });
});

describe('GET /crud/newsletter/config', () => {
  it("names the server's own endpoint and the site language's list", async () => {
    const en = await t.app.inject({ method: 'GET', url: '/crud/newsletter/config' });
    const es = await t.app.inject({ method: 'GET', url: '/crud/newsletter/config', headers: { host: 'es.localhost' } });
    const ru = await t.app.inject({ method: 'GET', url: '/crud/newsletter/config', headers: { host: 'ru.localhost' } });

    expect(en.json()).toEqual({ url: '/newsletter/subscribe/post-json', list_id: 'storyhouse-en' });
    expect(es.json()).toEqual({ url: '/newsletter/subscribe/post-json', list_id: 'storyhouse-es' });
    expect(ru.json()).toEqual({ url: '/newsletter/subscribe/post-json', list_id: 'storyhouse-ru' });
    expect(en.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('names a configured provider, whose origin may then serve scripts to the pages', async () => {
    const provider = await createTestApp({
      database: t.database,
      env: {
        NEWSLETTER_URL: 'https://ministry.us1.list-manage.com/subscribe/post-json?u=abc123',
        NEWSLETTER_LIST_ES: 'f00ba4',
      },
    });
    try {
      const res = await provider.app.inject({ method: 'GET', url: '/crud/newsletter/config?test_spanish_site=1' });

      expect(res.json()).toEqual({
        url: 'https://ministry.us1.list-manage.com/subscribe/post-json?u=abc123',
        list_id: 'f00ba4',
      });
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://ministry.us1.list-manage.com;");
    } finally {
      await provider.close();
    }
  });
});
