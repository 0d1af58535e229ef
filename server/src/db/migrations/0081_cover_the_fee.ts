import { type Kysely, sql } from 'kysely';

/**
 * Cover the fee (issue 45, decision 067). The ministry's fee rule is one
 * row (percent in basis points plus fixed cents, 2.9 % + 30¢ until the back
 * office changes it). A donation line that covers the fee keeps the added
 * cents apart from the gift: the line's amount is what is charged (gift +
 * fee), fee_cents the part of it that pays the processor. The order line
 * and the monthly gift keep the same, so a renewal charges the covered
 * amount; each renewal payment records the part of it that covered the
 * fee, for the reports.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table giving_fee_rule (
      id boolean primary key default true check (id),
      percent_bp integer not null check (percent_bp between 0 and 2000),
      fixed_cents integer not null check (fixed_cents between 0 and 500),
      updated_at timestamptz not null default now()
    );
    insert into giving_fee_rule (id, percent_bp, fixed_cents) values (true, 290, 30);
    alter table cart_amount_lines add column fee_cents integer not null default 0 check (fee_cents >= 0);
    alter table order_lines add column fee_cents integer not null default 0 check (fee_cents >= 0);
    alter table recurring_items add column fee_cents integer not null default 0 check (fee_cents >= 0);
    alter table renewal_payments add column fee_cents integer not null default 0 check (fee_cents >= 0);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
