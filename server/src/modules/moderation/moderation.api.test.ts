import type {
  AdminContactMessages,
  AdminGuestBookPending,
  AdminLessonRequests,
  AdminSubscribers,
  AuditResponse,
  GuestBookYearEntries,
} from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

/**
 * Issue 30 item 5: moderation in the back office. The guest book's queue,
 * contact messages and lesson requests marked handled, the newsletter lists
 * and their export, and the unsubscribe link of every newsletter e-mail.
 */
let t: TestApp;
let admin = '';
let adminEmail = '';
let customer = '';
let impersonating = '';
beforeAll(async () => {
  t = await createTestApp({ env: { MINISTRY_EMAIL: 'office@ministry.test' } });
  const a = await createUser(t.db, { email: 'moderator@example.test', is_admin: true });
  adminEmail = a.email;
  admin = await signIn(t.db, a.id);
  const c = await createUser(t.db, { email: 'family@example.test' });
  customer = await signIn(t.db, c.id);
  impersonating = await signIn(t.db, c.id, { masqueradeAdminId: a.id });
});
afterAll(() => t.close());

let clientNo = 0;
const newClient = () => `10.9.0.${++clientNo}`;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { cookie?: string; body?: unknown; host?: string; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? newClient(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.host ? { host: opts.host } : {}) },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, host?: string) =>
  call(method, url, { cookie: admin, body, host });

