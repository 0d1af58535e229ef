import {
  type AccountCreateUser,
  type AccountUpdateUser,
  COUNTRY_ID,
  type Country,
  EMAIL_CHANGE_UNDO_DAYS,
  type GiftCardRecord,
  type LangCode,
  type State,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { hashToken, newToken, TOKEN_FORMAT } from '../../lib/tokens';
import { renderMail } from '../../mail/render';
import { enqueueMail } from '../../providers/mail/outbox';
import { hashPassword, PASSWORD_HASH_PARAMS, type PasswordHashParams } from '../accounts/password';
import { forgetCartAddresses } from '../cart/addresses.service';
import { forgetLoginFailures } from '../login/login.service';
import { assertOwnCredentials, checkCurrentPassword, restartPassword } from '../passwords/passwords.service';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { endOtherSessions } from '../sessions/sessions.service';
import { ADDRESS_FIELDS, isUniqueViolation, type ProfileValues, profileRepository } from './profile.repository';

/**
 * Per client address: a family creates an account or two; a script does not
 * get to fill the users table (nor to probe which e-mails are registered).
 */
export const ACCOUNT_CREATE_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 60 * 60 };

/** Per client address on the undo link's page; a token cannot be guessed (256 bits), this only stops hammering. */
export const EMAIL_CHANGE_UNDO_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 15 * 60 };

/** The form's name for the current password in a field error (the body's `user.currentPassword`). */
const CURRENT_PASSWORD_FIELD = 'user.currentPassword';

/** The e-mail to the old address after a change, in the family's site language, with the undo link. */
export function emailChangedMail(lang: LangCode, oldEmail: string, newEmail: string, url: string) {
  const t = translators[lang];
  return renderMail({
    lang,
    subject: t('account.emailChange.mail.subject'),
    blocks: [
      { kind: 'text', text: t('account.emailChange.mail.greeting') },
      { kind: 'text', text: t('account.emailChange.mail.changed', { oldEmail, newEmail }) },
      { kind: 'text', text: t('account.emailChange.mail.ifYou') },
      {
        kind: 'link',
        text: t('account.emailChange.mail.undo', { days: EMAIL_CHANGE_UNDO_DAYS, oldEmail }),
        url,
        button: t('mail.button.undoEmailChange'),
      },
      { kind: 'text', text: t('account.emailChange.mail.signature') },
    ],
  });
}

/** Who saves an account: the signed-in user, their session, and whether an admin is impersonating them. */
export interface AccountActor {
  id: number;
  is_admin: boolean;
  sessionId: string;
  masquerading: boolean;
}

export interface EmailChangeContext {
  /** The language of the e-mail to the old address (the site's). */
  lang: LangCode;
  /** Builds the undo link's address from its token (configured site origin, page path, language flag). */
  undoLinkFor: (token: string) => string;
}

/** Spec §8 Account save: the one message for a taken e-mail, on create and on update. */
const saveFailed = () => new AppError('conflict', 'account_save_failed');

const orNull = (s: string) => (s === '' ? null : s);

function profileValues(user: AccountUpdateUser): ProfileValues {
  return {
    email: user.email,
    fname: user.firstName,
    lname: user.lastName,
    address: orNull(user.address),
    city: orNull(user.city),
    country_id: user.country,
    state: orNull(user.state),
    zip: orNull(user.zip),
    phone: orNull(user.phone),
  };
}

/**
 * Spec §5 Account, §4 Account save, §3 Country/State/Address/Gift card
 * record. The contract has already checked the form's rules (names, e-mail
 * confirmation, passwords, US/Canadian states); the service checks what
 * needs the database: the country exists, the e-mail is free, the caller
 * may edit the account.
 */
