import { type Kysely, sql } from 'kysely';

/**
 * Issue 6 item 6 (the free MP3 gate holds on the server): the short-lived
 * download links a verified free-MP3 form earns. Only the SHA-256 of a
 * link's token is stored (lib/tokens.ts), so a copy of the database hands out
 * no file. A link names the CMS entry, not the file: unpublishing the page
 * or changing its MP3 takes effect on links already given out.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table free_mp3_downloads (
      id integer generated always as identity primary key,
      cms_entry_id integer not null references cms_entries (id) on delete cascade,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index free_mp3_downloads_expires_idx on free_mp3_downloads (expires_at);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
