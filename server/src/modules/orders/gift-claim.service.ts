import type { GiftClaimResponse } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashToken, newToken, TOKEN_FORMAT } from '../../lib/tokens';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { giftsRepository } from './gifts.repository';
import { ordersRepository } from './orders.repository';

/** Per user: a family opens a link or two; nobody gets to try hashes (they are 256-bit, this only stops hammering). */
export const GIFT_CLAIM_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 60 * 60 };

const unavailable = () => new AppError('not_found', 'gift_unavailable');

/**
 * POST /crud/gift-claim (issue 13 item 9): the link's secret, once. A
 * downloads gift joins the claimant's library; a gift card joins their gift
 * cards with its whole amount as balance. Unknown, malformed or claimed:
 * 404 gift_unavailable, and nothing changes.
 */
export function giftClaimService(db: Db) {
  return {
    async claim(userId: number, secret: string): Promise<GiftClaimResponse> {
      await enforceRateLimit(db, `gift-claim:${userId}`, GIFT_CLAIM_RATE_LIMIT);
      if (!TOKEN_FORMAT.test(secret)) throw unavailable();
      return db.transaction().execute(async (trx) => {
        const gifts = giftsRepository(trx);
        const gift = await gifts.lockUnclaimed(hashToken(secret));
        if (!gift) throw unavailable();
        await gifts.markClaimed(gift.id, userId);
        if (gift.kind === 'gift_card' && gift.amount_cents !== null) {
          await gifts.insertGiftCard({
            code: newToken(),
            giftId: gift.id,
            senderId: gift.sender_user_id,
            userId,
            cents: gift.amount_cents,
          });
          return { containedGiftCard: true, containedDownloads: false };
        }
        await ordersRepository(trx).grant(userId, await gifts.skusOf(gift.id), { gift_id: gift.id });
        return { containedGiftCard: false, containedDownloads: true };
      });
    },
  };
}
