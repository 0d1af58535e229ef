import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { deliverDueMail } from '../../providers/mail/delivery';
import { outboxTransport } from '../../providers/mail/transport-outbox';

const URL = '/crud/email/contact-us';
const MINISTRY = 'office@ministry.test';

let t: TestApp;
/** A different client address per test, so the rate limit of one test never affects another. */
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

const good = {
  first_name: 'Ana',
  last_name: 'López',
  email: 'ana@example.test',
  address: '12 Elm Street',
  city: 'Springfield',
  country: 'United States',
  state: 'IL',
  zip: '62701',
  phone: '555-0100',
  find_us: 'On the radio',
  message: 'We love the Noah story.\nThank you!',
};

const post = (payload: unknown, { host = 'localhost', remoteAddress = ip } = {}) =>
  t.app.inject({ method: 'POST', url: URL, payload: payload as object, headers: { host }, remoteAddress });

const counts = async () => ({
  messages: Number(
    (
      await t.db
        .selectFrom('contact_messages')
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

const lastMail = () => t.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('POST /crud/email/contact-us', () => {
  it('stores the message and queues its e-mail to the ministry, reply-to the visitor, in English', async () => {
    const res = await post(good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent' });

    const stored = await t.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ ...good, lang_code: 'en' });

    const mail = await lastMail();
    expect(mail).toMatchObject({
      to_address: MINISTRY,
      reply_to: 'ana@example.test',
      lang_code: 'en',
      status: 'pending',
      subject: 'Contact form: Ana López',
    });
    expect(mail.text_body).toContain('Phone: 555-0100');
    expect(mail.text_body).toContain('How did you find us?: On the radio');
    expect(mail.text_body).toContain('Address: 12 Elm Street, Springfield, IL 62701, United States');
    expect(mail.text_body).toContain('Comments:\nWe love the Noah story.\nThank you!');
  });

  it('writes the e-mail in the language of the site the visitor wrote from', async () => {
    const res = await post({ ...good, first_name: 'Lucía' }, { host: 'es.localhost' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail();
    expect(mail.lang_code).toBe('es');
    expect(mail.subject).toBe('Formulario de contacto: Lucía López');
    expect(mail.text_body).toContain('Comentarios:');
    expect(mail.text_body).toContain('¿Cómo nos conociste?: On the radio');
    const stored = await t.db.selectFrom('contact_messages').select('lang_code').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.lang_code).toBe('es');
  });

  it('needs only the names, the e-mail and the message; leaves the rest empty', async () => {
    const res = await post({ first_name: 'Sam', last_name: 'Lee', email: 'sam@example.test', message: 'Hello' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail();
    expect(mail.text_body).not.toContain('Phone:');
    expect(mail.text_body).not.toContain('Address:');
  });

  it('refuses missing and invalid fields with localized messages and stores nothing', async () => {
    const before = await counts();
    const res = await post({ first_name: ' ', email: 'not-an-email', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Some of the information is missing or invalid.',
      fields: { first_name: 'Required', last_name: 'Required', email: 'Invalid', message: 'Required' },
    });
    const es = await post({ first_name: 'Ana', last_name: 'López', email: '', message: 'Hola' }, { host: 'es.localhost' });
    expect(es.statusCode).toBe(400);
    expect(es.json().fields).toEqual({ email: 'Obligatorio' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a 10,000-character message', async () => {
    const before = await counts();
    const res = await post({ ...good, message: 'a'.repeat(10_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ message: 'Must be at most 5000 characters' });
    expect(await counts()).toEqual(before);
  });

  it('refuses over-long optional fields and unknown fields', async () => {
    const res = await post({ ...good, phone: '5'.repeat(41), admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: 'Must be at most 40 characters', admin: 'Unknown field' });
  });

  it('keeps script tags as text in the e-mail: as typed in the plain part, escaped in the HTML part', async () => {
    const res = await post({ ...good, message: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail();
    expect(mail.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html_body).not.toContain('<script');
    expect(mail.text_body).toContain('<script>alert(1)</script>');
  });

  it('allows 5 messages per client address in 10 minutes, then answers 429 in the site language', async () => {
    for (let i = 0; i < 5; i++) expect((await post(good)).statusCode).toBe(200);
    const before = await counts();
    const refused = await post(good, { host: 'es.localhost' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    });
    expect(await counts()).toEqual(before);
    // Another visitor is not affected.
    expect((await post(good, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });

  it('is delivered by the outbox transport and marked sent', async () => {
    await post(good);
    const { id } = await lastMail();
    await deliverDueMail(t.db, outboxTransport());
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(mail.sent_at).toBeInstanceOf(Date);
  });
});
