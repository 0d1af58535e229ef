import type { Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { adminEmailProblem, adminPasswordProblem, createAdmin, generateAdminPassword } from './modules/accounts/create-admin';

/**
 * `npm run create-admin`: the terminal side of modules/accounts/create-admin.ts. Everything it prints goes to the
 * terminal that ran it (never to the server's log); a generated password is printed once, there.
 */

/** The terminal the command talks to; tests pass a scripted one. */
export interface Terminal {
  /** A person can answer questions (stdin and stdout are a TTY). */
  interactive: boolean;
  /** Asks a question and reads one line; `hidden` does not echo what is typed. */
  ask(question: string, opts?: { hidden?: boolean }): Promise<string>;
  /** A line on stdout. */
  say(line: string): void;
  /** A line on stderr. */
  complain(line: string): void;
}

export const CREATE_ADMIN_USAGE = `Usage: npm run create-admin [-- <e-mail>]

Makes <e-mail> an admin: an existing account keeps its password (a locked
sign-in is unlocked); otherwise an admin account is created. Asks for the e-mail and the password when run in a
terminal (leave the password empty to get a generated one).

Without a terminal: the e-mail as the argument or ADMIN_EMAIL, the password
from ADMIN_PASSWORD, or a generated one, printed once on stdout.
The database is DATABASE_URL's, or the embedded one in DATA_DIR (stop the
server first: the embedded database serves one process at a time).`;

/** A refusal with a message for the terminal (exit status 1, no stack trace). */
class Refused extends Error {}

/** The person pressed Ctrl-C at a question (exit status 130, like a shell's). */
export class Cancelled extends Error {}

const ATTEMPTS = 3;

/** Asks until `problem` finds nothing, at most three times. */
async function askValid(term: Terminal, question: string, problem: (v: string) => string | null, hidden = false) {
  for (let attempt = 1; ; attempt++) {
    const answer = await term.ask(question, { hidden });
    const wrong = problem(answer);
    if (!wrong) return answer;
    if (attempt === ATTEMPTS) throw new Refused(`Refused: ${wrong}.`);
    term.complain(`That will not do: ${wrong}. Try again.`);
  }
}

/** Asks for a new password twice; empty means "generate one". */
async function askPassword(term: Terminal): Promise<{ password: string; generated: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const password = await askValid(
      term,
      'Password (leave empty to generate one): ',
      (v) => (v === '' ? null : adminPasswordProblem(v)),
      true,
    );
    if (password === '') return { password: generateAdminPassword(), generated: true };
    if ((await term.ask('The same password again: ', { hidden: true })) === password) return { password, generated: false };
    if (attempt === ATTEMPTS) throw new Refused('Refused: the two passwords differ.');
    term.complain('The two passwords differ. Try again.');
  }
}

/**
 * Runs the command; returns the exit status. `open` opens the database (after the arguments are checked, so bad
 * input never touches it); the command migrates it first, so it works before the server's first start.
 */
export async function createAdminCommand(
  args: string[],
  env: Record<string, string | undefined>,
  term: Terminal,
  open: () => Promise<Database>,
  signInUrl: string,
): Promise<number> {
  try {
    if (args.includes('--help') || args.includes('-h')) {
      term.say(CREATE_ADMIN_USAGE);
      return 0;
    }
    const unknown = args.find((a) => a.startsWith('-'));
    if (unknown) throw new Refused(`Unknown option ${unknown}.\n\n${CREATE_ADMIN_USAGE}`);
    if (args.length > 1) throw new Refused(`One e-mail at a time (got ${args.length}).\n\n${CREATE_ADMIN_USAGE}`);

    const given = args[0] ?? env.ADMIN_EMAIL;
    let email: string;
    if (given !== undefined && given !== '') {
      const problem = adminEmailProblem(given.trim());
      if (problem) throw new Refused(`Refused ${JSON.stringify(given)}: ${problem}.`);
      email = given.trim();
    } else if (term.interactive) {
      email = (await askValid(term, 'E-mail of the admin: ', (v) => adminEmailProblem(v.trim()))).trim();
    } else {
      throw new Refused(`Which e-mail? npm run create-admin -- you@example.org (or ADMIN_EMAIL=you@example.org).`);
    }
    const envPassword = env.ADMIN_PASSWORD || undefined;
    if (envPassword !== undefined) {
      const problem = adminPasswordProblem(envPassword);
      if (problem) throw new Refused(`Refused ADMIN_PASSWORD: ${problem}.`);
    }

    const database = await open();
    let generated: string | undefined;
    let result: Awaited<ReturnType<typeof createAdmin>>;
    try {
      await migrateToLatest(database.db);
      result = await createAdmin(database.db, email, async () => {
        if (envPassword !== undefined) return envPassword;
        const chosen = term.interactive ? await askPassword(term) : { password: generateAdminPassword(), generated: true };
        if (chosen.generated) generated = chosen.password;
        return chosen.password;
      });
    } finally {
      await database.close();
    }

    switch (result.outcome) {
      case 'refused':
        throw new Refused(`Refused the ${result.field}: ${result.problem}.`);
      case 'already_admin':
        term.say(
          result.unlocked
            ? `${result.email} is an admin whose sign-in was locked: it is unlocked now. Their password is unchanged; they sign in at ${signInUrl}.`
            : `${result.email} is already an admin. Nothing changed.`,
        );
        return 0;
      case 'promoted':
        term.say(`${result.email} is an admin now. Their password is unchanged; they sign in at ${signInUrl}.`);
        if (result.unlocked) term.say('(Their sign-in was locked: it is unlocked now.)');
        if (envPassword !== undefined) term.say('(ADMIN_PASSWORD was not used: the account already had a password.)');
        return 0;
      case 'created':
        term.say(`Created the admin account ${result.email}. Sign in at ${signInUrl}.`);
        if (generated !== undefined) {
          term.say('');
          term.say(`    Password: ${generated}`);
          term.say('');
          term.say('Shown this once and stored only as a hash: keep it in a password manager now.');
        }
        return 0;
    }
  } catch (err) {
    if (err instanceof Cancelled) {
      term.complain('Cancelled: nothing changed.');
      return 130;
    }
    if (!(err instanceof Refused)) throw err;
    term.complain(err.message);
    return 1;
  }
}
