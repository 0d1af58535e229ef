import type { MediaKind } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';

export interface NewMediaFile {
  key: string;
  kind: MediaKind;
  contentType: string;
  size: number;
  lengthSeconds: number | null;
  previewKey: string | null;
  originalName: string;
  admin: { id: number; email: string };
}

/** The only SQL of media_files (migration 0057): a row per stored upload, listed newest first. */
export function adminMediaRepository(db: Db) {
  return {
    async insert(file: NewMediaFile) {
      await db
        .insertInto('media_files')
        .values({
          key: file.key,
          kind: file.kind,
          content_type: file.contentType,
          size_bytes: file.size,
          length_seconds: file.lengthSeconds,
          preview_key: file.previewKey,
          original_name: file.originalName,
          uploaded_by: file.admin.id,
          uploaded_by_email: file.admin.email,
        })
        .execute();
    },

    async page(page: number, perPage: number, kind?: MediaKind, search = '') {
      let q = db.selectFrom('media_files');
      if (kind) q = q.where('kind', '=', kind);
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('original_name', 'ilike', like), eb('key', 'ilike', like)]));
      }
      return pageOf(q, (q) => q.selectAll().orderBy('uploaded_at', 'desc').orderBy('id', 'desc'), page, perPage);
    },

    /** An uploaded file of a kind by its key (a cover chosen from the uploads must be one of them). */
    byKey(key: string, kind: MediaKind) {
      return db
        .selectFrom('media_files')
        .select(['key', 'original_name'])
        .where('key', '=', key)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },
  };
}
