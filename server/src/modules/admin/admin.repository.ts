import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';

export function adminRepository(db: Db) {
  return {
    /** The admin's user list: newest first, optionally filtered by e-mail or name. */
    async listUsers(page: number, perPage: number, search: string) {
      let q = db.selectFrom('users');
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('email', 'ilike', like), eb(sql<string>`fname || ' ' || lname`, 'ilike', like)]));
      }
      return pageOf(
        q,
        (q) => q.select(['id', 'email', 'fname', 'lname', 'is_admin', 'sign_in_locked_at']).orderBy('id', 'desc'),
        page,
        perPage,
      );
    },

    /** A user with what the back office shows of them (issue 29 item 6). */
    userDetail(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'fname', 'lname', 'phone', 'is_admin', 'sign_in_locked_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** When the user first ordered (a failed payment is no order), or undefined for none. */
    async firstOrderAt(userId: number) {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('user_id', '=', userId)
        .where('status', '<>', 'failed')
        .executeTakeFirst();
      return row?.first ?? undefined;
    },

    ordersOf(userId: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'number', 'status', 'created_at', 'total_cents'])
        .where('user_id', '=', userId)
        .where('status', '<>', 'failed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
    },

    renewalsOf(userId: number) {
      return db
        .selectFrom('recurring_items')
        .select(['type', 'title', 'status', 'amount_cents', 'interval', 'current_period_end', 'charge_day', 'paused_until'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** Issue 45: what the family changed of its monthly gifts, as the audit log recorded it, newest first. */
    giftChangesOf(target: string) {
      return db
        .selectFrom('admin_audit')
        .select(['at', 'details'])
        .where('action', '=', 'gift.change')
        .where('target', '=', target)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
    },

    giftCardsOf(userId: number) {
      return db
        .selectFrom('gift_cards')
        .select(['id', 'original_amount_cents', 'balance_cents', 'created_at'])
        .where('recipient_user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    addressesOf(userId: number) {
      return db
        .selectFrom('addresses')
        .select(['fname', 'lname', 'line1', 'city', 'state', 'postal_code', 'country_id', 'phone'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /**
     * Decision 025's one rule against a lock-out: whether the back office
     * keeps an admin who can sign in (an admin whose sign-in is not locked)
     * once `userId` is no longer one. Call it in the transaction of the
     * change: it locks those admins first, so two changes at once (two
     * admins removing each other's right, or locking each other out) wait
     * for each other and the second sees the first's.
     */
    async keepsAnAdminBesides(userId: number) {
      const admins = await db
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', true)
        .where('sign_in_locked_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
      // Taking the user away takes none of them unless the user is one; then another must stay.
      return !admins.some((a) => a.id === userId) || admins.length > 1;
    },

    /** Locks or unlocks signing in; locking ends every session of the user. */
    async setSignInLock(userId: number, locked: boolean) {
      await db
        .updateTable('users')
        .set({ sign_in_locked_at: locked ? sql<Date>`coalesce(sign_in_locked_at, now())` : null })
        .where('id', '=', userId)
        .execute();
      if (locked) await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /** Grants or removes the admin right. */
    async setAdmin(userId: number, isAdmin: boolean) {
      await db.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', userId).execute();
    },
  };
}
