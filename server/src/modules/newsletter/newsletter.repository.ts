import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface NewSubscriber {
  list_id: string;
  email: string;
  fname: string;
  lname: string;
}

/**
 * The only code that touches newsletter_subscribers (unique per list, e-mail
 * case-insensitive). An address counts as subscribed once confirmed_at is
 * set (double opt-in); until then it is pending, with the SHA-256 of its
 * e-mailed link's token.
 */
export function newsletterRepository(db: Db) {
  return {
    /**
     * Adds the address to the list pending confirmation, or gives a pending
     * one a new link (the names as now typed; the previous link stops
     * working). A confirmed address is left as it is: 'confirmed'.
     */
    async request(subscriber: NewSubscriber, tokenHash: string, expiresAt: Date): Promise<'pending' | 'confirmed'> {
      const r = await sql<{ id: number }>`
        insert into newsletter_subscribers (list_id, email, fname, lname, confirm_token_hash, confirm_expires_at)
        values (${subscriber.list_id}, ${subscriber.email}, ${subscriber.fname}, ${subscriber.lname}, ${tokenHash}, ${expiresAt})
        on conflict (list_id, lower(email)) do update
          set fname = excluded.fname, lname = excluded.lname,
            confirm_token_hash = excluded.confirm_token_hash, confirm_expires_at = excluded.confirm_expires_at
          where newsletter_subscribers.confirmed_at is null
        returning id`.execute(db);
      return r.rows.length > 0 ? 'pending' : 'confirmed';
    },

    /**
     * Confirms the pending address of a usable token, atomically and once:
     * the token's hash is cleared with it. Undefined for a forged, used or
     * expired token.
     */
    async confirm(tokenHash: string) {
      return db
        .updateTable('newsletter_subscribers')
        .set({ confirmed_at: sql`now()`, confirm_token_hash: null, confirm_expires_at: null })
        .where('confirm_token_hash', '=', tokenHash)
        .where('confirmed_at', 'is', null)
        .where('confirm_expires_at', '>', sql<Date>`now()`)
        .returning(['id', 'list_id'])
        .executeTakeFirst();
    },
  };
}
