import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashPassword, type PasswordHashParams, verifyPassword } from '../accounts/password';
import { slidingCounter } from '../rate-limit/rate-limit';

/**
 * The grown-ups lock's PIN (issue 42, decision 051): four digits a parent sets
 * with the account password, kept hashed on the account (scrypt with a salt).
 * Ten thousand PINs are found by any hash's cost in minutes once the table is
 * read, so the hash is the light one (PIN_HASH_PARAMS) and what protects a
 * PIN is the count below, on the server.
 * Five wrong tries lock it for fifteen minutes after the last one, counted in
 * the database (every server instance sees the same count); a right PIN
 * clears the count.
 */
export const PIN_FORMAT = /^[0-9]{4}$/;
export const PIN_WRONG_TRIES = 5;
export const PIN_LOCK_SECONDS = 15 * 60;

/** scrypt at 4 MiB: a slower hash would not keep ten thousand PINs apart, and every unlock would pay for it. */
export const PIN_HASH_PARAMS = { N: 2 ** 12, r: 8, p: 1, keylen: 32 } as const satisfies PasswordHashParams;

const wrongTries = (db: Db) => slidingCounter(db, PIN_LOCK_SECONDS);
const keyOf = (userId: number) => `parent-pin:${userId}`;

export async function setParentPin(db: Db, userId: number, pin: string) {
  if (!PIN_FORMAT.test(pin)) throw new AppError('invalid_data', 'pin_format');
  const hash = await hashPassword(pin, PIN_HASH_PARAMS);
  await db.updateTable('users').set({ parent_pin_hash: hash, updated_at: new Date() }).where('id', '=', userId).execute();
  await wrongTries(db).clear(keyOf(userId));
}

export async function hasParentPin(db: Db, userId: number) {
  const row = await db.selectFrom('users').select('parent_pin_hash').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.parent_pin_hash);
}

/**
 * Checks the family's PIN: 409 pin_not_set when none was set, 429 pin_locked
 * after five wrong tries (until fifteen minutes after the last), 403 pin_wrong
 * for a wrong one (counted). Resolves for the right PIN.
 */
export async function verifyParentPin(db: Db, userId: number, pin: string) {
  const counter = wrongTries(db);
  const key = keyOf(userId);
  if ((await counter.count(key)) >= PIN_WRONG_TRIES) throw new AppError('rate_limited', 'pin_locked');
  const row = await db.selectFrom('users').select('parent_pin_hash').where('id', '=', userId).executeTakeFirst();
  if (!row?.parent_pin_hash) throw new AppError('conflict', 'pin_not_set');
  if (PIN_FORMAT.test(pin) && (await verifyPassword(pin, row.parent_pin_hash))) {
    await counter.clear(key);
    return;
  }
  const tries = await counter.add(key);
  if (tries >= PIN_WRONG_TRIES) throw new AppError('rate_limited', 'pin_locked');
  throw new AppError('not_allowed', 'pin_wrong', { left: PIN_WRONG_TRIES - tries });
}
