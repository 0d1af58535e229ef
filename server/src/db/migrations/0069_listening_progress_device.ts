import { type Kysely, sql } from 'kysely';

/**
 * Resume that never jumps back: each kept listening place also names the
 * device (a random id per browser, web/src/components/player/device-id.ts)
 * that heard it, so the back office and anyone debugging a "my place jumped"
 * report can see where a place came from. Null for places saved before, or
 * by a client that sends none. The rule that keeps the newest hearing is
 * unchanged (updated_at, decision 035).
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table listening_progress add column device_id text check (char_length(device_id) <= 64)`.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
