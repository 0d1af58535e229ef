import { randomBytes } from 'node:crypto';
import { EmailAddress, NewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { accountsRepository } from './accounts.repository';
import { hashPassword, PASSWORD_HASH_PARAMS } from './password';

/**
 * The first admin of a real site (`npm run create-admin`, README "Going to production"): a production database
 * has no demo admin, and nobody can sign up as an admin. The rules live here; the terminal side is
 * server/src/create-admin-command.ts.
 */

/** What is wrong with an e-mail for an admin account (null: nothing): the account form's rule. */
export function adminEmailProblem(email: string): string | null {
  return EmailAddress.safeParse(email).success ? null : 'not an e-mail address (such as you@example.org)';
}

/** What is wrong with a new admin's password (null: nothing): the sign-up's rule (contracts NewPassword). */
export function adminPasswordProblem(password: string): string | null {
  const result = NewPassword.safeParse(password);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (issue?.code === 'too_small') return `too short: at least ${PASSWORD_MIN_LENGTH} characters`;
  if (issue?.code === 'too_big') return `too long: at most ${PASSWORD_MAX_LENGTH} characters`;
  return 'it holds a character that cannot be stored (NUL)';
}

/** A password for someone to keep in a password manager: 24 characters, 144 random bits. */
export function generateAdminPassword() {
  return randomBytes(18).toString('base64url');
}

export type CreateAdminResult =
  | { outcome: 'created'; id: number; email: string }
  /**
   * The account existed and is an admin now (or was one); its password is the one its owner already has.
   * `unlocked`: its sign-in had been locked in the back office and is unlocked now (issue 40 item 5).
   */
  | { outcome: 'promoted'; id: number; email: string; unlocked: boolean }
  | { outcome: 'already_admin'; id: number; email: string; unlocked: boolean }
  | { outcome: 'refused'; field: 'email' | 'password'; problem: string };

/**
 * Makes `email` an admin who can sign in: an existing account (any case of the e-mail) keeps its password, becomes
 * an admin and has its sign-in unlocked (the way back in when every other admin is locked out or gone);
 * otherwise an account is created with the password `choosePassword` gives (asked only then), hashed at the full
 * scrypt cost whatever the environment.
 */
export async function createAdmin(db: Db, email: string, choosePassword: () => Promise<string>): Promise<CreateAdminResult> {
  const address = email.trim();
  const emailProblem = adminEmailProblem(address);
  if (emailProblem) return { outcome: 'refused', field: 'email', problem: emailProblem };
  const repo = accountsRepository(db);
  const existing = await repo.findByEmail(address);
  if (existing) return promote(repo, existing);

  const password = await choosePassword();
  const passwordProblem = adminPasswordProblem(password);
  if (passwordProblem) return { outcome: 'refused', field: 'password', problem: passwordProblem };
  const id = await repo.insertAdmin({ email: address, password_hash: await hashPassword(password, PASSWORD_HASH_PARAMS) });
  if (id !== undefined) return { outcome: 'created', id, email: address };
  // Signed up while the password was being chosen: that account is the one to promote (its own password stays).
  const appeared = await repo.findByEmail(address);
  if (!appeared) throw new Error(`users_email_key refused ${address}, but no account has it`);
  return promote(repo, appeared);
}

async function promote(
  repo: ReturnType<typeof accountsRepository>,
  account: { id: number; email: string; is_admin: boolean; sign_in_locked_at: Date | null },
): Promise<CreateAdminResult> {
  const unlocked = account.sign_in_locked_at !== null;
  const { id, email } = account;
  if (account.is_admin && !unlocked) return { outcome: 'already_admin', id, email, unlocked };
  await repo.makeAdmin(id);
  return { outcome: account.is_admin ? 'already_admin' : 'promoted', id, email, unlocked };
}
