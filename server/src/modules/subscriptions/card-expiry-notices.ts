import type { LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { enqueueMail } from '../../providers/mail/outbox';
import type { PaymentProvider, ProviderCard } from '../../providers/payments/payment-provider';
import { existingCustomer } from '../payments/customers';
import { cardExpiringMail } from './renewal-mail';
import { subscriptionsRepository } from './subscriptions.repository';

/** How long before a renewal the family hears that its card will have expired by then. */
export const CARD_EXPIRY_NOTICE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A card is good through the last day of its expiry month (UTC): it cannot pay a renewal from the next month's first day. */
export const expiresBy = (card: Pick<ProviderCard, 'exp_month' | 'exp_year'>, at: Date) =>
  Date.UTC(card.exp_year, card.exp_month, 1) <= at.getTime();

/**
 * Issue 40 item 8 (decision 040): the background job that e-mails a family,
 * in its language, 14 days before a plan or monthly donation renews on a
 * saved card that will have expired by then. Every server runs it; each
 * notice is claimed by its unique key (the subscription and its renewal
 * date) in the transaction that queues the e-mail, so it is sent once,
 * however many servers race, and once again only for a later renewal.
 * `now` is the processor's time (the test processor's clock may be moved).
 */
export function cardExpiryNotices(
  db: Db,
  payments: PaymentProvider,
  { origins, now }: { origins: Record<LangCode, string>; now: () => Promise<Date> },
) {
  return {
    /** Sends the notices due now; answers how many this call sent. */
    async run() {
      const at = await now();
      const due = await subscriptionsRepository(db).renewingWithoutNotice(
        payments.name,
        at,
        new Date(at.getTime() + CARD_EXPIRY_NOTICE_DAYS * DAY_MS),
      );
      const cardsOf = new Map<number, Promise<ProviderCard[]>>();
      const cards = (userId: number) => {
        let found = cardsOf.get(userId);
        if (!found) {
          found = existingCustomer(db, payments, userId).then((customerId) => (customerId ? payments.listCards(customerId) : []));
          cardsOf.set(userId, found);
        }
        return found;
      };
      let sent = 0;
      for (const item of due) {
        const renewsAt = item.current_period_end;
        const card = (await cards(item.user_id)).find((c) => c.id === item.card_id);
        if (!renewsAt || !card || !expiresBy(card, renewsAt)) continue;
        const lang = item.lang_code as LangCode;
        const mail = await cardExpiringMail(lang, item, card, renewsAt, origins[lang]);
        const claimed = await db.transaction().execute(async (trx) => {
          if (!(await subscriptionsRepository(trx).claimExpiryNotice(item.id, renewsAt, card.id))) return false;
          await enqueueMail(trx, { lang_code: lang, to: item.email, ...mail });
          return true;
        });
        if (claimed) sent += 1;
      }
      return sent;
    },
  };
}
