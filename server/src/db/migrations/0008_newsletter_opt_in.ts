import { type Kysely, sql } from 'kysely';

/**
 * Issue 8: newsletter double opt-in. An address joins a list pending, and
 * counts as subscribed once its owner opens the e-mailed confirmation link
 * (confirmed_at). Only the SHA-256 of the link's token is stored; a link
 * works once (the hash is cleared) and expires (confirm_expires_at).
 * Addresses already on a list signed up under the old rule: they stay
 * subscribed, rather than silently dropping off the list.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table newsletter_subscribers
      add column confirmed_at timestamptz,
      add column confirm_token_hash text unique check (confirm_token_hash ~ '^[0-9a-f]{64}$'),
      add column confirm_expires_at timestamptz;
    update newsletter_subscribers set confirmed_at = created_at;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