async function audit(action: string) {
  return ((await asAdmin('GET', `/crud/admin/audit?action=${action}`)).json() as AuditResponse).items;
}
const count = async (table: 'guest_book_entries' | 'admin_audit' | 'contact_messages' | 'newsletter_subscribers') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A visitor signs the guest book; the entry's id. */
async function signGuestBook(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/crud/guest-book', {
    body: {
      author_name: 'Ruth',
      author_email: 'ruth@example.test',
      country: 'Canda',
      find_us: 'Radio',
      content: 'We love the storeis!',
      lang_code: 'en',
      ...over,
    },
  });
  expect(res.statusCode).toBe(201);
  const row = await t.db.selectFrom('guest_book_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

describe('the guest book queue', () => {
  it('lists the waiting messages with the author’s e-mail, oldest first; an admin corrects a typo and approves', async () => {
    const first = await signGuestBook({ author_name: 'Ruth Queue' });
    const second = await signGuestBook({ author_name: 'Boaz Queue', lang_code: 'es' });
    const queue = (await asAdmin('GET', '/crud/admin/guest-book/pending')).json() as AdminGuestBookPending;
    const ids = queue.items.map((e) => e.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(queue.items.find((e) => e.id === first)).toMatchObject({
      author_name: 'Ruth Queue',
      author_email: 'ruth@example.test',
      content: 'We love the storeis!',
      lang_code: 'en',
    });
    expect(queue.count).toBeGreaterThanOrEqual(2);

    const edited = await asAdmin('PUT', `/crud/admin/guest-book/${first}`, {
      author_name: ' Ruth Queue ',
      country: 'Canada',
      content: 'We love the stories!',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: first,
      author_name: 'Ruth Queue',
      country: 'Canada',
      content: 'We love the stories!',
    });
    expect((await audit('guest_book.edit'))[0]).toMatchObject({
      admin: { email: adminEmail },
      target: `guest_book_entry ${first} (Ruth Queue)`,
      details: { fields: 'country, content' },
    });

    const approved = await asAdmin('POST', `/crud/admin/guest-book/${first}/moderate`, { decision: 'approve' });
    expect(approved.json()).toEqual({ status: 'approved' });
    const year = new Date().getUTCFullYear();
    const page = (await call('GET', `/crud/guest-book/year/${year}/en`)).json() as GuestBookYearEntries;
    expect(page.entries.find((e) => e.id === first)).toMatchObject({ content: 'We love the stories!', country: 'Canada' });
    const after = (await asAdmin('GET', '/crud/admin/guest-book/pending')).json() as AdminGuestBookPending;
    expect(after.items.map((e) => e.id)).not.toContain(first);
    expect((await audit('guest_book.approve'))[0]).toMatchObject({
      target: `guest_book_entry ${first} (Ruth Queue)`,
      details: { lang: 'en' },
    });
    // The e-mailed link is spent with it.
    const row = await t.db.selectFrom('guest_book_entries').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect(row.moderation_token_hash).toBeNull();
  });

  it('rejects (deletes) a waiting message; acting again on a handled one is a clear 409 or 404, never a 500', async () => {
    const id = await signGuestBook({ author_name: 'Spam Bot', content: 'Buy now' });
    const rejected = await asAdmin('POST', `/crud/admin/guest-book/${id}/moderate`, { decision: 'reject' });
    expect(rejected.json()).toEqual({ status: 'rejected' });
    expect(await t.db.selectFrom('guest_book_entries').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await audit('guest_book.reject'))[0]).toMatchObject({
      target: `guest_book_entry ${id} (Spam Bot)`,
      target_kind: 'guest_book_entry',
      target_name: `${id} (Spam Bot)`,
    });

    const again = await asAdmin('POST', `/crud/admin/guest-book/${id}/moderate`, { decision: 'approve' });
    expect([again.statusCode, again.json()]).toEqual([
      404,
      {
        code: 'guest_book_entry_not_found',
        message: 'This guest book message no longer exists. It may have been rejected already.',
      },
    ]);
    const editGone = await asAdmin('PUT', `/crud/admin/guest-book/${id}`, { author_name: 'X', country: '', content: 'Y' });
    expect(editGone.statusCode).toBe(404);

    const shown = await signGuestBook();
    await asAdmin('POST', `/crud/admin/guest-book/${shown}/moderate`, { decision: 'approve' });
    const auditsBefore = await count('admin_audit');
    for (const decision of ['approve', 'reject']) {
      const twice = await asAdmin('POST', `/crud/admin/guest-book/${shown}/moderate`, { decision }, 'es.localhost');
      expect([twice.statusCode, twice.json()]).toEqual([
        409,
        { code: 'guest_book_already_approved', message: 'Este mensaje del libro de visitas ya está aprobado.' },
      ]);
    }
    expect(await count('admin_audit')).toBe(auditsBefore);
    // The approved one is still there.
    expect(await t.db.selectFrom('guest_book_entries').select('id').where('id', '=', shown).executeTakeFirst()).toBeDefined();
  });

  it('takes edits by the rules of a signed guest book: localized 400s, nothing half-written, markup kept as text', async () => {
    const id = await signGuestBook();
    const before = await t.db.selectFrom('guest_book_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const auditsBefore = await count('admin_audit');
    const bad = await asAdmin(
      'PUT',
      `/crud/admin/guest-book/${id}`,
      { author_name: '  ', country: 'Canada', content: 'x'.repeat(2001) },
      'es.localhost',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      fields: { author_name: 'Obligatorio', content: 'Debe tener como máximo 2000 caracteres' },
    });
    const extra = await asAdmin('PUT', `/crud/admin/guest-book/${id}`, {
      author_name: 'Ruth',
      country: '',
      content: 'Fine',
      approved_at: '2020-01-01',
    });
    expect([extra.statusCode, extra.json().fields]).toEqual([400, { approved_at: 'Unknown field' }]);
    const nul = await asAdmin('PUT', `/crud/admin/guest-book/${id}`, { author_name: 'Ruth', country: '', content: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect((await asAdmin('POST', `/crud/admin/guest-book/${id}/moderate`, { decision: 'publish' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/crud/admin/guest-book/abc/moderate', { decision: 'approve' })).statusCode).toBe(400);
    expect(await t.db.selectFrom('guest_book_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(await count('admin_audit')).toBe(auditsBefore);

    const markup = '<script>alert(1)</script><b>Hi</b>';
    const edited = await asAdmin('PUT', `/crud/admin/guest-book/${id}`, {
      author_name: '<i>Ruth</i>',
      country: '',
      content: markup,
    });
    expect(edited.json()).toMatchObject({ author_name: '<i>Ruth</i>', content: markup });
    await asAdmin('POST', `/crud/admin/guest-book/${id}/moderate`, { decision: 'approve' });
    // Stored and served as the text typed, for the page to show as text (never as HTML).
    const year = new Date().getUTCFullYear();
    const page = (await call('GET', `/crud/guest-book/year/${year}/en`)).json() as GuestBookYearEntries;
    expect(page.entries.find((e) => e.id === id)?.content).toBe(markup);
  });
});

describe('contact messages and Bible-lesson requests', () => {
  it('lists open contact messages, marks one handled (audited), and lists it among the handled', async () => {
    const sent = await call('POST', '/crud/email/contact-us', {
      body: {
        first_name: 'Ana',
        last_name: 'López',
        email: 'ana-contact@example.test',
        city: 'Springfield',
        state: 'IL',
        message: 'Please call me.',
      },
    });
    expect(sent.statusCode).toBe(200);
    const open = (await asAdmin('GET', '/crud/admin/contact-messages')).json() as AdminContactMessages;
    const mine = open.items.find((m) => m.email === 'ana-contact@example.test');
    expect(mine).toMatchObject({
      name: 'Ana López',
      message: 'Please call me.',
      address: 'Springfield, IL',
      lang_code: 'en',
      handled_at: null,
      handled_by: null,
    });
    const id = mine?.id ?? 0;

    const marked = await asAdmin('POST', `/crud/admin/contact-messages/${id}/handled`, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id, handled_by: adminEmail });
    expect((await audit('contact.handled'))[0]).toMatchObject({
      target: `contact_message ${id} (ana-contact@example.test)`,
      details: { handled: true },
    });
    const stillOpen = (await asAdmin('GET', '/crud/admin/contact-messages?status=open')).json() as AdminContactMessages;
    expect(stillOpen.items.map((m) => m.id)).not.toContain(id);
    const handled = (await asAdmin('GET', '/crud/admin/contact-messages?status=handled')).json() as AdminContactMessages;
    expect(handled.items.find((m) => m.id === id)).toMatchObject({ handled_by: adminEmail });

    const twice = await asAdmin('POST', `/crud/admin/contact-messages/${id}/handled`, { handled: true });
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { code: 'message_already_handled', message: 'Someone has already marked this as handled.' },
    ]);
    const reopened = await asAdmin('POST', `/crud/admin/contact-messages/${id}/handled`, { handled: false });
    expect(reopened.json()).toEqual({ id, handled_at: null, handled_by: null });
    const missing = await asAdmin('POST', '/crud/admin/contact-messages/99999999/handled', { handled: true });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'message_not_found']);
    const bad = await asAdmin('POST', `/crud/admin/contact-messages/${id}/handled`, { handled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await asAdmin('GET', '/crud/admin/contact-messages?status=closed')).statusCode).toBe(400);
  });

  it('lists lesson requests with what to send, and marks one handled (audited)', async () => {
    const sent = await call('POST', '/crud/email/adventures-sign-up', {
      body: {
        receive_method: 'mail',
        site: 'en',
        sets_needed: 2,
        mail_choice: 'print_and_mail_back',
        fname: 'Grace',
        lname: 'Miller',
        address: '4 Oak Lane',
        city: 'Dayton',
        state: 'OH',
        zip: '45402',
        country: 'United States',
        email: 'grace-lessons@example.test',
      },
    });
    expect(sent.statusCode).toBe(200);
    const open = (await asAdmin('GET', '/crud/admin/lesson-requests')).json() as AdminLessonRequests;
    const mine = open.items.find((r) => r.email === 'grace-lessons@example.test');
    expect(mine).toMatchObject({
      name: 'Grace Miller',
      receive_method: 'mail',
      sets_needed: 2,
      mail_choice: 'print_and_mail_back',
      address: 'Grace Miller\n4 Oak Lane\nDayton, OH, 45402\nUnited States',
      handled_at: null,
    });
    const id = mine?.id ?? 0;
    expect((await asAdmin('POST', `/crud/admin/lesson-requests/${id}/handled`, { handled: true })).statusCode).toBe(200);
    expect((await audit('lessons.handled'))[0]).toMatchObject({
      target: `lesson_request ${id} (grace-lessons@example.test)`,
      details: { handled: true },
    });
    const handled = (await asAdmin('GET', '/crud/admin/lesson-requests?status=handled')).json() as AdminLessonRequests;
    expect(handled.items.find((r) => r.id === id)).toMatchObject({ handled_by: adminEmail });
    const reopenTwice = await asAdmin('POST', `/crud/admin/lesson-requests/${id}/handled`, { handled: false });
    expect(reopenTwice.statusCode).toBe(200);
    const again = await asAdmin('POST', `/crud/admin/lesson-requests/${id}/handled`, { handled: false }, 'es.localhost');
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { code: 'message_already_open', message: 'Esto no está marcado como atendido.' },
    ]);
  });
});

/** Subscribes an address to a list, as the site's newsletter block does. */
const subscribe = (email: string, list = 'storyhouse-en', fname = 'Ann') =>
  t.app.inject({
    method: 'GET',
    url: '/newsletter/subscribe/post-json',
    query: { u: 'storyhouse', id: list, EMAIL: email, FNAME: fname, LNAME: 'Lee' },
    remoteAddress: newClient(),
  });

/** The links of the last e-mail to an address: confirmation and unsubscribe tokens. */
async function lastLinks(email: string) {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where(sql<string>`lower(to_address)`, '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = (page: string) => new RegExp(`${page}\\?token=([\\w-]+)`).exec(mail.text_body)?.[1] ?? '';
  return { mail, confirm: token('/newsletter/confirm'), unsubscribe: token('/newsletter/unsubscribe') };
}

const unsubscribe = (token: unknown, host?: string) => call('POST', '/crud/newsletter/unsubscribe', { body: { token }, host });

describe('newsletter lists and the unsubscribe link', () => {
  it('puts an unsubscribe link in every confirmation e-mail, hashed in the database; it takes the address off the list', async () => {
    await subscribe('leaver@example.test');
    const { mail, confirm, unsubscribe: token } = await lastLinks('leaver@example.test');
    expect(mail.text_body).toContain('This link takes the address off the list at any time:');
    expect(mail.html_body).toContain('Unsubscribe');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(confirm);
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom('newsletter_unsubscribe_tokens').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    expect((await call('POST', '/crud/newsletter/confirm', { body: { token: confirm } })).statusCode).toBe(200);

    // Already subscribed: the e-mail saying so carries a link too, and the first e-mail's link still works.
    await subscribe('leaver@example.test');
    const second = await lastLinks('leaver@example.test');
    expect(second.unsubscribe).toMatch(/^[\w-]{43}$/);
    expect(second.unsubscribe).not.toBe(token);

    const res = await unsubscribe(token);
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'unsubscribed' }]);
    const left = await t.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', 'leaver@example.test')
      .executeTakeFirst();
    expect(left).toBeUndefined();

    // Used, or unknown: a clear, localized answer, and nothing else changes.
    const before = await count('newsletter_subscribers');
    const again = await unsubscribe(second.unsubscribe, 'es.localhost');
    expect([again.statusCode, again.json()]).toEqual([
      404,
      {
        code: 'newsletter_unsubscribe_invalid',
        message: 'Este enlace para darte de baja no es válido o ya se usó: la dirección ya no está en la lista.',
      },
    ]);
    for (const forged of ['x'.repeat(43), 'short', '']) {
      const r = await unsubscribe(forged);
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect(await count('newsletter_subscribers')).toBe(before);
  });

  it('withdraws a pending request from its confirmation e-mail', async () => {
    await subscribe('changed-mind@example.test', 'storyhouse-es');
    const { mail, unsubscribe: token } = await lastLinks('changed-mind@example.test');
    expect(mail.text_body).toContain('Con este enlace quitas la dirección de la lista cuando quieras:');
    expect(mail.text_body).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('newsletter_subscribers').where('email', '=', 'changed-mind@example.test').select('id').execute(),
    ).toEqual([]);
  });

  it('lists a language’s subscribers with counts per list, and exports the confirmed ones as CSV (audited)', async () => {
    await subscribe('formula@example.test', 'storyhouse-ru', '=SUM(A1)');
    await call('POST', '/crud/newsletter/confirm', { body: { token: (await lastLinks('formula@example.test')).confirm } });
    await subscribe('pending-ru@example.test', 'storyhouse-ru');

    const confirmed = (await asAdmin('GET', '/crud/admin/newsletter/subscribers?list=ru')).json() as AdminSubscribers;
    expect(confirmed.list).toBe('ru');
    expect(confirmed.items.map((s) => s.email)).toEqual(['formula@example.test']);
    expect(confirmed.items[0]).toMatchObject({ fname: '=SUM(A1)', lname: 'Lee' });
    expect(confirmed.items[0]?.confirmed_at).toBeTruthy();
    expect(confirmed.lists.find((l) => l.lang === 'ru')).toEqual({ lang: 'ru', confirmed: 1, pending: 1 });
    const pending = (
      await asAdmin('GET', '/crud/admin/newsletter/subscribers?list=ru&status=pending')
    ).json() as AdminSubscribers;
    expect(pending.items.map((s) => [s.email, s.confirmed_at])).toEqual([['pending-ru@example.test', null]]);

    const csv = await asAdmin('GET', '/crud/admin/newsletter/subscribers?list=ru&format=csv', undefined, 'es.localhost');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="storyhouse-newsletter-ru-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFCorreo electrónico,Nombre,Apellido,Suscripción pedida,Confirmada');
    // One confirmed address (the pending one is not exported), its formula start neutralised.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^formula@example\.test,'=SUM\(A1\),Lee,\d{4}-\d{2}-\d{2}T[\d:.]+Z,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect((await audit('newsletter.export'))[0]).toMatchObject({
      admin: { email: adminEmail },
      target: 'newsletter ru',
      details: { list: 'storyhouse-ru', rows: 1 },
    });

    expect((await asAdmin('GET', '/crud/admin/newsletter/subscribers?list=fr')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/crud/admin/newsletter/subscribers?format=xls')).statusCode).toBe(400);
  });
});

