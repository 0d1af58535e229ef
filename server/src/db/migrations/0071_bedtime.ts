import { type Kysely, sql } from 'kysely';

/**
 * Issue 41 item 5: a family's bedtime, one row per account (none until it is
 * first saved: the defaults then apply). Between `from_time` and `to_time` in
 * `time_zone` (an IANA zone) the player arms `timer` by itself and dims Now
 * Playing. Times are 'HH:MM' on 24 hours; `to_time` before `from_time` spans
 * midnight.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table bedtime_settings (
      user_id integer primary key references users (id) on delete cascade,
      enabled boolean not null,
      from_time text not null check (from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      to_time text not null check (to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      time_zone text not null,
      timer text not null,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
