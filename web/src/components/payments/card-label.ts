import type { SavedCard } from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';

/** A saved card as the family reads it, on the payment page and in settings: "Visa •••• 4242, expires 12/34". */
export function cardLabel(
  card: Pick<SavedCard, 'brand' | 'last4' | 'exp_month' | 'exp_year'>,
  t: (key: MessageKey, values?: MessageValues) => string,
) {
  const exp = `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
  return t('payment.savedCard', { brand: t(`payment.card.brand.${card.brand}`), last4: card.last4, exp });
}
