import type { LangCode } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { titleIn } from '../../lib/titles';
import { mailDate, mailMoney } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { periodEnd } from '../../providers/payments/test-processor';
import { mySubscriptionLink, type RenewalMailSubject } from './renewal-mail';
import { subscriptionsRepository } from './subscriptions.repository';

/** Issue 45: how many days before a paused gift is charged again the donor hears of it. */
export const RESUME_NOTICE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a monthly gift is next charged after a change (issue 45): a pause
 * moves its next charge `pauseMonths` months on; a new day of the month
 * moves it to that day of the month it falls in, or of the month after
 * when that day has passed (never today or earlier). The time of day stays.
 */
export function nextChargeAt(
  next: Date,
  now: Date,
  { chargeDay, pauseMonths }: { chargeDay?: number | null; pauseMonths?: number },
): Date {
  let at = pauseMonths ? periodEnd(next, 'month', pauseMonths) : new Date(next);
  if (chargeDay) {
    at.setUTCDate(chargeDay);
    // A day already gone this month: the month after.
    if (at <= now) at = periodEnd(at, 'month', 1);
  }
  return at;
}

/**
 * While a monthly gift is paused, the day it is charged again (ISO); null
 * when it is not: a pause ends at the next charge, so once that charge is
 * made (the period moves past it) the gift is no longer paused.
 */
export function pausedUntil(item: { paused_until: Date | null; current_period_end: Date | null; status: string }) {
  const until = item.paused_until;
  if (!until || item.status === 'cancelled' || !item.current_period_end) return null;
  return until.getTime() >= new Date(item.current_period_end).getTime() ? new Date(until).toISOString() : null;
}

/** What a change did to a gift, for its e-mail. */
export interface GiftChangeMail {
  amountCents: number;
  nextChargeAt: Date;
  pausedUntil: Date | null;
}

const nameOf = (lang: LangCode, item: RenewalMailSubject) => oneLine(titleIn(item.titles, lang, item.title));

function giftMail(lang: LangCode, item: RenewalMailSubject, subject: string, text: string, origin: string) {
  const t = translators[lang];
  return renderMail({
    lang,
    subject,
    blocks: [
      { kind: 'text', text: t('orders.email.greeting', { name: oneLine(item.fname) }) },
      { kind: 'text', text },
      {
        kind: 'link',
        text: t('subscriptions.email.manageText'),
        url: mySubscriptionLink(origin),
        button: t('subscriptions.email.mySubscription'),
      },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}

/** The confirmation of a change, in the donor's language: what is charged next, and when (after a pause: from when). */
export function giftChangedMail(lang: LangCode, item: RenewalMailSubject, change: GiftChangeMail, origin: string) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  const values = { title, amount: mailMoney(lang, change.amountCents), date: mailDate(lang, change.nextChargeAt) };
  return giftMail(
    lang,
    item,
    t('subscriptions.email.giftChangedSubject', { title }),
    t(change.pausedUntil ? 'subscriptions.email.giftPausedText' : 'subscriptions.email.giftChangedText', values),
    origin,
  );
}

/** A few days before a paused gift is charged again. */
export function giftResumingMail(lang: LangCode, item: RenewalMailSubject, amountCents: number, at: Date, origin: string) {
  const t = translators[lang];
  const title = nameOf(lang, item);
  return giftMail(
    lang,
    item,
    t('subscriptions.email.giftResumingSubject', { title }),
    t('subscriptions.email.giftResumingText', { title, amount: mailMoney(lang, amountCents), date: mailDate(lang, at) }),
    origin,
  );
}

/**
 * Issue 45: the background job that e-mails a donor, in their language,
 * RESUME_NOTICE_DAYS before a paused monthly gift is charged again. Each
 * notice is claimed in the database (resume_notice_for takes the pause's
 * end in the transaction that queues the e-mail), so two servers send it
 * once, and a later pause gets its own. `now` is the processor's time.
 */
export function giftResumeNotices(
  db: Db,
  provider: string,
  { origins, now }: { origins: Record<LangCode, string>; now: () => Promise<Date> },
) {
  return {
    /** Sends the notices due now; answers how many this call sent. */
    async run() {
      const at = await now();
      const due = await subscriptionsRepository(db).resumingWithoutNotice(
        provider,
        at,
        new Date(at.getTime() + RESUME_NOTICE_DAYS * DAY_MS),
      );
      let sent = 0;
      for (const item of due) {
        const resumesAt = item.paused_until;
        if (!resumesAt) continue;
        const lang = item.lang_code as LangCode;
        const mail = await giftResumingMail(lang, item, item.amount_cents, resumesAt, origins[lang]);
        const claimed = await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('recurring_items')
            .set({ resume_notice_for: resumesAt })
            .where('id', '=', item.id)
            .where('paused_until', '=', resumesAt)
            .where(sql<boolean>`resume_notice_for is distinct from paused_until`)
            .returning('id')
            .executeTakeFirst();
          if (!row) return false;
          await enqueueMail(trx, { lang_code: lang, to: item.email, ...mail });
          return true;
        });
        if (claimed) sent += 1;
      }
      return sent;
    },
  };
}
