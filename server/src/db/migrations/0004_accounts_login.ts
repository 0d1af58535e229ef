import { type Kysely, sql } from 'kysely';

/**
 * Issue 5 (login): the audit trail of admin impersonation (spec §6
 * masquerade). Failed logins are counted in rate_limits, keyed by the typed
 * e-mail, so an unknown e-mail is treated exactly like a registered one.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table masquerade_log (
      id integer generated always as identity primary key,
      admin_id integer not null references users (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      started_at timestamptz not null default now(),
      ended_at timestamptz
    );
    create index masquerade_log_admin_idx on masquerade_log (admin_id, started_at desc);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
