import type { LangCode } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { mailDate } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { adminOrdersRepository } from './admin-orders.repository';

/** The most orders one digest lists (the link opens them all). */
const DIGEST_MAX = 200;

/**
 * Issue 29 item 3, the daily option (MINISTRY_ORDER_ALERTS=daily): once a
 * day, on whichever server instance claims the day first (daily_jobs), the
 * ministry gets one e-mail listing every paid order with a CD or a book not
 * marked shipped yet, oldest first, so no parcel waits unseen. Nothing is
 * sent on a day with nothing to post. Answers how many orders it listed
 * (0 when the day was claimed already).
 */
export async function sendMinistryDigest(db: Db, to: string, adminOrigin: string, day: string) {
  const claimed = await sql<{ name: string }>`
    insert into daily_jobs (name, last_day) values ('ministry-digest', ${day}::date)
    on conflict (name) do update set last_day = excluded.last_day where daily_jobs.last_day < excluded.last_day
    returning name`.execute(db);
  if (claimed.rows.length === 0) return 0;
  const { rows, count } = await adminOrdersRepository(db).list({ filter: 'to_ship', search: '' }, 1, DIGEST_MAX);
  if (count === 0) return 0;
  const lang: LangCode = 'en';
  const t = translators[lang];
  const oldestFirst = [...rows].reverse();
  const mail = await renderMail({
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
  await enqueueMail(db, { lang_code: lang, to, ...mail });
  return count;
}
