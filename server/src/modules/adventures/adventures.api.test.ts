import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

const URL = '/crud/email/adventures-sign-up';
const MINISTRY = 'lessons@ministry.test';

let t: TestApp;
let ipCounter = 0;
let ip = '';

beforeAll(async () => {
  t = await createTestApp({ env: { MINISTRY_EMAIL: MINISTRY } });
});
afterAll(() => t.close());
beforeEach(() => {
  ipCounter += 1;
  ip = `203.0.113.${ipCounter}`;
});

const family = {
  site: 'en',
  fname: 'Grace',
  lname: 'Miller',
  address: '4 Oak Lane',
  city: 'Dayton',
  state: 'OH',
  zip: '45402',
  country: 'United States',
  email: 'grace@example.test',
  phone: '',
  birthday: '2016-05-04',
  station: 'WGTD 91.1',
};
const download = { ...family, receive_method: 'download' };
const byMail = { ...family, receive_method: 'mail', sets_needed: 3, mail_choice: 'mail_lessons_1_2' };

const post = (payload: unknown, { host = 'localhost', url = URL } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { host }, remoteAddress: ip });

const counts = async () => ({
  signups: Number(
    (
      await t.db
        .selectFrom('adventure_signups')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  mails: Number(
    (
      await t.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
const lastSignUp = () => t.db.selectFrom('adventure_signups').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
/** The two e-mails of the last sign-up: the ministry's and the family's. */
async function lastMails() {
  const rows = await t.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(2).execute();
  const ministry = rows.find((r) => r.to_address === MINISTRY);
  const confirmation = rows.find((r) => r.to_address !== MINISTRY);
  if (!ministry || !confirmation) throw new Error('expected two e-mails');
  return { ministry, confirmation };
}

describe('POST /crud/email/adventures-sign-up', () => {
  it('signs a family up to download: stored, the ministry told, the family sent the lessons page', async () => {
    const res = await post(download);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent' });

    expect(await lastSignUp()).toMatchObject({
      lang_code: 'en',
      receive_method: 'download',
      sets_needed: null,
      mail_choice: null,
      fname: 'Grace',
      email: 'grace@example.test',
      birthday: '2016-05-04',
      station: 'WGTD 91.1',
    });
    const { ministry, confirmation } = await lastMails();
    expect(ministry).toMatchObject({
      reply_to: 'grace@example.test',
      lang_code: 'en',
      subject: 'Bible lessons (download): Grace Miller',
    });
    expect(ministry.text_body).toContain('download the lessons in English');
    expect(ministry.text_body).toContain('4 Oak Lane\nDayton, OH, 45402\nUnited States');
    expect(ministry.text_body).toContain('Radio station you listen to: WGTD 91.1');
    expect(confirmation).toMatchObject({
      to_address: 'grace@example.test',
      lang_code: 'en',
      subject: 'Your Adventures in the Holy Bible lessons',
    });
    expect(confirmation.text_body).toContain('Dear Grace,');
    expect(confirmation.text_body).toContain(
      'You can download and print the lessons here: http://localhost/kids-corner/adventures-in-the-holy-bible/download-lessons',
    );
  });

  it('signs a family up by mail on the Spanish site: sets as typed in the form, e-mails in Spanish', async () => {
    const res = await post({ ...byMail, site: 'es', sets_needed: '3' }, { host: 'es.localhost' });
    expect(res.statusCode).toBe(200);
    expect(await lastSignUp()).toMatchObject({
      lang_code: 'es',
      receive_method: 'mail',
      sets_needed: 3,
      mail_choice: 'mail_lessons_1_2',
    });
    const { ministry, confirmation } = await lastMails();
    expect(ministry.subject).toBe('Lecciones bíblicas (por correo): Grace Miller');
    expect(ministry.text_body).toContain(
      'Envía por correo 3 juegos de las lecciones en Español (Enviar por correo las lecciones 1-2) a:',
    );
    expect(confirmation.lang_code).toBe('es');
    expect(confirmation.subject).toBe('Tus lecciones de Aventuras en la Historia Sagrada');
    expect(confirmation.text_body).toContain('Enviaremos 3 juegos de lecciones por correo a esta dirección:');
    // No lessons link: only the footer's address of the Spanish site.
    expect(confirmation.text_body.match(/https?:\/\/\S+/g)).toEqual(['http://es.localhost']);
  });

  it('links the Spanish lessons page, keeping the test flag, on a Spanish sign-up from the English host', async () => {
    const res = await post({ ...download, site: 'es' }, { url: `${URL}?test_spanish_site=1` });
    expect(res.statusCode).toBe(200);
    const { confirmation } = await lastMails();
    expect(confirmation.text_body).toContain(
      'http://localhost/rincon-infantil/aventuras-en-la-historia-sagrada/descargar-lecciones?test_spanish_site=1',
    );
  });

  it('links to the site’s public address, not to the host the request came through', async () => {
    const res = await post(download, { host: '127.0.0.1:3000' });
    expect(res.statusCode).toBe(200);
    const { confirmation } = await lastMails();
    expect(confirmation.text_body).toContain('http://localhost/kids-corner/');
    expect(confirmation.text_body).not.toContain('127.0.0.1');
  });

  it('refuses a request naming another host, e-mailing nothing', async () => {
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();

    const res = await post(download, { host: 'localhost:@evil.example' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_host' });
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toEqual(before);
  });

  it('ignores sets_needed and the mail choice for a download', async () => {
    const res = await post({ ...download, sets_needed: 'abc', mail_choice: 'print_and_mail_back' });
    expect(res.statusCode).toBe(200);
    expect(await lastSignUp()).toMatchObject({ receive_method: 'download', sets_needed: null, mail_choice: null });
  });

  it.each([
    ['abc', 'Enter a number from 1 to 10'],
    [0, 'Enter a number from 1 to 10'],
    [11, 'Enter a number from 1 to 10'],
    ['11', 'Enter a number from 1 to 10'],
    [2.5, 'Enter a number from 1 to 10'],
    ['', 'Required'],
    [null, 'Required'],
  ])('refuses sets_needed %j by mail with "%s", storing nothing', async (sets, message) => {
    const before = await counts();
    const res = await post({ ...byMail, sets_needed: sets });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Some of the information is missing or invalid.',
      fields: { sets_needed: message },
    });
    expect(await counts()).toEqual(before);
  });

  it('says so in Spanish on the Spanish site', async () => {
    const res = await post({ ...byMail, sets_needed: 11, mail_choice: '' }, { host: 'es.localhost' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ sets_needed: 'Escribe un número del 1 al 10', mail_choice: 'Obligatorio' });
  });

  it('requires the method, names, postal address and a valid e-mail', async () => {
    const before = await counts();
    const res = await post({ site: 'en', fname: '', lname: ' ', email: 'grace@', receive_method: 'fax', birthday: '2999-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      receive_method: 'Invalid',
      fname: 'Required',
      lname: 'Required',
      address: 'Required',
      city: 'Required',
      state: 'Required',
      zip: 'Required',
      country: 'Required',
      email: 'Invalid',
      birthday: 'Invalid',
    });
    const empty = await post({ ...download, receive_method: '' });
    expect(empty.json().fields).toEqual({ receive_method: 'Required' });
    expect(await counts()).toEqual(before);
  });

  it('refuses over-long text and unknown fields', async () => {
    const res = await post({ ...download, station: 's'.repeat(10_000), extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ station: 'Must be at most 200 characters', extra: 'Unknown field' });
  });

  it('allows 5 sign-ups per client address in 10 minutes, then answers 429', async () => {
    for (let i = 0; i < 5; i++) expect((await post(download)).statusCode).toBe(200);
    const before = await counts();
    const refused = await post(download);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(await counts()).toEqual(before);
  });
});
