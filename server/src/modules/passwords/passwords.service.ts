import { type ChangePasswordInput, type LangCode, PASSWORD_RESET_LINK_HOURS } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { AppError } from '../../lib/errors';
import { hashToken, newToken, TOKEN_FORMAT } from '../../lib/tokens';
import { renderMail } from '../../mail/render';
import { enqueueMail } from '../../providers/mail/outbox';
import { hashPassword, PASSWORD_HASH_PARAMS, type PasswordHashParams, verifyPassword } from '../accounts/password';
import { forgetLoginFailures } from '../login/login.service';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { endOtherSessions } from '../sessions/sessions.service';
import { passwordsRepository } from './passwords.repository';

/** Per client address: a few forgotten passwords, not a sweep through a list of addresses. */
export const FORGOT_PASSWORD_IP_LIMIT: RateLimit = { limit: 10, windowSeconds: 15 * 60 };
/** Per address asked about (known or not, so the limit itself says nothing): no flood of e-mails to one inbox. */
export const FORGOT_PASSWORD_EMAIL_LIMIT: RateLimit = { limit: 3, windowSeconds: 60 * 60 };
/** Per client address on the link's form; a token cannot be guessed (256 bits), this only stops hammering. */
export const RESET_WITH_TOKEN_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 15 * 60 };
/** Per signed-in user: guessing the current password from a borrowed session is slowed to a crawl. */
export const CHANGE_PASSWORD_USER_LIMIT: RateLimit = { limit: 5, windowSeconds: 15 * 60 };

/** Only the SHA-256 of a reset token is stored: a copy of the database opens no account (lib/tokens.ts). */
export const hashResetToken = hashToken;

/**
 * Checks the signed-in user's current password wherever one is asked for
 * (a password change, an e-mail change), under one per-user limit, so a
 * borrowed session gets a handful of guesses in all. Missing or wrong: 400
 * with the message on `field` (the form's name for it).
 */
export async function checkCurrentPassword(db: Db, userId: number, password: string | undefined, field: string) {
  if (!password) {
    throw new AppError('invalid_data', 'current_password_required', {}, { [field]: { key: 'errors.current_password_required' } });
  }
  await enforceRateLimit(db, `change-password:user:${userId}`, CHANGE_PASSWORD_USER_LIMIT);
  const stored = await passwordsRepository(db).passwordHash(userId);
  if (!stored || !(await verifyPassword(password, stored))) {
    throw new AppError('invalid_data', 'current_password_wrong', {}, { [field]: { key: 'errors.current_password_wrong' } });
  }
}

/**
 * Issue 26 item 4: an admin acting for a family (impersonating it) must not
 * take its account: its password, like its e-mail, is the family's own to change.
 */
export function assertOwnCredentials(masquerading: boolean, code: 'email_change_owner_only' | 'password_change_owner_only') {
  if (masquerading) throw new AppError('not_allowed', code);
}

/**
 * Clears the account's password (no one can log in with it any more),
 * retires its outstanding reset links and issues a new one, returned as its
 * token: after an e-mail change is undone, whoever changed it may know the
 * password, so the family chooses a new one (issue 26 item 4). Runs in the
 * caller's transaction.
 */
export async function restartPassword(db: Db, userId: number) {
  const r = passwordsRepository(db);
  const token = newToken();
  await r.setPasswordHash(userId, null);
  await r.retireTokens(userId);
  await r.insertResetToken(userId, hashResetToken(token), new Date(Date.now() + PASSWORD_RESET_LINK_HOURS * 60 * 60 * 1000));
  return token;
}

/** The reset e-mail, written in the requester's language. */
export function resetMail(lang: LangCode, email: string, url: string) {
  const t = translators[lang];
  return renderMail({
    lang,
    subject: t('password.email.subject'),
    blocks: [
      { kind: 'text', text: t('password.email.greeting') },
      { kind: 'text', text: t('password.email.asked', { email }) },
      {
        kind: 'link',
        text: t('password.email.link', { hours: PASSWORD_RESET_LINK_HOURS }),
        url,
        button: t('mail.button.resetPassword'),
      },
      { kind: 'text', text: t('password.email.ignore') },
      { kind: 'text', text: t('password.email.signature') },
    ],
  });
}

