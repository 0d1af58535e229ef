import { type Kysely, sql } from 'kysely';
import { newOrderNumber } from '../../lib/order-number';

/**
 * Issue 27 item 8: what My orders answers.
 *
 * `number`: the order's number as the family reads it (SH-7K4Q-2M), unique
 * and unguessable; the id stays internal. Orders placed before get one here,
 * from the same generator as new ones (lib/order-number.ts).
 *
 * Fulfilment, for the orders with something to ship: when it left, with
 * which carrier, its tracking number and the carrier's tracking page. All
 * null until the back office (the next issue) sets them; My orders says
 * "Preparing to ship" until then. A tracking address is an http(s) one
 * only, since the family's page links to it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table orders
      add column number text,
      add column shipped_at timestamptz,
      add column carrier text check (carrier is null or (btrim(carrier) <> '' and length(carrier) <= 100)),
      add column tracking_number text
        check (tracking_number is null or (btrim(tracking_number) <> '' and length(tracking_number) <= 100)),
      add column tracking_url text check (tracking_url is null or (tracking_url ~ '^https?://' and length(tracking_url) <= 2000)),
      add constraint orders_tracking_after_shipping check (shipped_at is not null or (tracking_number is null and tracking_url is null))
  `.execute(db);
  const { rows } = await sql<{ id: number }>`select id from orders where number is null order by id`.execute(db);
  const given = new Set<string>();
  for (const { id } of rows) {
    let number = newOrderNumber();
    while (given.has(number)) number = newOrderNumber();
    given.add(number);
    await sql`update orders set number = ${number} where id = ${id}`.execute(db);
  }
  await sql`
    alter table orders alter column number set not null;
    alter table orders add constraint orders_number_key unique (number);
    alter table orders add constraint orders_number_format check (number ~ '^SH-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$');
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
