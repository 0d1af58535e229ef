import type { SavedCard } from '@storyhouse/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { AddCard } from '../../components/payments/add-card';
import { useSavedCards } from '../../components/payments/api/get-saved-cards';
import { cardLabel } from '../../components/payments/card-label';
import { useI18n } from '../../lib/i18n';
import { errorMessage } from '../../ui/use-error-message';
import { useDeleteCard } from './api/delete-card';
import './saved-cards.css';

/**
 * Spec §6 (saved cards are the signed-in user's) and §7 Payments: the cards
 * kept for next time, each deleted after confirming (spec §5
 * Confirmations); a failed deletion says 'Unable to delete credit card.
 * Please try again later.' (spec §8 Card delete). A card is added here
 * without buying anything (issue 40 item 8).
 */
export function SavedCards({ userId }: { userId: number }) {
  const { t } = useI18n();
  const cards = useSavedCards(userId);
  const remove = useDeleteCard();
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');

  const confirmDelete = () => {
    const card = deleting;
    setDeleting(null);
    if (!card) return;
    setFailure('');
    remove.mutate(card.id, {
      onSuccess: () => setStatus(t('account.cards.deleted', { card: cardLabel(card, t) })),
      // The server's reason when it gave one (a card a renewal is charged to), else spec §8's message.
      onError: (error) => setFailure(errorMessage(error, t, 'errors.card_delete_failed')),
    });
  };

  return (
    <section className="saved-cards" aria-labelledby="saved-cards-title">
      <h2 id="saved-cards-title">{t('account.cards.title')}</h2>
      {cards.isPending ? (
        <p role="status">{t('shell.loading')}</p>
      ) : cards.isError ? (
        <p role="alert">{t('account.cards.loadFailed')}</p>
      ) : cards.data.length === 0 ? (
        <p>{t('account.cards.none')}</p>
      ) : (
        <ul className="saved-cards__list">
          {cards.data.map((card) => (
            <li key={card.id} className="saved-cards__card">
              <span>
                {cardLabel(card, t)}
                {card.name && <span className="saved-cards__name"> · {card.name}</span>}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t('account.cards.deleteLabel', { card: cardLabel(card, t) })}
                aria-disabled={remove.isPending || undefined}
                onClick={() => !remove.isPending && setDeleting(card)}
              >
                {t('account.cards.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="form-status form-status--error">
          {failure}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <AddCard userId={userId} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('account.cards.confirmTitle')}
        confirmLabel={t('account.cards.delete')}
        cancelLabel={t('account.cards.confirmCancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t('account.cards.confirmText', { card: cardLabel(deleting, t) }) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
