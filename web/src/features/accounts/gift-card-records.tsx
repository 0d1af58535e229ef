import { useI18n } from '../../lib/i18n';
import { useGiftCards } from './api/get-gift-cards';

/** Spec §2 Settings (edit mode only): the gift cards the user received; a sender who is not known reads Anonymous. */
export function GiftCardRecords({ userId }: { userId: number }) {
  const { t, formatDate, formatMoney } = useI18n();
  const cards = useGiftCards(userId);
  return (
    <section className="gift-card-records" aria-labelledby="gift-card-records-title">
      <h2 id="gift-card-records-title">{t('account.giftCards.title')}</h2>
      {cards.isPending ? (
        <p role="status">{t('shell.loading')}</p>
      ) : cards.isError ? (
        <p role="alert">{t('account.giftCards.loadFailed')}</p>
      ) : cards.data.length === 0 ? (
        <p>{t('account.giftCards.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="gift-card-records__table">
            <thead>
              <tr>
                <th scope="col">{t('account.giftCards.from')}</th>
                <th scope="col">{t('account.giftCards.date')}</th>
                <th scope="col">{t('account.giftCards.amount')}</th>
                <th scope="col">{t('account.giftCards.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {cards.data.map((card) => (
                <tr key={card.id}>
                  <td>{card.from_user?.fullname || t('account.giftCards.anonymous')}</td>
                  <td>{formatDate(card.created_at)}</td>
                  <td>{formatMoney(card.original_amount)}</td>
                  <td>{formatMoney(card.balance)}</td>
                </tr>
              ))}
            </tbody>
            {/* Issue 27 item 12: what the family's cards still hold, together (summed in cents). */}
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('account.giftCards.totalBalance')}
                </th>
                <td>{formatMoney(cards.data.reduce((cents, card) => cents + Math.round(card.balance * 100), 0) / 100)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