export function profileService(db: Db, hashParams: PasswordHashParams = PASSWORD_HASH_PARAMS) {
  const repo = profileRepository(db);

  async function checkCountry(countryId: number | null) {
    if (countryId !== null && !(await repo.countryExists(countryId))) {
      throw new AppError('invalid_data', 'validation_failed', {}, { country: { key: 'validation.invalid' } });
    }
  }

  return {
    async countries(): Promise<Country[]> {
      return repo.countries();
    },

    async states(): Promise<State[]> {
      return (await repo.states()).map((s) => ({
        code: s.code,
        name: s.name,
        country_id: s.country_id,
        country: s.country_id === COUNTRY_ID.canada ? ('Canada' as const) : ('USA' as const),
      }));
    },

    /** Creates the account; the caller signs the new user in. Returns the new id. */
    async create(clientIp: string, user: AccountCreateUser) {
      await enforceRateLimit(db, `account-create:${clientIp}`, ACCOUNT_CREATE_RATE_LIMIT);
      await checkCountry(user.country);
      if (await repo.emailTaken(user.email)) throw saveFailed();
      const password_hash = await hashPassword(user.password, hashParams);
      try {
        return await repo.insertUser({ ...profileValues(user), password_hash });
      } catch (err) {
        if (isUniqueViolation(err)) throw saveFailed();
        throw err;
      }
    },

    /**
     * Updates account `id` for `actor`: their own, or a customer's as an admin; 403 otherwise, nothing
     * changed. Another admin's account is never edited by an admin: changing its e-mail and asking for
     * a reset link would take it over (impersonation refuses admins for the same reason).
     *
     * The e-mail is the key to the account (its reset link goes there), so changing it (issue 26 item 4)
     * is the owner's alone, signed in as themself: never an admin acting for them (impersonating, or
     * saving their account by id), and only with the current password. The old address is told, with a
     * link that undoes the change, and every other session of the account ends. A change of case only
     * is the same address: no password, no notice.
     */
    async update(actor: AccountActor, id: number, input: AccountUpdateUser, ctx: EmailChangeContext) {
      if (actor.id !== id && !actor.is_admin) throw new AppError('not_allowed', 'forbidden');
      const target = await repo.accountRole(id);
      if (!target) throw new AppError('not_found', 'not_found');
      if (actor.id !== id && target.is_admin) throw new AppError('not_allowed', 'forbidden');
      const { currentPassword, ...user } = input;
      const emailChanges = target.email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanges) assertOwnCredentials(actor.masquerading || actor.id !== id, 'email_change_owner_only');
      await checkCountry(user.country);
      // Before the e-mail check: a borrowed session learns nothing about other accounts without the password.
      if (emailChanges) await checkCurrentPassword(db, id, currentPassword, CURRENT_PASSWORD_FIELD);
      if (await repo.emailTaken(user.email, id)) throw saveFailed();
      try {
        await db.transaction().execute(async (trx) => {
          const r = profileRepository(trx);
          const values = profileValues(user);
          const before = await r.accountAddress(id);
          await r.updateUser(id, values);
          // Issue 27 item 12: an address changed here is the one the next checkout starts from, not the cart's last one.
          if (before && ADDRESS_FIELDS.some((field) => before[field] !== values[field])) await forgetCartAddresses(trx, id);
          if (!emailChanges) return;
          const token = newToken();
          await r.insertEmailChangeToken({
            user_id: id,
            old_email: target.email,
            new_email: user.email,
            token_hash: hashToken(token),
            expires_at: new Date(Date.now() + EMAIL_CHANGE_UNDO_DAYS * 24 * 60 * 60 * 1000),
          });
          await enqueueMail(trx, {
            lang_code: ctx.lang,
            to: target.email,
            ...(await emailChangedMail(ctx.lang, target.email, user.email, ctx.undoLinkFor(token))),
          });
          // As after a password change: whoever was signed in elsewhere signs in again, with the new e-mail.
          await endOtherSessions(trx, id, actor.sessionId);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw saveFailed();
        throw err;
      }
    },

    /**
     * The old address's link (issue 26 item 4): puts the old e-mail back, undoes the changes made after
     * this one, ends every session of the account and clears its password, since whoever made the change
     * may know it. Answers the restored e-mail and a reset token for choosing a new password: holding
     * the old mailbox proves what a reset link's e-mail would.
     */
    async undoEmailChange(clientIp: string, token: string) {
      await enforceRateLimit(db, `email-change-undo:ip:${clientIp}`, EMAIL_CHANGE_UNDO_IP_LIMIT);
      const invalid = new AppError('invalid_data', 'email_change_link_invalid');
      if (!TOKEN_FORMAT.test(token)) throw invalid;
      const undone = await db.transaction().execute(async (trx) => {
        const r = profileRepository(trx);
        const change = await r.consumeEmailChangeToken(hashToken(token));
        if (!change) return undefined;
        // The old address is reserved while the link works (emailTaken); this holds for accounts older than that.
        if (await r.emailTaken(change.old_email, change.user_id)) throw saveFailed();
        await r.setEmail(change.user_id, change.old_email);
        await r.retireEmailChangeTokensAfter(change.user_id, change.id);
        const resetToken = await restartPassword(trx, change.user_id);
        await endOtherSessions(trx, change.user_id, undefined);
        // The mailbox proved who they are: failures left by someone guessing their password no longer apply.
        await forgetLoginFailures(trx, change.user_id);
        return { userId: change.user_id, email: change.old_email, resetToken };
      });
      if (!undone) throw invalid;
      return undone;
    },

    setLayout: (userId: number, layout: 'list' | 'grid') => repo.setLayout(userId, layout),

    /** Spec §7 GET /crud/address/me/{id}: only the signed-in user's own address; any other id is 404. */
    async address(userId: number, id: number) {
      const address = await repo.address(id, userId);
      if (!address) throw new AppError('not_found', 'not_found');
      return address;
    },

    /** Spec §7 GET /crud/gift-card/{id}: the gift cards user `id` received (own, or any as an admin). */
    async giftCards(actor: { id: number; is_admin: boolean }, id: number): Promise<GiftCardRecord[]> {
      if (actor.id !== id && !actor.is_admin) throw new AppError('not_allowed', 'forbidden');
      const rows = await repo.receivedGiftCards(id);
      return rows.map((r) => {
        const fullname = `${r.fname ?? ''} ${r.lname ?? ''}`.trim();
        return {
          id: r.id,
          from_user: r.fname === null ? null : { fullname },
          created_at: new Date(r.created_at).toISOString(),
          original_amount: toUsd(r.original_amount_cents),
          balance: toUsd(r.balance_cents),
        };
      });
    },
  };
}
