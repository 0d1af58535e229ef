import type { GuestBookEntryInput } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { GUEST_BOOK_RATE_LIMIT } from './guest-book.routes';
import { guestBookSeeder } from './guest-book.seed';

// Spec §2/§3/§4/§5 Guest book and §7 guest-book calls, plus the moderation
// link that stands in for the admin screens.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MINISTRY_EMAIL: 'moderators@ministry.test' } });
});
afterAll(() => t.close());

/** Each test signs from an address of its own, so the per-client limit of one test does not reach another. */
let clientNo = 0;
const newClient = () => `10.0.0.${++clientNo}`;

const valid = (over: Partial<GuestBookEntryInput> = {}): GuestBookEntryInput => ({
  author_name: 'Ruth',
  author_email: 'ruth@example.test',
  country: 'Canada',
  find_us: 'Radio',
  content: 'We love the stories!',
  lang_code: 'en',
  ...over,
});

const sign = (body: unknown, opts: { ip?: string; host?: string; url?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: opts.url ?? '/crud/guest-book',
    remoteAddress: opts.ip ?? newClient(),
    headers: opts.host ? { host: opts.host } : {},
    payload: body as object,
  });

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function entryRow(id: number) {
  return t.db.selectFrom('guest_book_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The moderation e-mail of the newest entry signed by `email`, with the link's id and token. */
async function moderationMail(email: string) {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('reply_to', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /(https?:\/\/\S+\/guestbook\/moderate\?id=(\d+)&token=([\w-]+))/.exec(mail.text_body);
  if (!link) throw new Error(`no moderation link in: ${mail.text_body}`);
  return { mail, url: link[1] as string, id: Number(link[2]), token: link[3] as string };
}

async function insertEntry(values: { lang: 'en' | 'es' | 'ru'; name: string; at: string; approved: boolean; content?: string }) {
  const row = await t.db
    .insertInto('guest_book_entries')
    .values({
      lang_code: values.lang,
      author_name: values.name,
      author_email: `${values.name.toLowerCase()}@secret.test`,
      content: values.content ?? `Hello from ${values.name}`,
      created_at: new Date(values.at),
      approved_at: values.approved ? new Date(values.at) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('reading the guest book', () => {
  beforeAll(async () => {
    await insertEntry({ lang: 'ru', name: 'Oleg', at: '2019-05-01T10:00:00Z', approved: true });
    await insertEntry({ lang: 'ru', name: 'Vera', at: '2021-12-31T23:30:00Z', approved: true });
    await insertEntry({ lang: 'ru', name: 'Ivan', at: '2022-01-01T00:30:00Z', approved: true });
    await insertEntry({ lang: 'ru', name: 'Nina', at: '2022-06-01T00:00:00Z', approved: true });
    await insertEntry({ lang: 'ru', name: 'Spam', at: '2023-03-03T00:00:00Z', approved: false });
    await insertEntry({ lang: 'es', name: 'Lucia', at: '2020-02-02T00:00:00Z', approved: true });
  });

  it('lists the years that have approved entries of the language, newest first', async () => {
    const res = await get('/crud/guest-book/years/ru');

    expect(res.statusCode).toBe(200);
    // 2023 has only an unapproved entry; 2020 only a Spanish one.
    expect(res.json()).toEqual({ years: [2022, 2021, 2019] });
  });

  it('lists the approved entries of a year (UTC), newest first, without e-mail addresses', async () => {
    const res = await get('/crud/guest-book/year/2022/ru');

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year).toBe(2022);
    expect(body.entries.map((e: { author_name: string }) => e.author_name)).toEqual(['Nina', 'Ivan']);
    expect(body.entries[1]).toEqual({
      id: expect.any(Number),
      author_name: 'Ivan',
      country: '',
      find_us: null,
      content: 'Hello from Ivan',
      lang_code: 'ru',
      created_at: '2022-01-01T00:30:00.000Z',
    });
    expect(res.body).not.toContain('@secret.test');
  });

  it('answers an empty list for a year without entries and for an unapproved-only year', async () => {
    expect((await get('/crud/guest-book/year/2015/ru')).json()).toEqual({ year: 2015, entries: [] });
    expect((await get('/crud/guest-book/year/2023/ru')).json()).toEqual({ year: 2023, entries: [] });
  });

  it('refuses an unknown language or a year that is not a year with 400', async () => {
    for (const url of ['/crud/guest-book/years/de', '/crud/guest-book/year/abc/en', '/crud/guest-book/year/20222/en']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('signing the guest book', () => {
  it('stores the message unapproved, answers 201 pending, and it does not show yet', async () => {
    const res = await sign(valid({ author_name: 'Pending Pat', author_email: 'pat@example.test', lang_code: 'es' }));

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
    const { id } = await moderationMail('pat@example.test');
    const row = await entryRow(id);
    expect(row).toMatchObject({ author_name: 'Pending Pat', lang_code: 'es', approved_at: null, find_us: 'Radio' });
    const year = new Date().getUTCFullYear();
    expect((await get(`/crud/guest-book/year/${year}/es`)).body).not.toContain('Pending Pat');
  });

  it('e-mails the ministry the message with a single-use moderation link, storing only the token hash', async () => {
    await sign(valid({ author_name: 'Mailed Mo', author_email: 'mo@example.test', content: 'Line one\nLine two' }));

    const { mail, url, id, token } = await moderationMail('mo@example.test');
    expect(mail).toMatchObject({ to_address: 'moderators@ministry.test', lang_code: 'en', status: 'pending' });
    expect(mail.subject).toBe('New guest book message from Mailed Mo');
    expect(mail.text_body).toContain('Line one\nLine two');
    expect(mail.text_body).toContain('How they found us: On the radio');
    // The English site's public address (tests run with PORT 80).
    expect(url).toBe(`http://localhost/guestbook/moderate?id=${id}&token=${token}`);
    const row = await entryRow(id);
    expect(row?.moderation_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.moderation_token_hash).not.toContain(token);
  });

  it('writes the e-mail in the language of the guest book signed', async () => {
    await sign(valid({ author_name: 'Ana', author_email: 'ana@example.test', find_us: '', country: '', lang_code: 'es' }));

    const { mail } = await moderationMail('ana@example.test');
    expect(mail.subject).toBe('Nuevo mensaje en el libro de visitas de Ana');
    expect(mail.text_body).toContain('País: no indicado');
  });

  it('links to the public address of the entry’s site, whichever of our hosts the request came through', async () => {
    await sign(valid({ author_email: 'via-loopback@example.test', lang_code: 'es' }), { host: '127.0.0.1:3000' });

    const { url } = await moderationMail('via-loopback@example.test');
    expect(url).toMatch(/^http:\/\/es\.localhost\/guestbook\/moderate\?/);
  });

  it('refuses a request naming another host, storing and e-mailing nothing', async () => {
    const before = await countEntries();

    const res = await sign(valid({ author_email: 'forged@example.test' }), { host: 'localhost:@evil.example' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_host' });
    expect(await countEntries()).toBe(before);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('reply_to', '=', 'forged@example.test').execute()).toEqual([]);
  });

  it('accepts a message without country and find_us', async () => {
    const res = await sign({ author_name: 'Min', author_email: 'min@example.test', content: 'Hi', lang_code: 'ru' });

    expect(res.statusCode).toBe(201);
    const { id } = await moderationMail('min@example.test');
    expect(await entryRow(id)).toMatchObject({ country: '', find_us: null });
  });

  it('refuses missing and invalid fields with localized field messages and stores nothing', async () => {
    const before = await countEntries();
    const empty = await sign({ lang_code: 'en', author_name: '', author_email: '', content: '   ' });
    const bad = await sign(
      { ...valid(), author_email: 'not-an-email', find_us: 'TV', content: 'x'.repeat(10_000) },
      { url: '/crud/guest-book?test_spanish_site=1' },
    );

    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'validation_failed',
      message: 'Some of the information is missing or invalid.',
      fields: { author_name: 'Required', author_email: 'Required', content: 'Required' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      author_email: 'No válido',
      find_us: 'No válido',
      content: 'Debe tener como máximo 2000 caracteres',
    });
    expect(await countEntries()).toBe(before);
  });

  it('refuses unknown fields (approved_at cannot be sent in)', async () => {
    const res = await sign({ ...valid(), approved_at: '2020-01-01' });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ approved_at: 'Unknown field' });
  });

  it('limits how often one client may sign, with a localized 429, storing nothing more', async () => {
    const ip = newClient();
    for (let i = 0; i < GUEST_BOOK_RATE_LIMIT.limit; i++) {
      expect((await sign(valid({ author_email: `burst${i}@example.test` }), { ip })).statusCode).toBe(201);
    }
    const before = await countEntries();

    const refused = await sign(valid({ author_email: 'one-too-many@example.test' }), {
      ip,
      url: '/crud/guest-book?test_spanish_site=1',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Demasiados intentos/) });
    expect(await countEntries()).toBe(before);

    // Another client is not affected.
    expect((await sign(valid({ author_email: 'someone-else@example.test' }))).statusCode).toBe(201);
  });
});

async function countEntries() {
  const r = await t.db
    .selectFrom('guest_book_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const viewLink = (id: number, token: string, query = '') =>
  get(`/crud/guest-book/${id}/moderation?token=${encodeURIComponent(token)}${query}`);
const moderate = (id: number, token: string, decision: string, query = '') =>
  t.app.inject({ method: 'POST', url: `/crud/guest-book/${id}/moderate${query}`, payload: { token, decision } });

describe('moderating with the e-mailed link', () => {
  it('shows the waiting entry with its e-mail, then approving shows it to everyone once', async () => {
    await sign(valid({ author_name: 'Approved Al', author_email: 'al@example.test', lang_code: 'ru' }));
    const { id, token } = await moderationMail('al@example.test');

    const view = await viewLink(id, token);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(view.json()).toMatchObject({ id, author_name: 'Approved Al', author_email: 'al@example.test', lang_code: 'ru' });

    const approved = await moderate(id, token, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'approved' });

    const year = new Date().getUTCFullYear();
    expect((await get('/crud/guest-book/years/ru')).json().years).toContain(year);
    const listed = (await get(`/crud/guest-book/year/${year}/ru`)).json();
    expect(listed.entries.map((e: { author_name: string }) => e.author_name)).toContain('Approved Al');

    // The link is used up: neither viewing nor a second decision works, and the entry stays.
    const again = await moderate(id, token, 'reject', '?test_spanish_site=1');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      code: 'guest_book_link_invalid',
      message: 'Este enlace de moderación no es válido o ya se ha usado.',
    });
    expect((await viewLink(id, token)).statusCode).toBe(403);
    expect(await entryRow(id)).toBeDefined();
  });

  it('rejecting deletes the entry; the link then finds nothing (404)', async () => {
    await sign(valid({ author_name: 'Rejected Rex', author_email: 'rex@example.test' }));
    const { id, token } = await moderationMail('rex@example.test');

    const rejected = await moderate(id, token, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ status: 'rejected' });
    expect(await entryRow(id)).toBeUndefined();

    const again = await viewLink(id, token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: 'guest_book_entry_not_found',
      message: 'This guest book message no longer exists. It may have been rejected already.',
    });
  });

  it("refuses another entry's token, a forged token and a malformed one, changing nothing", async () => {
    await sign(valid({ author_email: 'first@example.test' }));
    await sign(valid({ author_email: 'second@example.test' }));
    const first = await moderationMail('first@example.test');
    const second = await moderationMail('second@example.test');
    const forged = 'A'.repeat(43);

    for (const token of [second.token, forged]) {
      expect((await viewLink(first.id, token)).statusCode).toBe(403);
      const res = await moderate(first.id, token, 'approve');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('guest_book_link_invalid');
    }
    const malformed = await moderate(first.id, 'short', 'approve');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({
      token: 'This moderation link is incomplete. Please open the whole link from the e-mail.',
    });
    const badDecision = await moderate(first.id, first.token, 'publish');
    expect(badDecision.statusCode).toBe(400);
    expect((await entryRow(first.id))?.approved_at).toBeNull();
  });

  it('answers 404 for an entry that does not exist', async () => {
    const res = await moderate(999_999, 'A'.repeat(43), 'approve');

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('guest_book_entry_not_found');
  });
});

describe('markup in a message', () => {
  it('is stored and served as the text typed, never as HTML', async () => {
    const content = '<script>alert("x")</script><img src=x onerror="alert(1)"> & <b>bold</b>';
    const name = '<svg onload=alert(2)>';
    await sign(valid({ author_name: name, author_email: 'markup@example.test', content, lang_code: 'es' }));
    const { id, token } = await moderationMail('markup@example.test');
    await moderate(id, token, 'approve');

    const res = await get(`/crud/guest-book/year/${new Date().getUTCFullYear()}/es`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const entry = res.json().entries.find((e: { id: number }) => e.id === id);
    expect(entry).toMatchObject({ author_name: name, content });
  });
});

describe('demo content', () => {
  it('has approved messages in every language across at least three years, and some waiting', async () => {
    const demo = await createTestApp();
    try {
      await guestBookSeeder.run(demo.db);
      for (const lang of ['en', 'es', 'ru']) {
        const { years } = (await demo.app.inject({ method: 'GET', url: `/crud/guest-book/years/${lang}` })).json();
        expect(years.length, lang).toBeGreaterThanOrEqual(3);
        // "This year" messages are a few days old (last year's in the first days of January).
        expect(years[0]).toBeGreaterThanOrEqual(new Date().getUTCFullYear() - 1);
      }
      const rows = await demo.db.selectFrom('guest_book_entries').select(['approved_at', 'created_at']).execute();
      expect(rows.filter((r) => r.approved_at === null).length).toBeGreaterThanOrEqual(3);
      expect(rows.every((r) => new Date(r.created_at).getTime() < Date.now())).toBe(true);
    } finally {
      await demo.close();
    }
  });
});
