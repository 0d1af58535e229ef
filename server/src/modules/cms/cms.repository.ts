import type { Db } from '../../db/database';

export interface NavigationRow {
  id: number;
  parent_id: number | null;
  lang_code: string;
  title: string;
  url: string;
  position: number;
}

export function cmsRepository(db: Db) {
  return {
    listNavigation(): Promise<NavigationRow[]> {
      return db
        .selectFrom('site_navigation')
        .select(['id', 'parent_id', 'lang_code', 'title', 'url', 'position'])
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    async insertNavigation(item: { parent_id?: number | null; lang_code: string; title: string; url: string; position: number }) {
      const row = await db.insertInto('site_navigation').values(item).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
