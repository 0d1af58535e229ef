import type { MySubscription } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { giftReceiptHref, useGiftReceipts } from './api/get-gift-receipts';

/**
 * Decision 070: a monthly gift's receipts, one per paid renewal, as the
 * donor's country asks for them (PDF). Asked for when the donor opens the
 * list; the first month's receipt is its order's (My orders).
 */
export function GiftReceipts({ gift }: { gift: MySubscription }) {
  const { t, formatDate, formatMoney } = useI18n();
  const [open, setOpen] = useState(false);
  const { data, error, isPending, refetch } = useGiftReceipts(gift.id, open);
  return (
    <details className="gift-receipts" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="tap-summary">{t('mySubscription.receipts.title')}</summary>
      {!open ? null : isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.data.length === 0 ? (
        <p>{t('mySubscription.receipts.none')}</p>
      ) : (
        <ul className="gift-receipts__list">
          {data.data.map((r) => (
            <li key={r.id}>
              <time dateTime={r.paid_at}>{formatDate(r.paid_at)}</time> · {formatMoney(r.amount_usd)} ·{' '}
              <a href={giftReceiptHref(gift.id, r.id)} download>
                {t('mySubscription.receipts.download')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
