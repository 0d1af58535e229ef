import type { LangCode } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { type Titles, titleIn } from '../../lib/titles';
import type { MailBlock } from '../../mail/content';
import { mailDate, mailMoney } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { oneLine } from '../../providers/mail/outbox';

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

export function renewalReceiptMail(lang: LangCode, item: RenewalMailSubject, amountCents: number, paidAt: Date, origin: string) {
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
      {
        kind: 'link',
        text: t('subscriptions.email.manageText'),
        url: mySubscriptionLink(origin),
        button: t('subscriptions.email.mySubscription'),
      },
      ...(isDonation(item)
        ? [{ kind: 'note' as const, text: t('subscriptions.email.givingNote', { ministry: t('footer.ministry'), amount, date }) }]
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
      {
        kind: 'link',
        text: t('subscriptions.email.manageText'),
        url: mySubscriptionLink(origin),
        button: t('subscriptions.email.updateCard'),
      },
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
      {
        kind: 'link',
        text: t('subscriptions.email.manageText'),
        url: mySubscriptionLink(origin),
        button: t('subscriptions.email.mySubscription'),
      },
      signature(lang),
    ],
  });
}
