import { type Kysely, sql } from 'kysely';

/**
 * Receipts by country (issue 45, decision 068). The ministry's own details a
 * tax receipt needs (one row, set in the back office; '' for not set), the
 * receipt issued with a paid order's gift (its country, and in Canada its
 * serial number: gap-free within a year, counted in receipt_serials in the
 * transaction that marks the order paid, never reused), the donor's Spanish
 * NIF for the Modelo 182, and the attachments of a queued e-mail.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table receipt_settings (
      id int primary key default 1 check (id = 1),
      legal_name text not null default '' check (length(legal_name) <= 200),
      ein text not null default '' check (length(ein) <= 20),
      ca_registration text not null default '' check (length(ca_registration) <= 20),
      place_of_issue text not null default '' check (length(place_of_issue) <= 200),
      es_nif text not null default '' check (length(es_nif) <= 20),
      address text not null default '' check (length(address) <= 500),
      updated_at timestamptz not null default now()
    );
    insert into receipt_settings (id) values (1);

    create table receipt_serials (
      year int primary key,
      last int not null check (last > 0)
    );

    create table gift_receipts (
      order_id int primary key references orders(id) on delete cascade,
      country text not null check (country in ('US', 'CA', 'ES', 'other')),
      serial_year int,
      serial int,
      issued_at timestamptz not null default now(),
      unique (serial_year, serial),
      check ((serial_year is null) = (serial is null))
    );

    alter table users add column tax_id text not null default '' check (length(tax_id) <= 20);
    alter table mail_outbox add column attachments jsonb;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
