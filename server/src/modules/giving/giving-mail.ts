import type { LangCode } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { mailDate, mailMoney } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { oneLine } from '../../providers/mail/outbox';
import type { GiftRow } from './giving.repository';

/** A donor's year-end giving statement (issue 28 item 5): every gift of the year, the total, the ministry's statement. */
export function givingStatementMail(lang: LangCode, donor: { fname: string }, year: number, gifts: readonly GiftRow[]) {
  const t = translators[lang];
  const total = gifts.reduce((sum, g) => sum + g.cents, 0);
  return renderMail({
    lang,
    subject: t('subscriptions.email.statementSubject', { year }),
    blocks: [
      { kind: 'text', text: t('orders.email.greeting', { name: oneLine(donor.fname) }) },
      { kind: 'text', text: t('subscriptions.email.statementIntro', { year }) },
      {
        kind: 'items',
        heading: t('subscriptions.email.statementGifts'),
        rows: gifts.map((g) => ({
          title: oneLine(g.title),
          kind: g.order_number ? `${mailDate(lang, g.given_at)} · ${g.order_number}` : mailDate(lang, g.given_at),
          amount: mailMoney(lang, g.cents),
        })),
      },
      {
        kind: 'totals',
        rows: [{ label: t('subscriptions.email.statementTotal', { year }), value: mailMoney(lang, total), strong: true }],
      },
      { kind: 'note', text: t('subscriptions.email.statementNote', { ministry: t('footer.ministry') }) },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}
