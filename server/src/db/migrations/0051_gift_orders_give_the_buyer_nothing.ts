import { type Kysely, sql } from 'kysely';

/**
 * Issue 27 item 11: an order marked "This order is a gift" gives its buyer
 * nothing (the downloads wait for the recipient's claim, the CD or book is
 * shipped to the recipient). Until now it recorded the CD or book as the
 * buyer's, so their library showed it as their own; those records go.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    delete from ownership o
    using orders gift_order
    where gift_order.id = o.order_id and gift_order.gift_email is not null
      and o.user_id = gift_order.user_id and o.gift_id is null
  `.execute(db);
}

export async function down() {
  // What was deleted was never the buyer's; nothing to put back.
}
