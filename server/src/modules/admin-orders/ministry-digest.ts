import type { LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { mailDate } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { adminOrdersRepository } from './admin-orders.repository';

/** The most orders one digest lists (the link opens them all). */
const DIGEST_MAX = 200;
/** The ministry's e-mails are in English (its admin origin's language). */
const DIGEST_LANG: LangCode = 'en';

/**
 * Issue 29 item 3, the daily option (MINISTRY_ORDER_ALERTS=daily): once a
 * day, on whichever server instance claims the day first (daily_jobs), the
 * ministry gets one e-mail listing every paid order with a CD or a book not
 * marked shipped yet, oldest first, so no parcel waits unseen. Nothing is
 * sent on a day with nothing to post. Answers how many orders it listed
 * (0 when the day was claimed already).
 *
 * The day is claimed and the e-mail queued in one transaction: a second
 * server's claim waits on the first's row and then finds the day taken, and
 * a server that fails (or dies) before the e-mail is queued leaves the day
 * unclaimed, for the next run of any server.
 */
export function sendMinistryDigest(db: Db, to: string, adminOrigin: string, day: string) {
  return db.transaction().execute(async (trx) => {
    const repo = adminOrdersRepository(trx);
    if (!(await repo.claimDay('ministry-digest', day))) return 0;
    const { rows, count } = await repo.list({ filter: 'to_ship', search: '' }, 1, DIGEST_MAX);
    if (count === 0) return 0;
    await enqueueMail(trx, { lang_code: DIGEST_LANG, to, ...(await digestMail(rows, count, adminOrigin)) });
    return count;
  });
}

type ToShip = Awaited<ReturnType<ReturnType<typeof adminOrdersRepository>['list']>>['rows'];

function digestMail(rows: ToShip, count: number, adminOrigin: string) {
  const lang = DIGEST_LANG;
  const t = translators[lang];
  const oldestFirst = [...rows].reverse();
  return renderMail({
    lang,
    subject: t('orders.ministryDigest.subject', { count }),
    blocks: [
      { kind: 'text', text: t('orders.ministryDigest.text') },
      {
        kind: 'items',
        heading: t('orders.email.items'),
        rows: oldestFirst.map((o) => ({
          title: o.number,
          kind: oneLine(`${o.fname} ${o.lname}`.trim() || o.email),
          amount: mailDate(lang, new Date(o.created_at)),
        })),
      },
      {
        kind: 'link',
        text: t('orders.ministryDigest.open'),
        url: `${adminOrigin}/admin/orders?filter=to_ship`,
        button: t('orders.ministryDigest.button'),
      },
    ],
  });
}
