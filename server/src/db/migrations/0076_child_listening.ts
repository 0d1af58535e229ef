import { type Kysely, sql } from 'kysely';

/**
 * Issue 42, what a child hears (decision 056). "One more story": a parent's
 * PIN on the child's device lets one track play past quiet hours (or the
 * daily limit) once a night; `one_more_night` (0072) is the night it was
 * granted, `one_more_sku_id` the track and `one_more_until` when the grant
 * ends (45 minutes after it, or sooner when the track is heard to its end).
 * An album's age band ("only albums for the child's age and younger") is the
 * shop's (0073).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table profiles add column one_more_sku_id integer references skus (id) on delete set null;
    alter table profiles add column one_more_until timestamptz;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
