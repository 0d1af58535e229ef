import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { errorMessage } from '../../ui/use-error-message';
import './card-refusal.css';

/** Refusals only another card or the bank can help with: the message says so (issue 46). */
const TRY_ANOTHER_CARD: ReadonlySet<string> = new Set([
  'payment_card_declined',
  'payment_insufficient_funds',
  'payment_expired_card',
]);

/** What the bank said, as the family reads it; a new object for each refusal, so a second one is said again. */
export interface Refusal {
  text: string;
}

/**
 * Issue 46 (decision 072): a card the bank refused (any 402: `payment_<code>`,
 * a failed 3-D Secure check) is said beside the card, wherever a card is
 * given (the payment form, "Add a card"), not in the form's alert further
 * down. `take` keeps such a refusal and answers whether it was one; anything
 * else is the form's to show.
 */
export function useCardRefusal() {
  const { t } = useI18n();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  return {
    refusal,
    clear: () => setRefusal(null),
    take: (error: unknown): boolean => {
      if (!(error instanceof ApiError) || error.status !== 402) return false;
      const text = errorMessage(error, t, 'payment.failed');
      setRefusal({ text: TRY_ANOTHER_CARD.has(error.code) ? `${text} ${t('payment.card.declinedHint')}` : text });
      return true;
    },
  };
}

/**
 * The refusal, announced (role="alert"), placed by its form beside the card
 * (under the saved card chosen, above the new card's number). When it shows,
 * `focusCard` puts the focus on the card (the number, or the saved card
 * chosen) and the message is scrolled to the middle of the screen.
 */
export function CardRefusal({ refusal, focusCard }: { refusal: Refusal | null; focusCard: () => void }) {
  const box = useRef<HTMLParagraphElement>(null);
  const focus = useRef(focusCard);
  focus.current = focusCard;
  useEffect(() => {
    if (!refusal) return;
    focus.current();
    box.current?.scrollIntoView({ block: 'center' });
  }, [refusal]);
  if (!refusal) return null;
  return (
    <p ref={box} role="alert" className="card-refusal">
      {refusal.text}
    </p>
  );
}
