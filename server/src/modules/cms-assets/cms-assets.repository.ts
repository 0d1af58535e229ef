import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface FreeAssetRow {
  /** The CMS entry's name for it (free_story_title), or ''. */
  free_story_title: string;
  /** The title of the catalogue track recorded in the same file, if any. */
  track_title: string | null;
}

export function cmsAssetsRepository(db: Db) {
  return {
    /** The asset when a published CMS entry offers it as its free MP3 (spec §2 Free MP3), else undefined. */
    async findFreeAsset(key: string): Promise<FreeAssetRow | undefined> {
      const { rows } = await sql<FreeAssetRow>`
        select e.free_story_title,
          (select t.title from skus t where t.media_full = e.mp3 and t.type = 'digital_track' order by t.id limit 1) as track_title
        from cms_entries e
        where e.mp3 = ${key} and e.status = 'published'
        order by e.id
        limit 1`.execute(db);
      return rows[0];
    },
  };
}
