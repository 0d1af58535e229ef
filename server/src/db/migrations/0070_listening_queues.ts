import { type Kysely, sql } from 'kysely';

/**
 * The player's queue, one per account (issue 41 item 3): kept as the
 * document the web sends (contracts' ListeningQueue, validated and bounded
 * on the way in), with the device's time of the change it holds, so a device
 * that comes back with an older queue never overwrites a newer one.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table listening_queues (
      user_id integer primary key references users (id) on delete cascade,
      queue jsonb not null,
      changed_at timestamptz not null,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
