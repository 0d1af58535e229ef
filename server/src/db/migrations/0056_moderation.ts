import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 item 5: moderation in the back office.
 *
 * - contact_messages, adventure_signups: handled_at and handled_by, set when
 *   a volunteer marks a message or a Bible-lesson request handled (cleared
 *   when they reopen it). The lists read the open ones, newest first.
 * - guest_book_entries: the queue of waiting messages, oldest first.
 * - newsletter_unsubscribe_tokens: every newsletter e-mail carries an
 *   unsubscribe link with a token of its own; only the token's SHA-256 is
 *   kept. All of an address's links work until it leaves the list (its row is
 *   deleted, and its tokens with it), so an old e-mail's link still works.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table contact_messages
      add column handled_at timestamptz,
      add column handled_by integer references users (id) on delete set null;
    create index contact_messages_created_idx on contact_messages (created_at desc, id desc);
    create index contact_messages_open_idx on contact_messages (created_at desc, id desc) where handled_at is null;

    alter table adventure_signups
      add column handled_at timestamptz,
      add column handled_by integer references users (id) on delete set null;
    create index adventure_signups_created_idx on adventure_signups (created_at desc, id desc);
    create index adventure_signups_open_idx on adventure_signups (created_at desc, id desc) where handled_at is null;

    create index guest_book_entries_pending_idx on guest_book_entries (created_at, id) where approved_at is null;

    create table newsletter_unsubscribe_tokens (
      token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
      subscriber_id integer not null references newsletter_subscribers (id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create index newsletter_unsubscribe_tokens_subscriber_idx on newsletter_unsubscribe_tokens (subscriber_id);
    create index newsletter_subscribers_list_idx on newsletter_subscribers (list_id, created_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    drop index newsletter_subscribers_list_idx;
    drop table newsletter_unsubscribe_tokens;
    drop index guest_book_entries_pending_idx;
    drop index adventure_signups_open_idx;
    drop index adventure_signups_created_idx;
    alter table adventure_signups drop column handled_by, drop column handled_at;
    drop index contact_messages_open_idx;
    drop index contact_messages_created_idx;
    alter table contact_messages drop column handled_by, drop column handled_at;
  `.execute(db);
}
