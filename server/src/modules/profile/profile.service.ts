import {
  type AccountCreateUser,
  type AccountUpdateUser,
  COUNTRY_ID,
  type Country,
  type GiftCardRecord,
  type State,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { hashPassword, PASSWORD_HASH_PARAMS, type PasswordHashParams } from '../accounts/password';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { isUniqueViolation, type ProfileValues, profileRepository } from './profile.repository';

/**
 * Per client address: a family creates an account or two; a script does not
 * get to fill the users table (nor to probe which e-mails are registered).
 */
export const ACCOUNT_CREATE_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 60 * 60 };

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
     */
    async update(actor: { id: number; is_admin: boolean }, id: number, user: AccountUpdateUser) {
      if (actor.id !== id && !actor.is_admin) throw new AppError('not_allowed', 'forbidden');
      const target = await repo.accountRole(id);
      if (!target) throw new AppError('not_found', 'not_found');
      if (actor.id !== id && target.is_admin) throw new AppError('not_allowed', 'forbidden');
      await checkCountry(user.country);
      if (await repo.emailTaken(user.email, id)) throw saveFailed();
      try {
        await repo.updateUser(id, profileValues(user));
      } catch (err) {
        if (isUniqueViolation(err)) throw saveFailed();
        throw err;
      }
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
