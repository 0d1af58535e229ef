import { type Kysely, sql } from 'kysely';

/**
 * Issue 5 (password recovery): the e-mailed reset links. Only the SHA-256
 * of a link's token is stored, so a copy of the database opens no account;
 * a link is single-use (used_at) and expires (one hour).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table password_reset_tokens (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index password_reset_tokens_user_idx on password_reset_tokens (user_id) where used_at is null;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
