import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The only SQL of gift claims (issue 13 item 9). */
export function giftsRepository(db: Db) {
  return {
    /** The unclaimed gift of that link's hash, locked until the transaction ends (not one a refund took back: decision 036). */
    lockUnclaimed(hashSha256: string) {
      return db
        .selectFrom('gifts')
        .selectAll()
        .where('hash_sha256', '=', hashSha256)
        .where('claimed_at', 'is', null)
        .where('refund_id', 'is', null)
        .forUpdate()
        .executeTakeFirst();
    },

    async markClaimed(giftId: number, userId: number) {
      await db
        .updateTable('gifts')
        .set({ claimed_by_user_id: userId, claimed_at: sql<Date>`now()` })
        .where('id', '=', giftId)
        .execute();
    },

    /** The skus a downloads gift gives, with their product and type. */
    skusOf(giftId: number) {
      return db
        .selectFrom('gift_skus')
        .innerJoin('skus', 'skus.id', 'gift_skus.sku_id')
        .select(['skus.id as sku_id', 'skus.product_id', 'skus.type'])
        .where('gift_skus.gift_id', '=', giftId)
        .execute();
    },

    async insertGiftCard(card: { code: string; giftId: number; senderId: number | null; userId: number; cents: number }) {
      await db
        .insertInto('gift_cards')
        .values({
          code: card.code,
          gift_id: card.giftId,
          purchaser_user_id: card.senderId,
          recipient_user_id: card.userId,
          original_amount_cents: card.cents,
          balance_cents: card.cents,
          claimed_at: sql<Date>`now()`,
        })
        .execute();
    },
  };
}
