import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 item 2: the files uploaded in the back office. A row is written
 * only once its file is stored whole and has passed its checks, under a key
 * of its own that is never reused (a replacement is a new row and a new key,
 * so a family's download of the old file goes on). The uploader's e-mail is
 * kept as it was, as the audit log keeps it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table media_files (
      id integer generated always as identity primary key,
      key text not null unique check (char_length(key) between 1 and 500),
      kind text not null check (kind in ('audio', 'image')),
      content_type text not null check (char_length(content_type) <= 100),
      size_bytes integer not null check (size_bytes >= 0),
      length_seconds integer check (length_seconds >= 0),
      preview_key text check (char_length(preview_key) <= 500),
      original_name text not null check (char_length(original_name) <= 300),
      uploaded_by integer references users (id) on delete set null,
      uploaded_by_email text not null,
      uploaded_at timestamptz not null default now(),
      check ((kind = 'audio') = (length_seconds is not null))
    );
    create index media_files_uploaded_idx on media_files (uploaded_at desc, id desc);
    create index media_files_kind_idx on media_files (kind, uploaded_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table media_files`.execute(db);
}