describe('who may moderate', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/crud/admin/guest-book/pending'],
    ['PUT', '/crud/admin/guest-book/1', { author_name: 'X', country: '', content: 'Y' }],
    ['POST', '/crud/admin/guest-book/1/moderate', { decision: 'approve' }],
    ['GET', '/crud/admin/contact-messages'],
    ['POST', '/crud/admin/contact-messages/1/handled', { handled: true }],
    ['GET', '/crud/admin/lesson-requests'],
    ['POST', '/crud/admin/lesson-requests/1/handled', { handled: true }],
    ['GET', '/crud/admin/newsletter/subscribers'],
    ['GET', '/crud/admin/newsletter/subscribers?format=csv'],
  ];

  it('is 401 for a visitor, 403 for a customer and for an admin impersonating one; nothing changes', async () => {
    const id = await signGuestBook({ author_name: 'Untouched' });
    const auditsBefore = await count('admin_audit');
    for (const [method, url, body] of calls) {
      const target = url.replace('/1', `/${id}`);
      const m = method as 'GET' | 'POST' | 'PUT';
      expect((await call(m, target, { body })).statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await call(m, target, { cookie: customer, body });
      expect([asCustomer.statusCode, asCustomer.json().code], `${method} ${url}`).toEqual([403, 'forbidden']);
      expect((await call(m, target, { cookie: impersonating, body })).statusCode, `${method} ${url}`).toBe(403);
    }
    const row = await t.db.selectFrom('guest_book_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ author_name: 'Untouched', approved_at: null });
    expect(await count('admin_audit')).toBe(auditsBefore);
  });
});
