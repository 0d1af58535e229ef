import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditResponse, StatementRun } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { attachmentsOf } from '../../providers/mail/attachments';

/**
 * Issue 45, decision 069: the year's statements sent to every donor in one
 * action, as a job claimed in the database: each donor's e-mail, in their
 * language with the statement's PDF attached, goes once, even with two
 * servers sending; a second press sends nothing again; progress counts up.
 */
let t: TestApp;
let admin: CartVisitor;
let year = 0;
const donors: Record<string, number> = {};
const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-statements-'));

async function donor(email: string, fname: string, lname: string, gifts: { code: string; amount: number; type: string }[]) {
  await createUser(t.db, { email, password: 'listen-along', fname, lname });
  const v = await logIn(t.app, { email, password: 'listen-along' });
  const given = await v.donate(gifts.map((g) => ({ title: 'Missions', description: '', ...g })));
  expect(given.statusCode, given.body).toBe(200);
  await payCart(v);
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  donors[email] = user.id;
  return user.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
  await createUser(t.db, { email: 'statements-admin@example.test', password: 'sends-in-january', is_admin: true });
  admin = await logIn(t.app, { email: 'statements-admin@example.test', password: 'sends-in-january' });
  await donor('grace@example.test', 'Grace', 'Miller', [
    { code: 'missions', amount: 7, type: 'donation' },
    { code: 'missions_monthly', amount: 12, type: 'recurring_donation' },
  ]);
  const senora = await donor('senora@example.test', 'Señora', 'Piñón', [{ code: 'missions', amount: 25, type: 'donation' }]);
  // She gave on the Spanish site: her e-mails are in Spanish.
  await t.db.updateTable('orders').set({ lang_code: 'es' }).where('user_id', '=', senora).execute();
  const anna = await donor('anna@example.test', 'Анна', 'Ёлкина', [{ code: 'missions', amount: 3, type: 'donation' }]);
  await t.db.updateTable('orders').set({ lang_code: 'ru' }).where('user_id', '=', anna).execute();
  const paid = await t.db.selectFrom('orders').select('paid_at').orderBy('id', 'desc').executeTakeFirstOrThrow();
  year = new Date(paid.paid_at as Date).getUTCFullYear();
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

const progress = async () => (await admin.send('GET', `/crud/admin/statements?year=${year}`)).json() as StatementRun;

/** The statement e-mails queued to an address, with their attachments. */
async function statementMails(to: string) {
  const mails = await t.db
    .selectFrom('mail_outbox')
    .select(['id', 'subject', 'lang_code', 'attachments'])
    .where('to_address', '=', to)
    .where((eb) =>
      eb.or([eb('subject', 'like', '%statement%'), eb('subject', 'like', '%constancia%'), eb('subject', 'like', 'Справка%')]),
    )
    .execute();
  return mails.map(({ attachments, ...m }) => ({
    ...m,
    files: attachmentsOf(attachments).map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content })),
  }));
}

