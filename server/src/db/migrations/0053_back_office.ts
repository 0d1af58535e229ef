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

    alter table mail_outbox add column order_id integer references orders (id) on delete set null;
    create index mail_outbox_order_idx on mail_outbox (order_id) where order_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    drop index mail_outbox_order_idx;
    alter table mail_outbox drop column order_id;
    drop trigger admin_audit_append_only on admin_audit;
    drop function admin_audit_is_append_only();
    drop table admin_audit;
  `.execute(db);
}
