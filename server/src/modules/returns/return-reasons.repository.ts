import type { LangCode } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Titles } from '../../lib/titles';

/** The Spanish and Russian titles of the reason whose id is in the column `reasonId` (its English one is its title). */
export const reasonTitlesOf = (reasonId: string) =>
  sql<Titles | null>`(select jsonb_object_agg(rt.lang_code, rt.title) from return_reason_titles rt
    where rt.reason_id = ${sql.ref(reasonId)})`;

/** The only SQL of the return reasons (migration 0078): the list the ministry edits. */
export function returnReasonsRepository(db: Db) {
  const reasons = () =>
    db
      .selectFrom('return_reasons as r')
      .select([
        'r.id',
        'r.title',
        'r.retired_at',
        reasonTitlesOf('r.id').as('titles'),
        sql<boolean>`exists (select 1 from order_returns o where o.reason_id = r.id)`.as('in_use'),
      ]);

  return {
    /** Offered reasons first, in their order, then the retired ones, most recently retired first. */
    list() {
      return reasons()
        .orderBy(sql`r.retired_at is not null`)
        .orderBy('r.position')
        .orderBy('r.retired_at', 'desc')
        .orderBy('r.id')
        .execute();
    },

    find(id: number) {
      return reasons().where('r.id', '=', id).executeTakeFirst();
    },

    /** The reason, locked until the transaction ends (two admins renaming it: one after the other). */
    lock(id: number) {
      return db.selectFrom('return_reasons').select(['id', 'retired_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** A new reason, offered last. */
    async insert(title: string) {
      const row = await db
        .insertInto('return_reasons')
        .values({ title, position: sql<number>`(select coalesce(max(position), 0) + 1 from return_reasons)` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Its English title, and its Spanish and Russian ones (a language left empty has none). */
    async setTitles(id: number, titles: Record<LangCode, string | undefined>) {
      await db.updateTable('return_reasons').set({ title: titles.en }).where('id', '=', id).execute();
      await db.deleteFrom('return_reason_titles').where('reason_id', '=', id).execute();
      const others = (['es', 'ru'] as const).flatMap((lang) => {
        const title = titles[lang]?.trim();
        return title ? [{ reason_id: id, lang_code: lang, title }] : [];
      });
      if (others.length > 0) await db.insertInto('return_reason_titles').values(others).execute();
    },

    async retire(id: number) {
      await db
        .updateTable('return_reasons')
        .set({ retired_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('retired_at', 'is', null)
        .execute();
    },
  };
}

export type ReturnReasonRow = NonNullable<Awaited<ReturnType<ReturnType<typeof returnReasonsRepository>['find']>>>;
