import type { FindUs, GuestBookEdit, GuestBookEntry, LangCode } from '@storyhouse/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { GuestBookEntries } from '../../db/schema';

export type GuestBookRow = Selectable<GuestBookEntries>;

export interface NewGuestBookEntry {
  lang_code: LangCode;
  author_name: string;
  author_email: string;
  country: string;
  find_us: FindUs | null;
  content: string;
  moderation_token_hash: string | null;
  /** Demo content only: a date in the past and an approval time. */
  created_at?: Date;
  approved_at?: Date | null;
}

/** A row as visitors see it: no e-mail, no token. */
export function publicEntry(row: GuestBookRow): GuestBookEntry {
  return {
    id: row.id,
    author_name: row.author_name,
    country: row.country,
    find_us: (row.find_us as FindUs | null) ?? null,
    content: row.content,
    lang_code: row.lang_code as LangCode,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The only code that touches guest_book_entries. Years are calendar years in UTC. */
export function guestBookRepository(db: Db) {
  return {
    async approvedYears(lang: LangCode): Promise<number[]> {
      const rows = await db
        .selectFrom('guest_book_entries')
        .select(sql<number>`extract(year from created_at at time zone 'UTC')::int`.as('year'))
        .where('lang_code', '=', lang)
        .where('approved_at', 'is not', null)
        .groupBy('year')
        .orderBy('year', 'desc')
        .execute();
      return rows.map((r) => r.year);
    },

    approvedOfYear(lang: LangCode, year: number): Promise<GuestBookRow[]> {
      return db
        .selectFrom('guest_book_entries')
        .selectAll()
        .where('lang_code', '=', lang)
        .where('approved_at', 'is not', null)
        .where('created_at', '>=', sql<Date>`make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')`)
        .where('created_at', '<', sql<Date>`make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC')`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async insert(entry: NewGuestBookEntry): Promise<GuestBookRow> {
      return db.insertInto('guest_book_entries').values(entry).returningAll().executeTakeFirstOrThrow();
    },

    find(id: number): Promise<GuestBookRow | undefined> {
      return db.selectFrom('guest_book_entries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Approves a waiting entry whose token hash matches, in one statement:
     * of two clicks on the same link only one succeeds.
     */
    async approve(id: number, tokenHash: string): Promise<boolean> {
      const row = await db
        .updateTable('guest_book_entries')
        .set({ approved_at: sql<Date>`now()`, moderation_token_hash: null })
        .where('id', '=', id)
        .where('moderation_token_hash', '=', tokenHash)
        .where('approved_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes a waiting entry whose token hash matches, in one statement. */
    async reject(id: number, tokenHash: string): Promise<boolean> {
      const row = await db
        .deleteFrom('guest_book_entries')
        .where('id', '=', id)
        .where('moderation_token_hash', '=', tokenHash)
        .where('approved_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many entries wait for approval. */
    async waitingCount(): Promise<number> {
      const row = await db
        .selectFrom('guest_book_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('approved_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page of the waiting entries, oldest first (the queue), and how many wait. */
    async pendingPage(offset: number, limit: number) {
      const waiting = db.selectFrom('guest_book_entries').where('approved_at', 'is', null);
      const [rows, count] = await Promise.all([
        waiting.selectAll().orderBy('created_at').orderBy('id').offset(offset).limit(limit).execute(),
        waiting.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    /** The back office's correction of an entry's words; undefined when there is no such entry. */
    update(id: number, edit: GuestBookEdit): Promise<GuestBookRow | undefined> {
      return db.updateTable('guest_book_entries').set(edit).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** The back office's approval of a waiting entry, in one statement; it spends the e-mailed link too. */
    approveWaiting(id: number): Promise<GuestBookRow | undefined> {
      return db
        .updateTable('guest_book_entries')
        .set({ approved_at: sql<Date>`now()`, moderation_token_hash: null })
        .where('id', '=', id)
        .where('approved_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** The back office's rejection: a waiting entry is deleted, in one statement. */
    rejectWaiting(id: number): Promise<GuestBookRow | undefined> {
      return db
        .deleteFrom('guest_book_entries')
        .where('id', '=', id)
        .where('approved_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    async exists(id: number): Promise<boolean> {
      return (await db.selectFrom('guest_book_entries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}