export interface ForgotContext {
  /** The e-mail's language. */
  lang: LangCode;
  clientIp: string;
  /** Builds the link's address from its token (site host, page path, language flag). */
  linkFor: (token: string) => string;
}

/**
 * Password recovery and change (spec §4 Forgot password, Reset password;
 * issue 5 Password recovery). Recovery never tells whether an address has
 * an account; any password change ends the account's other sessions and
 * retires its outstanding reset links.
 */
export function passwordsService(db: Db, hashParams: PasswordHashParams = PASSWORD_HASH_PARAMS) {
  const repo = passwordsRepository(db);

  return {
    async forgot(ctx: ForgotContext, email: string) {
      await enforceRateLimit(db, `forgot-password:ip:${ctx.clientIp}`, FORGOT_PASSWORD_IP_LIMIT);
      // The key is a hash: the limiter's table holds no one's address.
      await enforceRateLimit(db, `forgot-password:email:${hashResetToken(email.toLowerCase())}`, FORGOT_PASSWORD_EMAIL_LIMIT);
      const user = await repo.findUserByEmail(email);
      if (user) {
        const token = newToken();
        const expiresAt = new Date(Date.now() + PASSWORD_RESET_LINK_HOURS * 60 * 60 * 1000);
        await db.transaction().execute(async (trx) => {
          await passwordsRepository(trx).insertResetToken(user.id, hashResetToken(token), expiresAt);
          await enqueueMail(trx, {
            lang_code: ctx.lang,
            to: user.email,
            ...(await resetMail(ctx.lang, user.email, ctx.linkFor(token))),
          });
        });
      }
      return { status: 'sent' as const };
    },

    /**
     * Sets a new password with a link's token. Every session of the account
     * ends (whoever held the old password is out) and the person logs in
     * with the new one.
     */
    async resetWithToken(clientIp: string, token: string, newPassword: string) {
      await enforceRateLimit(db, `reset-password-token:ip:${clientIp}`, RESET_WITH_TOKEN_IP_LIMIT);
      const invalid = new AppError('invalid_data', 'password_reset_link_invalid');
      if (!TOKEN_FORMAT.test(token)) throw invalid;
      const tokenHash = hashResetToken(token);
      // Checked before the (slow, memory-hard) hash so a dead link costs nothing; consumed atomically after.
      if (!(await repo.findUsableToken(tokenHash))) throw invalid;
      const passwordHash = await hashPassword(newPassword, hashParams);
      const userId = await db.transaction().execute(async (trx) => {
        const r = passwordsRepository(trx);
        const row = await r.consumeToken(tokenHash);
        if (!row) return undefined;
        await r.setPasswordHash(row.user_id, passwordHash);
        await r.retireTokens(row.user_id);
        await endOtherSessions(trx, row.user_id, undefined);
        // The e-mail proved who they are: failures left by someone guessing their password no longer apply.
        await forgetLoginFailures(trx, row.user_id);
        return row.user_id;
      });
      if (userId === undefined) throw invalid;
      return { status: 'updated' as const, userId };
    },

    /**
     * The signed-in user's change with the current password; the session making it stays, the others end.
     * Refused (403) to an admin impersonating the user.
     */
    async change(session: { userId: number; sessionId: string; masquerading: boolean }, input: Required<ChangePasswordInput>) {
      const { userId, sessionId: keepSessionId } = session;
      assertOwnCredentials(session.masquerading, 'password_change_owner_only');
      await checkCurrentPassword(db, userId, input.current_password, 'current_password');
      const passwordHash = await hashPassword(input.new_password, hashParams);
      await db.transaction().execute(async (trx) => {
        const r = passwordsRepository(trx);
        await r.setPasswordHash(userId, passwordHash);
        await r.retireTokens(userId);
        await endOtherSessions(trx, userId, keepSessionId);
      });
      return { status: 'updated' as const };
    },
  };
}
