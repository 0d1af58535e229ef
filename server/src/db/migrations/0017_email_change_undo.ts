import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 item 4 (e-mail changes that cannot take an account): after an
 * e-mail change, the old address gets a link that puts it back. Only the
 * SHA-256 of the link's token is stored (a copy of the database undoes
 * nothing); a link is single-use (used_at) and expires. While a link is
 * open its old address stays reserved for the account (no one else may sign
 * up with it or take it), so the undo always has somewhere to go back to.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table email_change_tokens (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      old_email text not null,
      new_email text not null,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index email_change_tokens_user_idx on email_change_tokens (user_id) where used_at is null;
    -- the reservation check at sign-up and on every e-mail change
    create index email_change_tokens_old_email_idx on email_change_tokens (lower(old_email)) where used_at is null;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
