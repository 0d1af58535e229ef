import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { startSmtpServer } from '../../../test/smtp-server';
import { buildApp } from '../../app';
import { deliverDueMail, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, startMailWorker } from './delivery';
import { enqueueMail } from './outbox';
import { outboxRepository } from './outbox.repository';
import type { MailMessage, MailTransport } from './transport';
import { outboxTransport } from './transport-outbox';
import { smtpTransport } from './transport-smtp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: null });
});
afterAll(() => t.close());
// Each test starts with an empty outbox.
afterEach(async () => {
  await t.db.deleteFrom('mail_outbox').execute();
});

const queue = (overrides: { to?: string; subject?: string } = {}) =>
  enqueueMail(t.db, {
    lang_code: 'es',
    to: overrides.to ?? 'family@example.test',
    replyTo: 'office@ministry.test',
    subject: overrides.subject ?? 'Sus lecciones',
    text: 'Hola,\n. una línea con punto\nAdiós',
  });
const row = (id: number) => t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Makes a message due now, as if its retry time had come. */
const makeDue = (id: number) =>
  t.db.updateTable('mail_outbox').set({ next_attempt_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', id).execute();
/** Seconds from now until the row's next attempt. */
const secondsUntilNext = async (id: number) => {
  const r = await sql<{
    s: number;
  }>`select extract(epoch from next_attempt_at - now())::float as s from mail_outbox where id = ${id}`.execute(t.db);
  return r.rows[0]!.s;
};

/** A transport that records what it is given and fails while `failing` is set. */
function recordingTransport(failing = false) {
  const sent: MailMessage[] = [];
  const transport: MailTransport & { sent: MailMessage[]; failing: boolean } = {
    name: 'smtp',
    sent,
    failing,
    async send(message) {
      if (transport.failing) throw new Error('421 4.3.2 Service not available, closing transmission channel');
      sent.push(message);
    },
  };
  return transport;
}

describe('deliverDueMail', () => {
  it('sends each due message once and marks it sent', async () => {
    const a = await queue({ subject: 'A' });
    const b = await queue({ subject: 'B' });
    const transport = recordingTransport();
    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 2, failed: 0 });
    expect(transport.sent.map((m) => [m.id, m.subject, m.lang_code, m.replyTo])).toEqual([
      [a, 'A', 'es', 'office@ministry.test'],
      [b, 'B', 'es', 'office@ministry.test'],
    ]);
    expect(await row(a)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect((await row(a)).sent_at).toBeInstanceOf(Date);
    // Nothing is sent twice.
    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(transport.sent).toHaveLength(2);
  });

  it('on failure keeps the message, the error and the attempt count, and retries with growing delays', async () => {
    const id = await queue();
    const transport = recordingTransport(true);

    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 1 });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: '421 4.3.2 Service not available, closing transmission channel',
      sent_at: null,
    });
    expect(await secondsUntilNext(id)).toBeGreaterThan(55);
    expect(await secondsUntilNext(id)).toBeLessThanOrEqual(60);
    // Not due yet: the next run leaves it alone.
    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 0 });

    await makeDue(id);
    await deliverDueMail(t.db, transport);
    expect((await row(id)).attempts).toBe(2);
    expect(await secondsUntilNext(id)).toBeGreaterThan(RETRY_DELAYS_SECONDS[1] - 5);
    expect(await secondsUntilNext(id)).toBeLessThanOrEqual(5 * 60);

    // The mail server comes back: the next attempt delivers it.
    transport.failing = false;
    await makeDue(id);
    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts: status failed, the row and its error kept`, async () => {
    const id = await queue();
    const transport = recordingTransport(true);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 1 });
      expect((await row(id)).status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, to_address: 'family@example.test' });
    expect((await row(id)).last_error).toContain('Service not available');
    await makeDue(id);
    expect(await deliverDueMail(t.db, recordingTransport())).toEqual({ sent: 0, failed: 0 });
  });

  it('never lets two workers claim the same message', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => queue({ subject: `M${i}` })));
    const transport = recordingTransport();
    const results = await Promise.all([deliverDueMail(t.db, transport, 4), deliverDueMail(t.db, transport, 4)]);
    const again = await deliverDueMail(t.db, transport, 4);
    expect(results[0]!.sent + results[1]!.sent + again.sent).toBe(6);
    expect(transport.sent.map((m) => m.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
  });

  it('leaves a message a dead worker claimed until its lease ends, then sends it', async () => {
    const id = await queue();
    // A worker claimed it and died before sending.
    expect(await outboxRepository(t.db).claimDue(10, 600)).toHaveLength(1);
    const transport = recordingTransport();
    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 0 });
    await makeDue(id);
    expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks messages sent with the outbox transport (the developer mailbox)', async () => {
    const id = await queue();
    await deliverDueMail(t.db, outboxTransport());
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('hands a transport each message with its attachments, as queued', async () => {
    const content = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    await enqueueMail(t.db, {
      lang_code: 'ru',
      to: 'donor@example.test',
      subject: 'Квитанция',
      text: 'Спасибо',
      attachments: [{ filename: 'receipt.pdf', contentType: 'application/pdf', content }],
    });
    const plain = await queue();
    const transport = recordingTransport();
    await deliverDueMail(t.db, transport);
    expect(transport.sent.map((m) => [m.subject, m.attachments])).toEqual([
      ['Квитанция', [{ filename: 'receipt.pdf', contentType: 'application/pdf', content }]],
      ['Sus lecciones', []],
    ]);
    expect(await row(plain)).toMatchObject({ attachments: null });
  });
});

describe('the SMTP transport', () => {
  it('hands the message to the SMTP server with From, Reply-To, subject and body', async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport({ url: smtp.url, from: 'Storyhouse <hello@storyhouse.test>', timeoutSeconds: 5 });
    try {
      const id = await queue({ subject: 'Lecciones bíblicas' });
      expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 1, failed: 0 });
      expect(await row(id)).toMatchObject({ status: 'sent' });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from).toBe('hello@storyhouse.test');
      expect(mail!.to).toEqual(['family@example.test']);
      expect(mail!.data).toMatch(/^From: Storyhouse <hello@storyhouse\.test>\r$/m);
      expect(mail!.data).toMatch(/^Reply-To: office@ministry\.test\r$/m);
      expect(mail!.data).toMatch(/^Content-Language: es\r$/m);
      expect(mail!.data).toMatch(/^Subject: =\?UTF-8\?[QB]\?/m);
      expect(mail!.data).toContain('Adi=C3=B3s');
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it('sends a message’s attachments (a receipt’s PDF) as files of the e-mail', async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport({ url: smtp.url, from: 'hello@storyhouse.test', timeoutSeconds: 5 });
    try {
      const pdf = Buffer.from('%PDF-1.3 a receipt');
      const id = await enqueueMail(t.db, {
        lang_code: 'en',
        to: 'donor@example.test',
        subject: 'Your receipt',
        text: 'Thank you',
        attachments: [{ filename: 'receipt-SH-AAAA-22.pdf', contentType: 'application/pdf', content: pdf }],
      });
      expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 1, failed: 0 });
      expect(await row(id)).toMatchObject({ status: 'sent' });
      const data = smtp.received[0]!.data;
      expect(data).toMatch(/Content-Type: application\/pdf; name=receipt-SH-AAAA-22\.pdf/);
      expect(data).toMatch(/Content-Disposition: attachment; filename=receipt-SH-AAAA-22\.pdf/);
      expect(data).toContain(pdf.toString('base64'));
      expect(data).toContain('Thank you');
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it('records a refusal as a failed attempt to retry', async () => {
    const smtp = await startSmtpServer({ rejectWith: '451 4.7.1 Greylisted, try again later' });
    const transport = smtpTransport({ url: smtp.url, from: 'hello@storyhouse.test', timeoutSeconds: 5 });
    try {
      const id = await queue();
      expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row(id)).last_error).toContain('Greylisted');
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it('records an unreachable server as a failed attempt to retry', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const transport = smtpTransport({ url: smtp.url, from: 'hello@storyhouse.test', timeoutSeconds: 5 });
    try {
      const id = await queue();
      expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 0, failed: 1 });
      expect((await row(id)).last_error).toMatch(/ECONNREFUSED/);
    } finally {
      transport.close?.();
    }
  });
});

describe('the delivery worker', () => {
  it('delivers in the background and stops when asked', async () => {
    const transport = recordingTransport();
    const worker = startMailWorker({ db: t.db, transport, intervalMs: 50 });
    try {
      const id = await queue();
      await expect.poll(async () => (await row(id)).status, { timeout: 5000 }).toBe('sent');
    } finally {
      await worker.stop();
    }
    const later = await queue();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await row(later)).status).toBe('pending');
  });

  it('runs in the app from ready to close (MAIL_TRANSPORT=smtp)', async () => {
    const smtp = await startSmtpServer();
    const database = await createTestDatabase();
    const config = testConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url, MAIL_FROM: 'hello@storyhouse.test' });
    const app = await buildApp({ config, database, webRoot: undefined, mailWorker: true });
    try {
      const id = await enqueueMail(database.db, { lang_code: 'en', to: 'a@example.test', subject: 'Hi', text: 'Hello' });
      await app.ready();
      await expect
        .poll(
          async () =>
            (await database.db.selectFrom('mail_outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
          {
            timeout: 10_000,
          },
        )
        .toBe('sent');
      expect(smtp.received.map((m) => m.to)).toEqual([['a@example.test']]);
    } finally {
      await app.close();
      await database.close();
      await smtp.close();
    }
  });

  it('is off in tests unless asked for', async () => {
    const id = await queue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await row(id)).status).toBe('pending');
  });
});
