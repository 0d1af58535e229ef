import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { AppError } from '../../lib/errors';
import { renderMail } from '../../mail/render';
import { enqueueMail } from '../../providers/mail/outbox';
import { captchaService } from '../captcha/captcha.service';
import { perAddressLimit, slidingCounter } from '../rate-limit/rate-limit';
import type { Payer } from './payer';

/**
 * Issue 26 item 7, card testing: someone with a list of stolen card numbers
 * tries them one after another through our checkout or card form. Declined
 * cards are counted per account and per client address over an hour (each
 * decline restarts it); past the limit every further charge or card save of
 * that account, or from that address, needs a solved captcha first (a
 * family who mistyped gets through; a script pays a proof of work per
 * card), and the ministry is told once when an account reaches it.
 */

/** Declined cards per account, and per client address (times RATE_LIMIT_FACTOR), after which each try needs a solved captcha. */
export const CARD_DECLINES_LIMIT = 5;
/** A decline is forgotten after this long without another. */
export const CARD_DECLINES_WINDOW_SECONDS = 60 * 60;

const accountKey = (userId: number) => `card-declines:user:${userId}`;
const addressKey = (clientIp: string) => `card-declines:ip:${clientIp}`;

/** Who tries a card: the account and the client address it comes from. */
export interface CardTry {
  payer: Payer;
  clientIp: string;
  /** A solved captcha, sent once the server asked for one (payment_captcha_required). */
  captcha?: string;
}

export function cardAttempts(db: Db, { ministryEmail }: { ministryEmail: string }) {
  const counter = slidingCounter(db, CARD_DECLINES_WINDOW_SECONDS);
  const captcha = captchaService(db);

  return {
    /**
     * Before a charge or a card save: past the limit, only with a captcha
     * solved for this try (429 payment_captcha_required otherwise; a
     * solution is good once).
     */
    async check({ payer, clientIp, captcha: solution }: CardTry) {
      const counts = await counter.counts([accountKey(payer.userId), addressKey(clientIp)]);
      const byAccount = counts.get(accountKey(payer.userId)) ?? 0;
      // Many families may share one address (a church network): RATE_LIMIT_FACTOR raises the address's limit.
      const byAddress = counts.get(addressKey(clientIp)) ?? 0;
      if (byAccount < CARD_DECLINES_LIMIT && byAddress < perAddressLimit(CARD_DECLINES_LIMIT)) return;
      if (!solution || (await captcha.verify(solution)) !== 'valid') {
        throw new AppError('rate_limited', 'payment_captcha_required');
      }
    },

    /** After a declined charge or card save: counted; the account's reaching the limit is e-mailed to the ministry. */
    async declined({ payer, clientIp }: CardTry) {
      const [byAccount] = await Promise.all([counter.add(accountKey(payer.userId)), counter.add(addressKey(clientIp))]);
      if (byAccount !== CARD_DECLINES_LIMIT) return;
      const user = await db.selectFrom('users').select('email').where('id', '=', payer.userId).executeTakeFirst();
      const t = translators.en;
      const email = user?.email ?? String(payer.userId);
      const mail = await renderMail({
        lang: 'en',
        subject: t('payment.cardTestingEmail.subject', { email }),
        blocks: [
          { kind: 'text', text: t('payment.cardTestingEmail.text', { email, count: CARD_DECLINES_LIMIT, address: clientIp }) },
        ],
      });
      await enqueueMail(db, { lang_code: 'en', to: ministryEmail, ...mail });
    },

    /**
     * Runs a charge or card save of `attempt`: checked first, and counted
     * when the processor declines the card (a 402 payment_declined).
     */
    async guard<T>(attempt: CardTry, work: () => Promise<T>): Promise<T> {
      await this.check(attempt);
      try {
        return await work();
      } catch (error) {
        if (error instanceof AppError && error.kind === 'payment_declined') await this.declined(attempt);
        throw error;
      }
    },
  };
}

export type CardAttempts = ReturnType<typeof cardAttempts>;
