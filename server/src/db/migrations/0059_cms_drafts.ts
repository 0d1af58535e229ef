import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 item 3: CMS pages edited in the back office. While an admin
 * works on a page, its draft (every editable field, already sanitized) is
 * kept beside the published fields, so the site goes on showing the
 * published page until the draft is published. Null: no unpublished
 * changes. updated_at stays the entry's version: a save or publish names
 * the one it read and a stale one is refused.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table cms_entries add column draft jsonb check (draft is null or jsonb_typeof(draft) = 'object');
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table cms_entries drop column draft;`.execute(db);
}
