import type { LangCode, Tribute } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { mailMoney } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';

/**
 * The tribute gift's notice (issue 45, decision 070): when a gift in memory
 * or in honour of someone is paid, the person the donor named hears of it
 * once, in the donor's language, from the ministry. It names the donor
 * unless the donor chose "don't show my name" (then "someone"), and says
 * the amount only when the donor chose so. Its one link is the site's own
 * (configuration, never a request).
 */
export interface TributeNotice {
  tribute: Tribute & { notify: NonNullable<Tribute['notify']> };
  /** The donor as the notice names them; null when they asked not to be named. */
  donorName: string | null;
  amountCents: number;
  monthly: boolean;
}

export function tributeNoticeMail(lang: LangCode, notice: TributeNotice, origin: string) {
  const t = translators[lang];
  const ministry = t('footer.ministry');
  const honoree = oneLine(notice.tribute.honoree);
  const donor = notice.donorName ? oneLine(notice.donorName) : t('donations.tributeEmail.someone');
  const kind = notice.tribute.kind;
  const values = { donor, honoree, ministry, amount: mailMoney(lang, notice.amountCents) };
  const gift = notice.tribute.notify.show_amount
    ? t(notice.monthly ? `donations.tributeEmail.giftMonthlyAmount.${kind}` : `donations.tributeEmail.giftAmount.${kind}`, values)
    : t(notice.monthly ? `donations.tributeEmail.giftMonthly.${kind}` : `donations.tributeEmail.gift.${kind}`, values);
  return renderMail({
    lang,
    subject: t(`donations.tributeEmail.subject.${kind}`, { honoree }),
    blocks: [
      { kind: 'text', text: t('orders.email.greeting', { name: oneLine(notice.tribute.notify.name) }) },
      { kind: 'text', text: gift },
      {
        kind: 'link',
        text: t('donations.tributeEmail.about', { ministry }),
        url: `${origin}/`,
        button: t('mail.button.visitSite'),
      },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}

/** A paid order's line as the notice needs it. */
export interface TributeLine {
  id: number;
  type: string;
  tribute: Tribute | null;
  anonymous: boolean;
  subtotal_cents: number;
  fee_cents: number;
}

/**
 * Queues the notice of each tribute line of a paid order that names someone
 * to tell, in the caller's transaction (the one that marks the order paid).
 * Each line is claimed first (`tribute_notice_sent_at`, set only when
 * empty), so a notice goes once whatever runs this again. The amount said
 * is the gift without what covered the card fee.
 */
export async function queueTributeNotices(
  trx: Db,
  order: { id: number; lang_code: string },
  lines: readonly TributeLine[],
  donor: { fname: string; lname: string | null },
  origins: Record<LangCode, string>,
) {
  const lang = order.lang_code as LangCode;
  const name = `${donor.fname} ${donor.lname ?? ''}`.trim();
  for (const line of lines) {
    const notify = line.tribute?.notify;
    if (!line.tribute || !notify) continue;
    const claimed = await trx
      .updateTable('order_lines')
      .set({ tribute_notice_sent_at: new Date() })
      .where('id', '=', line.id)
      .where('tribute_notice_sent_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    const mail = await tributeNoticeMail(
      lang,
      {
        tribute: { ...line.tribute, notify },
        donorName: line.anonymous || !name ? null : name,
        amountCents: line.subtotal_cents - line.fee_cents,
        monthly: line.type === 'recurring_donation',
      },
      origins[lang],
    );
    // With the order: its page in the back office lists the notice among the order's e-mails.
    await enqueueMail(trx, { lang_code: lang, to: notify.email, orderId: order.id, ...mail });
  }
}
