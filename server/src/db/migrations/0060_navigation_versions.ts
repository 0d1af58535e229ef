import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 item 3: the site navigation edited in the back office. Each
 * language's menu has a version that every save moves on by one, in the
 * transaction that replaces the menu: a save names the version it was made
 * from, and one made from an older version (another admin saved meanwhile)
 * is refused instead of overwriting theirs. The update of this row is also
 * what orders two saves of one language that arrive together.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table site_navigation_versions (
      lang_code text primary key check (lang_code in ('en', 'es', 'ru')),
      version integer not null default 0 check (version >= 0),
      updated_at timestamptz
    );
    insert into site_navigation_versions (lang_code) values ('en'), ('es'), ('ru');
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
