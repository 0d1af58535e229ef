import type { SubscriberStatus } from '@storyhouse/contracts';
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
    async request(
      subscriber: NewSubscriber,
      tokenHash: string,
      expiresAt: Date,
    ): Promise<{ id: number; state: 'pending' | 'confirmed' }> {
      const r = await sql<{ id: number }>`
        insert into newsletter_subscribers (list_id, email, fname, lname, confirm_token_hash, confirm_expires_at)
        values (${subscriber.list_id}, ${subscriber.email}, ${subscriber.fname}, ${subscriber.lname}, ${tokenHash}, ${expiresAt})
        on conflict (list_id, lower(email)) do update
          set fname = excluded.fname, lname = excluded.lname,
            confirm_token_hash = excluded.confirm_token_hash, confirm_expires_at = excluded.confirm_expires_at
          where newsletter_subscribers.confirmed_at is null
        returning id`.execute(db);
      const pending = r.rows[0];
      if (pending) return { id: pending.id, state: 'pending' };
      const confirmed = await db
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('list_id', '=', subscriber.list_id)
        .where(sql<string>`lower(email)`, '=', subscriber.email.toLowerCase())
        .executeTakeFirstOrThrow();
      return { id: confirmed.id, state: 'confirmed' };
    },

    /** The hash of an unsubscribe link's token, for the address an e-mail is about to go to. */
    async addUnsubscribeToken(subscriberId: number, tokenHash: string) {
      await db
        .insertInto('newsletter_unsubscribe_tokens')
        .values({ subscriber_id: subscriberId, token_hash: tokenHash })
        .execute();
    },

    /**
     * Removes the address of an unsubscribe link's token from its list, in one
     * statement (its tokens go with it). Undefined for an unknown or used token.
     */
    async unsubscribe(tokenHash: string) {
      return db
        .deleteFrom('newsletter_subscribers')
        .where('id', '=', (eb) =>
          eb.selectFrom('newsletter_unsubscribe_tokens').select('subscriber_id').where('token_hash', '=', tokenHash),
        )
        .returning(['id', 'list_id'])
        .executeTakeFirst();
    },

    /** One page of a list's confirmed or pending addresses, newest first, and how many there are. */
    async page(listId: string, status: SubscriberStatus, offset: number, limit: number) {
      const base = db
        .selectFrom('newsletter_subscribers')
        .where('list_id', '=', listId)
        .where('confirmed_at', status === 'confirmed' ? 'is not' : 'is', null);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'email', 'fname', 'lname', 'created_at', 'confirmed_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    /** Every confirmed address of a list, oldest first: the export. */
    confirmed(listId: string) {
      return db
        .selectFrom('newsletter_subscribers')
        .select(['email', 'fname', 'lname', 'created_at', 'confirmed_at'])
        .where('list_id', '=', listId)
        .where('confirmed_at', 'is not', null)
        .orderBy('confirmed_at')
        .orderBy('id')
        .execute();
    },

    /** How many confirmed and pending addresses each list holds. */
    async counts(listIds: string[]) {
      const rows = await db
        .selectFrom('newsletter_subscribers')
        .select((eb) => ['list_id', eb.fn.count<string>('confirmed_at').as('confirmed'), eb.fn.countAll<string>().as('total')])
        .where('list_id', 'in', listIds)
        .groupBy('list_id')
        .execute();
      return new Map(
        rows.map((r) => [r.list_id, { confirmed: Number(r.confirmed), pending: Number(r.total) - Number(r.confirmed) }]),
      );
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
