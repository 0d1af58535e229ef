import { giftTypes } from '@storyhouse/contracts';
import { sql } from 'kysely';

/**
 * The one rule of which gifts given at checkout count (giving statements, the
 * back office's donors): a donation line of an order paid, or paid and partly
 * refunded, unless a refund gave that line back (the whole order, or the line
 * itself). Written for the aliases `o` (orders) and `l` (order_lines). An
 * amount refunded without naming lines is not a gift given back: the back
 * office refunds a gift by its line.
 */
export const countedGiftLine = sql`o.status in ('paid', 'partially_refunded') and l.type = any(${[...giftTypes]}::text[])
  and not exists (
    select 1 from order_refunds f
    where f.order_id = o.id and f.status <> 'failed' and (f.whole or l.id = any(f.line_ids))
  )`;
