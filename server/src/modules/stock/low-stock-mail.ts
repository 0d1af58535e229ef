import type { LangCode, LowStockProduct } from '@storyhouse/contracts';
import { claimDay } from '../../db/daily-jobs';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { renderMail } from '../../mail/render';
import { enqueueMail } from '../../providers/mail/outbox';
import { lowStockProducts } from './stock.service';

/** The ministry's e-mails are in English (its admin origin's language), as its order digest is. */
const MINISTRY_LANG: LangCode = 'en';
/** The most products one e-mail lists (the link opens the back office, where all are). */
const MAIL_MAX = 100;

/**
 * Decision 061: once a day, on whichever server instance claims the day
 * first (daily_jobs, decision 024), the ministry gets one e-mail listing the
 * CDs and books at or below their low-stock threshold, fewest copies first,
 * with a link to the back office's Overview (its to-do list names them too),
 * built from configuration. Nothing is sent
 * on a day with nothing low. Answers how many it listed (0 also when the day
 * was claimed already).
 *
 * The day is claimed and the e-mail queued in one transaction: a second
 * server's claim waits on the first's row and then finds the day taken; a
 * server that fails before the e-mail is queued leaves the day to the next run.
 */
export function sendLowStockMail(db: Db, { to, adminOrigin, day }: { to: string; adminOrigin: string; day: string }) {
  return db.transaction().execute(async (trx) => {
    if (!(await claimDay(trx, 'low-stock', day))) return 0;
    const low = await lowStockProducts(trx);
    if (low.length === 0) return 0;
    await enqueueMail(trx, { lang_code: MINISTRY_LANG, to, ...(await lowStockMail(low, adminOrigin)) });
    return low.length;
  });
}

function lowStockMail(low: readonly LowStockProduct[], adminOrigin: string) {
  const lang = MINISTRY_LANG;
  const t = translators[lang];
  const shown = low.slice(0, MAIL_MAX);
  return renderMail({
    lang,
    subject: t('stock.lowStockMail.subject', { count: low.length }),
    blocks: [
      { kind: 'text', text: t('stock.lowStockMail.text') },
      {
        kind: 'items',
        heading: t('stock.lowStockMail.heading'),
        rows: shown.map((p) => ({
          title: p.title,
          kind: t(`cart.type.${p.type}`),
          amount: t('stock.lowStockMail.left', { count: p.stock, threshold: p.low_stock_threshold }),
        })),
      },
      {
        kind: 'link',
        text: t('stock.lowStockMail.open'),
        url: `${adminOrigin}/admin`,
        button: t('stock.lowStockMail.button'),
      },
    ],
  });
}
