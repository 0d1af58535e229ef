import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 item 3: a cart may be a gift order (spec §3 Gift). The recipient
 * lives on the cart, null when it is not a gift; a recipient is a name and
 * an e-mail together (the message is optional, '' when none), so a half
 * gift cannot be stored whatever code writes it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table carts
      add column gift_name text,
      add column gift_email text,
      add column gift_message text,
      add constraint carts_gift_check check (
        (gift_name is null and gift_email is null and gift_message is null)
        or (gift_name is not null and gift_email is not null and gift_message is not null)
      );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
