import { type Kysely, sql } from 'kysely';

/**
 * Issue 43, read along (decision 057). A track's transcript: one row per
 * track (`transcripts`: who saved it last and when, for the back office's
 * stale-save check) and one row per cue, in order. Each cue carries the
 * language it was saved in so its search vector is a generated column of its
 * own row (a generated column cannot read the track's row): site search
 * finds words inside stories with the language's own rules (decision 009).
 * Both go with their track.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table transcripts (
      sku_id integer primary key references skus (id) on delete cascade,
      updated_at timestamptz not null default now(),
      updated_by integer references users (id) on delete set null
    );

    create table transcript_cues (
      sku_id integer not null references transcripts (sku_id) on delete cascade,
      position integer not null check (position >= 0),
      start_ms integer not null check (start_ms >= 0),
      end_ms integer not null check (end_ms > start_ms),
      text text not null check (length(text) between 1 and 1000),
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      search_vector tsvector generated always as (to_tsvector(search_config(lang_code), fold_accents(text))) stored,
      primary key (sku_id, position)
    );
    create index transcript_cues_search_idx on transcript_cues using gin (search_vector);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
