import type { AdminOverview } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { toUsd } from '../../lib/money';
import { adminOrdersRepository } from './admin-orders.repository';
import { refundsRepository } from './refunds.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * What of the orders waits on a volunteer (issue 44 §1, the back office's overview): the parcels to post, oldest
 * first, and the refunds the processor refused. The rules are the order list's (its `to_ship` filter) and the
 * refunds' own.
 */
export function waitingOrders(db: Db) {
  return {
    async toShip(limit: number): Promise<AdminOverview['to_ship']> {
      const repo = adminOrdersRepository(db);
      const q = { filter: 'to_ship', search: '' } as const;
      const { rows, count } = await repo.list(q, 1, limit, () => repo.count(q), 'asc');
      return {
        count,
        oldest: rows.map((o) => ({
          id: o.id,
          number: o.number,
          name: `${o.fname} ${o.lname}`.trim() || o.email,
          paid_at: iso(o.paid_at ?? o.created_at),
        })),
      };
    },

    async refusedRefunds(limit: number): Promise<AdminOverview['refunds_refused']> {
      const { rows, count } = await refundsRepository(db).refusedUnresolved(limit);
      return {
        count,
        oldest: rows.map((r) => ({
          order_id: r.order_id,
          number: r.number,
          amount_usd: toUsd(r.amount_cents + r.gift_card_cents),
          created_at: iso(r.created_at),
        })),
      };
    },
  };
}
