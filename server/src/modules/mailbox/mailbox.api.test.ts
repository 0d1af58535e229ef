import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { createUser, signIn } from '../../../test/factories';
import type { Database } from '../../db/database';
import { deliverDueMail } from '../../providers/mail/delivery';
import { enqueueMail } from '../../providers/mail/outbox';
import { outboxTransport } from '../../providers/mail/transport-outbox';

const URL = '/crud/dev/mailbox';

/** A signed-in admin's session cookie: the mailbox answers only them. */
async function adminCookie(t: TestApp) {
  const admin = await createUser(t.db, { is_admin: true });
  return signIn(t.db, admin.id);
}

describe('GET /crud/dev/mailbox', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string) => t.app.inject({ url, headers: { cookie } });
  beforeAll(async () => {
    t = await createTestApp({ webRoot: null });
    cookie = await adminCookie(t);
  });
  afterAll(() => t.close());

  it('lists every queued e-mail, newest first, 20 a page, with its delivery state', async () => {
    const empty = await get(URL);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], page: 1, per_page: 20, total: 0 });

    for (let i = 1; i <= 25; i++) {
      await enqueueMail(t.db, { lang_code: 'en', to: `family${i}@example.test`, subject: `Message ${i}`, text: `Body ${i}` });
    }
    await deliverDueMail(t.db, outboxTransport(), 3);
    await enqueueMail(t.db, {
      lang_code: 'es',
      to: 'office@ministry.test',
      replyTo: 'ana@example.test',
      subject: 'Formulario de contacto: Ana',
      text: 'Hola\n<b>no HTML</b>',
    });

    const first = await get(URL);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 26 });
    expect(body.items).toHaveLength(20);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      to: 'office@ministry.test',
      reply_to: 'ana@example.test',
      subject: 'Formulario de contacto: Ana',
      text: 'Hola\n<b>no HTML</b>',
      html: null,
      lang_code: 'es',
      status: 'pending',
      attempts: 0,
      last_error: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sent_at: null,
    });
    expect(body.items[1].subject).toBe('Message 25');

    const second = (await get(`${URL}?page=2`)).json();
    expect(second.items.map((m: { subject: string }) => m.subject)).toEqual([
      'Message 6',
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    // The three oldest were delivered (by the outbox transport: marked sent, nothing left the machine).
    expect(second.items.slice(3).map((m: { status: string; attempts: number }) => [m.status, m.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(second.items[5].sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await get(`${URL}?page=3`)).json()).toMatchObject({ items: [], page: 3, total: 26 });

    // One family's mail, however much came after it: the address as typed, in any case.
    const family = (await get(`${URL}?to=${encodeURIComponent(' Family3@Example.test ')}`)).json();
    expect(family).toMatchObject({ page: 1, total: 1 });
    expect(family.items.map((m: { subject: string }) => m.subject)).toEqual(['Message 3']);
    expect((await get(`${URL}?to=nobody@example.test`)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('shows an e-mail’s HTML part beside its plain text', async () => {
    await enqueueMail(t.db, {
      lang_code: 'ru',
      to: 'anna@example.test',
      subject: 'Ваш заказ',
      text: 'Спасибо',
      html: '<p>Спасибо</p>',
    });

    const [latest] = (await get(URL)).json().items;

    expect(latest).toMatchObject({ subject: 'Ваш заказ', text: 'Спасибо', html: '<p>Спасибо</p>' });
  });

  it('refuses a page that is not a positive number', async () => {
    for (const page of ['0', 'abc', '-1']) {
      const res = await get(`${URL}?page=${page}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('who may read the developer mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webRoot: null });
    // The admin's own reset link is what a visitor would be after.
    await enqueueMail(t.db, {
      lang_code: 'en',
      to: 'admin@example.test',
      subject: 'Reset',
      text: 'http://localhost/reset?token=x',
    });
  });
  afterAll(() => t.close());

  it('is a signed-in admin, acting as themself', async () => {
    const res = await t.app.inject({ url: URL, headers: { cookie: await adminCookie(t) } });

    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
  });

  it('is nobody else: a visitor, a customer and an impersonating admin get the 404 of an address that does not exist', async () => {
    const customer = await createUser(t.db);
    const admin = await createUser(t.db, { is_admin: true });
    const cookies = [
      undefined,
      await signIn(t.db, customer.id),
      await signIn(t.db, customer.id, { masqueradeAdminId: admin.id }),
      await signIn(t.db, null),
    ];
    for (const cookie of cookies) {
      const res = await t.app.inject({ url: URL, headers: cookie ? { cookie } : {} });

      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'route_not_found', message: 'There is no such address.' });
      expect(res.body).not.toContain('token');
    }
  });
});

describe('the developer mailbox in production', () => {
  // One database for the four configurations (a copy each would cost more than the tests).
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('does not exist by default', async () => {
    const t = await createTestApp({ database, webRoot: null, env: { NODE_ENV: 'production', PAYMENTS: 'test' } });
    try {
      const res = await t.app.inject({ url: URL });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'route_not_found' });
    } finally {
      await t.close();
    }
  });

  it('does not exist when MAILBOX_PAGE=false, anywhere', async () => {
    const t = await createTestApp({ database, webRoot: null, env: { MAILBOX_PAGE: 'false' } });
    try {
      expect((await t.app.inject({ url: URL })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('has no page where it is off: /dev/mailbox is the not-found page, 404, and is a page where it is on', async () => {
    const off = await createTestApp({ database, env: { NODE_ENV: 'production', PAYMENTS: 'test' } });
    const on = await createTestApp({ database, env: { MAILBOX_PAGE: 'true' } });
    try {
      const page = await off.app.inject({ url: '/dev/mailbox' });
      expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
      expect(page.body).toContain('<title>Page not found · Storyhouse</title>');
      expect((await on.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });

  it('does not exist by default on a server that sends its mail by SMTP, even outside production', async () => {
    const t = await createTestApp({
      database,
      webRoot: null,
      env: { NODE_ENV: 'development', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' },
    });
    try {
      expect((await t.app.inject({ url: URL })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('can be turned on with MAILBOX_PAGE=true, still for admins only', async () => {
    const t = await createTestApp({
      database,
      webRoot: null,
      env: { NODE_ENV: 'production', PAYMENTS: 'test', MAILBOX_PAGE: 'true' },
    });
    try {
      expect((await t.app.inject({ url: URL, headers: { cookie: await adminCookie(t) } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: URL })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
