import { type Kysely, sql } from 'kysely';

/**
 * Issue 14 item 5 (listening that remembers): where each signed-in listener
 * stopped each track, so a story resumes there on any device. One row per
 * user and track, overwritten as the player reports (about every 15 s while
 * playing); a track heard to its end is kept at 0, which takes it out of
 * Continue listening. Gone with the user, or with the track.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table listening_progress (
      user_id integer not null references users (id) on delete cascade,
      sku_id integer not null references skus (id) on delete cascade,
      -- seconds into the track (the player reports fractions)
      position_seconds double precision not null check (position_seconds >= 0 and position_seconds <= 86400),
      updated_at timestamptz not null default now(),
      primary key (user_id, sku_id)
    );
    -- Continue listening: a user's started, unfinished tracks, most recently heard first
    create index listening_progress_started_idx on listening_progress (user_id, updated_at desc) where position_seconds > 0;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
