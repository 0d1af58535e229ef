import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { serverEntry } from '../test/spawned-server';
import { Cancelled, createAdminCommand, type Terminal } from './create-admin-command';
import type { Database } from './db/database';
import { lockEmbedded } from './db/embedded-lock';

/**
 * `npm run create-admin` (issue 26 item 2): a real site's first admin, made from the terminal, since a production
 * server no longer gets the demo admin. Run against the test database (PGlite, or PostgreSQL with DATABASE_URL).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: null, env: { NODE_ENV: 'production', PAYMENTS: 'test' } });
});
afterAll(() => t.close());

/** A terminal that answers from a script and keeps what was printed; `asked` records each question (and whether it was hidden). */
function scriptedTerminal(answers: string[] = [], interactive = answers.length > 0) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: { question: string; hidden: boolean }[] = [];
  const term: Terminal = {
    interactive,
    ask: async (question, opts) => {
      asked.push({ question, hidden: opts?.hidden ?? false });
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected question: ${question}`);
      return answer;
    },
    say: (line) => out.push(line),
    complain: (line) => err.push(line),
  };
  return { term, out, err, asked, printed: () => [...out, ...err].join('\n') };
}

let opened = 0;
/** The test database, opened by the command as cli.ts opens the real one (it stays open for the test app). */
const openTestDatabase = async (): Promise<Database> => {
  opened += 1;
  return { ...t.database, close: async () => {} };
};

const SIGN_IN = 'https://stories.example/login';
const run = (args: string[], term: Terminal, env: Record<string, string> = {}) =>
  createAdminCommand(args, env, term, openTestDatabase, SIGN_IN);

let emails = 0;
const newEmail = () => `steward${++emails}@ministry.example`;

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/crud/login', payload: { email, password }, remoteAddress: `10.9.0.${emails}` });

const account = (email: string) =>
  t.db
    .selectFrom('users')
    .select(['id', 'email', 'is_admin', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

const FULL_COST = /^scrypt\$131072\$8\$1\$/;

describe('npm run create-admin', () => {
  it('creates an admin with a generated password, shown once on the terminal, who can sign in to the back office', async () => {
    const email = newEmail();
    const { term, out, printed } = scriptedTerminal();

    expect(await run([email], term)).toBe(0);

    const shown = out.join('\n').match(/Password: (\S+)/)?.[1] ?? '';
    expect(shown).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(printed().split(shown)).toHaveLength(2);
    expect(printed()).toContain(`Created the admin account ${email}. Sign in at ${SIGN_IN}.`);
    const row = await account(email);
    expect(row).toMatchObject({ email, is_admin: true });
    expect(row?.password_hash).toMatch(FULL_COST);
    expect(row?.password_hash).not.toContain(shown);

    const res = await login(email, shown);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ back_location: '/admin' });
  });

  it('takes the e-mail from ADMIN_EMAIL and the password from ADMIN_PASSWORD, and never prints that password', async () => {
    const email = newEmail();
    const password = 'a long and private passphrase';
    const { term, printed } = scriptedTerminal();

    expect(await run([], term, { ADMIN_EMAIL: email, ADMIN_PASSWORD: password })).toBe(0);

    expect(printed()).not.toContain(password);
    expect(printed()).not.toContain('Password:');
    expect((await account(email))?.password_hash).toMatch(FULL_COST);
    expect((await login(email, password)).json()).toEqual({ back_location: '/admin' });
  });

  it('in a terminal asks for the e-mail and, hidden, the password twice; asks again after a weak password or a mismatch', async () => {
    const email = newEmail();
    const { term, asked, err } = scriptedTerminal([
      ` ${email} `,
      'short',
      'a good password',
      'a good pasword',
      'a good password',
      'a good password',
    ]);

    expect(await run([], term)).toBe(0);

    expect(asked).toEqual([
      { question: 'E-mail of the admin: ', hidden: false },
      { question: 'Password (leave empty to generate one): ', hidden: true },
      { question: 'Password (leave empty to generate one): ', hidden: true },
      { question: 'The same password again: ', hidden: true },
      { question: 'Password (leave empty to generate one): ', hidden: true },
      { question: 'The same password again: ', hidden: true },
    ]);
    expect(err).toEqual([
      'That will not do: too short: at least 8 characters. Try again.',
      'The two passwords differ. Try again.',
    ]);
    expect((await login(email, 'a good password')).json()).toEqual({ back_location: '/admin' });
  });

  it('in a terminal generates the password when it is left empty', async () => {
    const email = newEmail();
    const { term, out } = scriptedTerminal([email, '']);

    expect(await run([], term)).toBe(0);

    const shown = out.join('\n').match(/Password: (\S+)/)?.[1] ?? '';
    expect((await login(email, shown)).statusCode).toBe(200);
  });

  it('makes an existing account an admin and leaves its password alone (whatever the case of the e-mail)', async () => {
    const user = await createUser(t.db);
    const { term, printed } = scriptedTerminal();

    expect(await run([user.email.toUpperCase()], term, { ADMIN_PASSWORD: 'not going to be used' })).toBe(0);

    expect(printed()).toContain(`${user.email} is an admin now. Their password is unchanged`);
    expect(printed()).toContain('ADMIN_PASSWORD was not used');
    expect(await account(user.email)).toMatchObject({ id: user.id, is_admin: true, password_hash: user.password_hash });
    expect((await login(user.email, user.password)).json()).toEqual({ back_location: '/admin' });
    expect((await login(user.email, 'not going to be used')).statusCode).toBe(401);

    const again = scriptedTerminal();
    expect(await run([user.email], again.term)).toBe(0);
    expect(again.printed()).toBe(`${user.email} is already an admin. Nothing changed.`);
  });

  it('unlocks an admin whose sign-in was locked (the way back in after a lock-out), and says so', async () => {
    const admin = await createUser(t.db, { is_admin: true, sign_in_locked_at: new Date() });
    expect((await login(admin.email, admin.password)).json().code).toBe('account_locked');
    const { term, printed } = scriptedTerminal();

    expect(await run([admin.email], term)).toBe(0);

    expect(printed()).toBe(
      `${admin.email} is an admin whose sign-in was locked: it is unlocked now. Their password is unchanged; they sign in at ${SIGN_IN}.`,
    );
    expect((await login(admin.email, admin.password)).json()).toEqual({ back_location: '/admin' });

    // A locked account made an admin can sign in too.
    const family = await createUser(t.db, { sign_in_locked_at: new Date() });
    const promoted = scriptedTerminal();
    expect(await run([family.email], promoted.term)).toBe(0);
    expect(promoted.printed()).toContain('(Their sign-in was locked: it is unlocked now.)');
    expect((await login(family.email, family.password)).json()).toEqual({ back_location: '/admin' });
  });

  describe('refuses bad input with a message and exit status 1, touching nothing', () => {
    it.each([
      [['not-an-email'], {}, 'Refused "not-an-email": not an e-mail address (such as you@example.org).'],
      [[], { ADMIN_EMAIL: 'two@words @example.org' }, 'Refused "two@words @example.org": not an e-mail address'],
      [['weak@ministry.example'], { ADMIN_PASSWORD: 'seven77' }, 'Refused ADMIN_PASSWORD: too short: at least 8 characters.'],
      [
        ['long@ministry.example'],
        { ADMIN_PASSWORD: 'x'.repeat(1025) },
        'Refused ADMIN_PASSWORD: too long: at most 1024 characters.',
      ],
      [['nul@ministry.example'], { ADMIN_PASSWORD: 'pass\u0000word' }, 'Refused ADMIN_PASSWORD: it holds a character'],
      [[], {}, 'Which e-mail? npm run create-admin -- you@example.org (or ADMIN_EMAIL=you@example.org).'],
      [['a@ministry.example', 'b@ministry.example'], {}, 'One e-mail at a time (got 2).'],
      [['--admin', 'a@ministry.example'], {}, 'Unknown option --admin.'],
    ])('%j with %j', async (args, env, message) => {
      const before = opened;
      const { term, err, out } = scriptedTerminal();

      expect(await run(args, term, env)).toBe(1);

      expect(err.join('\n')).toContain(message);
      expect(out).toEqual([]);
      expect(opened).toBe(before);
    });

    it('three weak passwords in a terminal', async () => {
      const email = newEmail();
      const { term, err } = scriptedTerminal([email, '1234567', 'abc', 'seven77']);

      expect(await run([], term)).toBe(1);

      expect(err).toEqual([
        'That will not do: too short: at least 8 characters. Try again.',
        'That will not do: too short: at least 8 characters. Try again.',
        'Refused: too short: at least 8 characters.',
      ]);
      expect(await account(email)).toBeUndefined();
    });

    it('Ctrl-C at the password: exit status 130, no account', async () => {
      const email = newEmail();
      const { term, err } = scriptedTerminal([email]);
      term.ask = async (question) => {
        if (question.startsWith('Password')) throw new Cancelled();
        return email;
      };

      expect(await run([], term)).toBe(130);
      expect(err).toEqual(['Cancelled: nothing changed.']);
      expect(await account(email)).toBeUndefined();
    });
  });
});

describe('the create-admin process', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'storyhouse-create-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /**
   * Runs the built cli.ts (server/dist/cli.js, as the Docker image's `create-admin` does), with no terminal; asynchronously, so this process can
   * answer while it runs (a test holding the database's lock).
   */
  const cli = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [serverEntry('cli'), 'create-admin', ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        stdout += c;
      });
      child.stderr.setEncoding('utf8').on('data', (c: string) => {
        stderr += c;
      });
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });
  const stackTrace = /^\s+at /m;

  // Processes of their own, as the spawned-server tests: a loaded machine can take longer than the default 30 s to start two.
  it('answers bad input with a clear message and exit status 1, never a stack trace', { timeout: 120_000 }, async () => {
    const bad = await cli(['not-an-email']);
    expect(bad).toMatchObject({ status: 1, stdout: '' });
    expect(bad.stderr.trim()).toBe('Refused "not-an-email": not an e-mail address (such as you@example.org).');

    const config = await cli(['me@ministry.example'], { DATABASE_URL: 'mysql://root@localhost/storyhouse' });
    expect(config.status).toBe(1);
    expect(config.stderr).toMatch(/^Invalid configuration:\n {2}DATABASE_URL="mysql:/);
    expect(`${bad.stderr}${config.stderr}`).not.toMatch(stackTrace);
  });

  it('refuses an embedded database that a running server holds (PGlite serves one process at a time)', {
    timeout: 120_000,
  }, async () => {
    // This test process stands in for the server: it holds the database's lock.
    const release = await lockEmbedded(path.resolve(dataDir, 'pglite'));

    const busy = await cli(['me@ministry.example'], { ADMIN_PASSWORD: 'a good password' });
    await release();

    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain(`is open in process ${process.pid} (a server?): stop it, then run this again.`);
    expect(busy.stderr).not.toMatch(stackTrace);
  });
});
