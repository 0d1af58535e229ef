import type { LangCode } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { type Titles, titleIn } from '../../lib/titles';
import type { MailBlock } from '../../mail/content';
import { mailDate, mailMoney } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { oneLine } from '../../providers/mail/outbox';
import { type GiftReceipt, receiptBlocks } from '../receipts/gift-receipt';

/**
 * The e-mails of a plan or monthly donation after checkout (issue 28 item
 * 2), in the family's language (its order's): a renewal's receipt, a
 * renewal that failed (with the link to change the card), and the end.
 * Links are built from the configured site origins, never a request.
 */

export interface RenewalMailSubject {
  type: string;
  title: string;
  /** Its plan's or fund's titles by language: the e-mail names it in its own language (decision 038). */
  titles?: Titles | null;
  fname: string;
}

/** The plan or fund as the e-mail names it: in the e-mail's language, else as it was bought. */
const nameOf = (lang: LangCode, item: RenewalMailSubject) => oneLine(titleIn(item.titles, lang, item.title));

const isDonation = (item: RenewalMailSubject) => item.type === 'recurring_donation';
const greeting = (lang: LangCode, item: RenewalMailSubject): MailBlock => ({
  kind: 'text',
  text: translators[lang]('orders.email.greeting', { name: oneLine(item.fname) }),
});
const signature = (lang: LangCode): MailBlock => ({ kind: 'text', text: translators[lang]('orders.email.signature') });

/** Where a family sees and changes its plan and monthly donations. */
export const mySubscriptionLink = (origin: string) => `${origin}/account/subscriptions`;

/** The link to My subscription every one of these e-mails ends with, its button saying what to do there. */
const manageLink = (lang: LangCode, origin: string, button: 'mySubscription' | 'updateCard'): MailBlock => ({
  kind: 'link',
  text: translators[lang]('subscriptions.email.manageText'),
  url: mySubscriptionLink(origin),
  button: translators[lang](`subscriptions.email.${button}`),
});

/** A renewal's e-mail; a monthly gift's shows its tax receipt (decision 070), else the plain giving note. */
export function renewalReceiptMail(
  lang: LangCode,
  item: RenewalMailSubject,
  amountCents: number,
  paidAt: Date,
  origin: string,
  receipt?: GiftReceipt,
) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  const amount = mailMoney(lang, amountCents);
  const date = mailDate(lang, paidAt);
  return renderMail({
    lang,
    subject: t('subscriptions.email.receiptSubject', { title, amount }),
    blocks: [
      greeting(lang, item),
      {
        kind: 'text',
        text: t(isDonation(item) ? 'subscriptions.email.receiptDonation' : 'subscriptions.email.receiptPlan', {
          title,
          amount,
          date,
        }),
      },
      manageLink(lang, origin, 'mySubscription'),
      ...(receipt
        ? receiptBlocks(receipt)
        : isDonation(item)
          ? [
              {
                kind: 'note' as const,
                text: t('subscriptions.email.givingNote', { ministry: t('footer.ministry'), amount, date }),
              },
            ]
          : []),
      signature(lang),
    ],
  });
}

export function renewalFailedMail(lang: LangCode, item: RenewalMailSubject, amountCents: number, nextTry: Date, origin: string) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  return renderMail({
    lang,
    subject: t('subscriptions.email.failedSubject', { title }),
    blocks: [
      greeting(lang, item),
      {
        kind: 'text',
        text: t('subscriptions.email.failedText', { title, amount: mailMoney(lang, amountCents), date: mailDate(lang, nextTry) }),
      },
      manageLink(lang, origin, 'updateCard'),
      signature(lang),
    ],
  });
}

/** The end: after the last retry failed (`unpaidCents`), or as the family (or its cancel at the period's end) asked. */
export function renewalEndedMail(lang: LangCode, item: RenewalMailSubject, unpaidCents: number | null, origin: string) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  return renderMail({
    lang,
    subject: t('subscriptions.email.endedSubject', { title }),
    blocks: [
      greeting(lang, item),
      {
        kind: 'text',
        text:
          unpaidCents === null
            ? t('subscriptions.email.endedCancelled', { title })
            : t('subscriptions.email.endedUnpaid', { title, amount: mailMoney(lang, unpaidCents) }),
      },
      manageLink(lang, origin, 'mySubscription'),
      signature(lang),
    ],
  });
}

/**
 * Decision 070: a plan or monthly gift moved to another card, confirmed in
 * the family's language: which card, and when it is next charged on it
 * (none when it does not renew).
 */
export function cardChangedMail(
  lang: LangCode,
  item: RenewalMailSubject,
  card: { brand: string; last4: string },
  nextChargeAt: Date | null,
  origin: string,
) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  const named = t('mySubscription.cardName', { brand: t(`payment.card.brand.${card.brand as 'visa'}`), last4: card.last4 });
  return renderMail({
    lang,
    subject: t('subscriptions.email.cardChangedSubject', { title }),
    blocks: [
      greeting(lang, item),
      {
        kind: 'text',
        text: nextChargeAt
          ? t('subscriptions.email.cardChangedText', { title, card: named, date: mailDate(lang, nextChargeAt) })
          : t('subscriptions.email.cardChangedNoCharge', { title, card: named }),
      },
      { kind: 'note', text: t('subscriptions.email.cardChangedNotYou') },
      manageLink(lang, origin, 'mySubscription'),
      signature(lang),
    ],
  });
}

/** The card a renewal will be charged to, as the family knows it (brand and last four digits) and when it stops working. */
export interface ExpiringCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/**
 * Issue 40 item 8: 14 days before a renewal whose card expires before it,
 * the family is asked to add a new card and choose it (My subscription).
 */
export function cardExpiringMail(lang: LangCode, item: RenewalMailSubject, card: ExpiringCard, renewsAt: Date, origin: string) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  const brand = t(`payment.card.brand.${card.brand as 'visa'}`);
  return renderMail({
    lang,
    subject: t('subscriptions.email.cardExpiringSubject', { title }),
    blocks: [
      greeting(lang, item),
      {
        kind: 'text',
        text: t('subscriptions.email.cardExpiringText', {
          title,
          date: mailDate(lang, renewsAt),
          card: t('mySubscription.cardName', { brand, last4: card.last4 }),
          expiry: `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`,
        }),
      },
      manageLink(lang, origin, 'updateCard'),
      signature(lang),
    ],
  });
}
