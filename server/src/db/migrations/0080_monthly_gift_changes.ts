import { type Kysely, sql } from 'kysely';

/**
 * Donors manage their monthly gifts (issue 45, decision 066): the day of the
 * month a gift is charged (1-28, null while it keeps the day it was given),
 * a pause's end (the first charge after it; null when not paused), and the
 * resume notice's claim: the pause end it was sent for, so each pause's
 * notice goes once whichever server sends it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table recurring_items
      add column charge_day smallint check (charge_day between 1 and 28),
      add column paused_until timestamptz,
      add column resume_notice_for timestamptz;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
