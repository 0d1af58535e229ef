import type { MySubscription } from '@storyhouse/contracts';
import { type FormEvent, useId, useState } from 'react';
import { AddCard } from '../../components/payments/add-card';
import { useSavedCards } from '../../components/payments/api/get-saved-cards';
import { cardLabel } from '../../components/payments/card-label';
import { useCurrentUser } from '../../components/session/api/get-current-user';
import { useI18n } from '../../lib/i18n';
import { SubmitButton } from '../../ui/form/submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useChangeCard } from './api/change-card';
import { useCardName } from './card-name';
import { type Outcome, OutcomeLine } from './outcome';

/**
 * Issue 28 item 2: the saved card a plan or monthly donation renews on,
 * changed to another of the family's saved cards. While past due the open
 * renewal is tried on the new card at once: the answer says whether it paid.
 * A card not saved yet is added here first (issue 40 item 8).
 */
export function ChangeCard({ subscription }: { subscription: MySubscription }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const cardName = useCardName();
  const selectId = useId();
  const user = useCurrentUser();
  const cards = useSavedCards(user.data?.id);
  const change = useChangeCard();
  const [chosen, setChosen] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  if (!cards.data || !user.data) return null;
  const others = cards.data.filter((c) => c.id !== subscription.card?.id);
  // A new card is added here without buying anything, and comes chosen (issue 40 item 8).
  // Kept in the same place whether or not there is a choice yet, so its word on the card it saved stays.
  const addCard = <AddCard userId={user.data.id} onAdded={(card) => setChosen(card.id)} />;
  // The card it renews on now is named above; the choice is among the others.
  const selected = chosen && others.some((c) => c.id === chosen) ? chosen : (others[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = others.find((c) => c.id === selected);
    if (change.isPending || !card) return;
    const wasPastDue = subscription.status === 'past_due';
    setOutcome(undefined);
    change.mutate(
      { id: subscription.id, cardId: card.id },
      {
        onSuccess: (changed) => {
          const name = cardName(card);
          if (changed.status === 'past_due')
            setOutcome({ text: t('mySubscription.changeCard.stillPastDue', { card: name }), failed: true });
          else if (wasPastDue) setOutcome({ text: t('mySubscription.changeCard.paid', { card: name }), failed: false });
          else setOutcome({ text: t('mySubscription.changeCard.done', { card: name }), failed: false });
          setChosen(undefined);
        },
        onError: (error) => setOutcome({ text: errorMessage(error), failed: true }),
      },
    );
  };

  return (
    <div className="change-card">
      {others.length === 0 ? (
        <p className="change-card__none">{t('mySubscription.changeCard.noOther')}</p>
      ) : (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={selectId}>{t('mySubscription.changeCard.label')}</label>
            <div className="field__row">
              <select id={selectId} value={selected} onChange={(e) => setChosen(e.target.value)}>
                {others.map((card) => (
                  <option key={card.id} value={card.id}>
                    {cardLabel(card, t)}
                  </option>
                ))}
              </select>
              <SubmitButton busy={change.isPending} className="button--secondary">
                {change.isPending ? t('mySubscription.changeCard.changing') : t('mySubscription.changeCard.submit')}
              </SubmitButton>
            </div>
          </div>
          <OutcomeLine outcome={outcome} />
        </form>
      )}
      {addCard}
    </div>
  );
}