/** A PDF's text as pdftotext reads it. */
function textOf(pdf: Buffer) {
  const file = path.join(tmp, `statement-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe("the year's statements to every donor", () => {
  it('sends each donor their statement once, with its PDF in their language, even from two servers at once', async () => {
    expect(await progress()).toEqual({
      year,
      started: false,
      total: 0,
      sent: 0,
      new_donors: 3,
      started_at: null,
      finished_at: null,
    });

    const started = await admin.send('POST', '/crud/admin/statements', { year });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ year, started: true, total: 3, sent: 0, new_donors: 0, finished_at: null });

    // Two servers' workers on one database at once: three e-mails between them.
    const other = await createTestApp({ database: t.database });
    try {
      const sent = await Promise.all([t.app.sendStatements(), other.app.sendStatements()]);
      expect(sent[0] + sent[1]).toBe(3);
    } finally {
      await other.close();
    }
    const done = await progress();
    expect(done).toMatchObject({ year, started: true, total: 3, sent: 3 });
    expect(done.finished_at).toBeTruthy();

    // A second press (and the workers looking again) sends nothing more.
    const again = await admin.send('POST', '/crud/admin/statements', { year });
    expect(again.json()).toMatchObject({ total: 3, sent: 3, new_donors: 0 });
    expect(await t.app.sendStatements()).toBe(0);

    // A donor who first gives after the run is counted as new; the next press sends to them alone.
    await donor('late@example.test', 'Late', 'Giver', [{ code: 'missions', amount: 5, type: 'donation' }]);
    expect(await progress()).toMatchObject({ total: 3, sent: 3, new_donors: 1 });
    const late = await admin.send('POST', '/crud/admin/statements', { year });
    expect(late.json()).toMatchObject({ total: 4, sent: 3, new_donors: 0, finished_at: null });
    expect(await t.app.sendStatements()).toBe(1);
    expect(await statementMails('late@example.test')).toHaveLength(1);

    const grace = await statementMails('grace@example.test');
    expect(grace.map((m) => [m.subject, m.lang_code])).toEqual([[`Your giving statement for ${year}`, 'en']]);
    expect(grace[0]?.files.map((f) => [f.filename, f.content_type])).toEqual([
      [`giving-statement-${year}.pdf`, 'application/pdf'],
    ]);
    const english = textOf(Buffer.from(grace[0]?.files[0]?.content as Buffer));
    expect(english).toContain(`Giving statement ${year}`);
    expect(english).toContain('Grace Miller');
    expect(english).toContain('Monthly gift');
    expect(english).toMatch(/One-time gift, order SH-/);
    expect(english).toMatch(new RegExp(`Total given in ${year}\\s+\\$19\\.00`));
    expect(english).toContain('No goods or services were provided');

    const senora = await statementMails('senora@example.test');
    expect(senora.map((m) => m.lang_code)).toEqual(['es']);
    expect(senora[0]?.files[0]?.filename).toBe(`constancia-donativos-${year}.pdf`);
    const spanish = textOf(Buffer.from(senora[0]?.files[0]?.content as Buffer));
    expect(spanish).toContain(`Constancia de donativos ${year}`);
    expect(spanish).toContain('Señora Piñón');
    expect(spanish).toMatch(/25,00\s*US\$/);

    const anna = await statementMails('anna@example.test');
    expect(anna.map((m) => m.lang_code)).toEqual(['ru']);
    const russian = textOf(Buffer.from(anna[0]?.files[0]?.content as Buffer));
    expect(russian).toContain(`Справка о пожертвованиях за ${year} год`);
    expect(russian).toContain('Анна Ёлкина');

    const audit = (await admin.send('GET', '/crud/admin/audit?action=donor.statements')).json() as AuditResponse;
    expect(audit.items.map((a) => [a.target_kind, a.target_name, a.details])).toEqual([
      ['statements', String(year), { year, donors: 1 }],
      ['statements', String(year), { year, donors: 3 }],
    ]);
  });

  it('attaches the PDF to a single donor’s statement e-mail too', async () => {
    const id = donors['grace@example.test'];
    const sent = await admin.send('POST', `/crud/admin/donors/${id}/statement`, { year });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await statementMails('grace@example.test');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.files.length)).toEqual([1, 1]);
  });

  it('refuses a year nobody gave in and a year out of range, starting nothing', async () => {
    const none = await admin.send('POST', '/crud/admin/statements', { year: 2001 });
    expect([none.statusCode, none.json().code]).toEqual([409, 'giving_statements_none']);
    expect(((await admin.send('GET', '/crud/admin/statements?year=2001')).json() as StatementRun).started).toBe(false);
    expect((await admin.send('POST', '/crud/admin/statements', { year: 1999 })).statusCode).toBe(400);
    expect((await admin.send('POST', '/crud/admin/statements', { year: '2026' })).statusCode).toBe(400);
    expect((await admin.send('GET', '/crud/admin/statements?year=abc')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/crud/admin/statements', payload: { year } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/crud/admin/statements?year=${year}` })).statusCode).toBe(401);
    await createUser(t.db, { email: 'curious@example.test', password: 'listen-along' });
    const family = await logIn(t.app, { email: 'curious@example.test', password: 'listen-along' });
    expect((await family.send('POST', '/crud/admin/statements', { year })).statusCode).toBe(403);
    expect((await family.send('GET', `/crud/admin/statements?year=${year}`)).statusCode).toBe(403);
  });
});
