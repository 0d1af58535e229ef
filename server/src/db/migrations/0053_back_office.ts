import { type Kysely, sql } from 'kysely';

/**
 * Issue 29: the back office.
 *
 * - admin_audit: every admin action (who, when, what, to what, from which
 *   address). Written once, never changed: a trigger refuses updates and
 *   deletes, so not even a bug in our code can rewrite the record. The
 *   admin's e-mail is kept as it was, should the account change or go.
 * - mail_outbox.order_id: the e-mails sent about an order (its receipt, the
 *   shipping news), for the order's timeline in the back office.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table admin_audit (
      id integer generated always as identity primary key,
      admin_id integer references users (id) on delete set null,
      admin_email text not null,
      action text not null check (char_length(action) between 1 and 60),
      target text not null check (char_length(target) <= 300),
      details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
      ip text not null check (char_length(ip) <= 100),
      at timestamptz not null default now()
    );
    create index admin_audit_at_idx on admin_audit (at desc, id desc);
    create index admin_audit_action_idx on admin_audit (action, at desc);

    create function admin_audit_is_append_only() returns trigger language plpgsql as $$
    begin
      -- A user's deletion may clear admin_id (on delete set null); nothing else is ever changed.
      if tg_op = 'UPDATE' and new.admin_id is null and old.admin_id is not null
         and (new.admin_email, new.action, new.target, new.details, new.ip, new.at)
           is not distinct from (old.admin_email, old.action, old.target, old.details, old.ip, old.at) then
        return new;
      end if;
      raise exception 'admin_audit is append-only';
    end
    $$;
    create trigger admin_audit_append_only before update or delete on admin_audit
      for each row execute function admin_audit_is_append_only();

    -- jobs that run once a day on whichever instance claims the day first (the ministry's daily digest)
    create table daily_jobs (
      name text primary key,
      last_day date not null
    );

    -- an admin locked signing in to the account (issue 29 item 6); null: not locked
    alter table users add column sign_in_locked_at timestamptz;

    -- the back office's order list: newest first, the orders still to post, and which have a parcel at all
    create index orders_created_idx on orders (created_at desc, id desc);
    create index orders_unshipped_idx on orders (created_at desc, id desc) where status = 'paid' and shipped_at is null;
    create index order_lines_parcel_idx on order_lines (order_id) where type in ('physical', 'book');

    alter table mail_outbox add column order_id integer references orders (id) on delete set null;
    create index mail_outbox_order_idx on mail_outbox (order_id) where order_id is not null;

    -- refunds made from the back office (or in Stripe's dashboard): some lines, an amount, or the whole order
    alter table orders drop constraint orders_status_check;
    alter table orders add constraint orders_status_check
      check (status in ('pending', 'paid', 'failed', 'refunded', 'partially_refunded'));
    alter table orders add column refunded_cents integer not null default 0 check (refunded_cents >= 0);
    alter table orders add column gift_card_returned_cents integer not null default 0 check (gift_card_returned_cents >= 0);
    create table order_refunds (
      id integer generated always as identity primary key,
      order_id integer not null references orders (id) on delete restrict,
      -- given back to the card, and to the gift cards that paid part of the order; the lines it refunds
      amount_cents integer not null check (amount_cents >= 0),
      gift_card_cents integer not null default 0 check (gift_card_cents >= 0),
      line_ids integer[] not null default '{}',
      -- the whole order: downloads leave the library, renewals stop
      whole boolean not null default false,
      idempotency_key text not null unique,
      status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
      processor_refund_id text,
      admin_id integer references users (id) on delete set null,
      source text not null default 'admin' check (source in ('admin', 'processor')),
      created_at timestamptz not null default now(),
      settled_at timestamptz
    );
    create index order_refunds_order_idx on order_refunds (order_id);
    create index order_refunds_pending_idx on order_refunds (created_at) where status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    drop table order_refunds;
    drop index order_lines_parcel_idx;
    drop index orders_unshipped_idx;
    drop index orders_created_idx;
    alter table orders drop column gift_card_returned_cents;
    alter table orders drop column refunded_cents;
    update orders set status = 'refunded' where status = 'partially_refunded';
    alter table orders drop constraint orders_status_check;
    alter table orders add constraint orders_status_check check (status in ('pending', 'paid', 'failed', 'refunded'));
    alter table users drop column sign_in_locked_at;
    drop table daily_jobs;
    drop index mail_outbox_order_idx;
    alter table mail_outbox drop column order_id;
    drop trigger admin_audit_append_only on admin_audit;
    drop function admin_audit_is_append_only();
    drop table admin_audit;
  `.execute(db);
}
