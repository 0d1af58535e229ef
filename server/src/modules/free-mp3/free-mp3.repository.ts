import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A free-mp3 page that offers its MP3 (published, with a file). */
export interface OfferingEntry {
  id: number;
  title: string;
  free_story_title: string;
}

/** What a download link opens: the file its page offers now, or that the link has expired. */
export interface LinkRow {
  mp3: string;
  title: string;
  free_story_title: string;
  /** Decided by the database clock, like the expiry it was given. */
  expired: boolean;
}

export function freeMp3Repository(db: Db) {
  return {
    /** The entry when it is a published free-mp3 page with an MP3 (spec §2 Free MP3), else undefined. */
    findOffering(entryId: number): Promise<OfferingEntry | undefined> {
      return db
        .selectFrom('cms_entries')
        .select(['id', 'title', 'free_story_title'])
        .where('id', '=', entryId)
        .where('type', '=', 'free-mp3')
        .where('status', '=', 'published')
        .where('mp3', 'is not', null)
        .executeTakeFirst();
    },

    /** Stores a link (its token's hash) to an entry's MP3; answers when it expires. */
    async insertLink(entryId: number, tokenHash: string, ttlSeconds: number): Promise<Date> {
      const row = await db
        .insertInto('free_mp3_downloads')
        .values({
          cms_entry_id: entryId,
          token_hash: tokenHash,
          expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
        })
        .returning('expires_at')
        .executeTakeFirstOrThrow();
      return new Date(row.expires_at as unknown as string);
    },

    /**
     * The link of a token hash, with the MP3 its page offers now; undefined
     * for an unknown token or a page that no longer offers one (unpublished,
     * another type, no file).
     */
    findLink(tokenHash: string): Promise<LinkRow | undefined> {
      return db
        .selectFrom('free_mp3_downloads as d')
        .innerJoin('cms_entries as e', 'e.id', 'd.cms_entry_id')
        .select([
          sql<string>`e.mp3`.as('mp3'),
          'e.title',
          'e.free_story_title',
          sql<boolean>`d.expires_at <= now()`.as('expired'),
        ])
        .where('d.token_hash', '=', tokenHash)
        .where('e.type', '=', 'free-mp3')
        .where('e.status', '=', 'published')
        .where('e.mp3', 'is not', null)
        .executeTakeFirst();
    },

    /** Links a day past their expiry: kept that long only to answer "expired" rather than "not valid" (periodic sweep). */
    async deleteStale(): Promise<number> {
      const r = await db
        .deleteFrom('free_mp3_downloads')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
