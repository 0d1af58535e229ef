import type { MessageKey } from '@storyhouse/i18n';
import { useI18n } from '../../lib/i18n';

/** "Visa •••• 4242": the card a plan renews on (the subscription knows only its brand and last four). */
export function useCardName() {
  const { t, hasMessage } = useI18n();
  return (card: { brand: string; last4: string }) => {
    const brandKey = `payment.card.brand.${card.brand}`;
    const brand = hasMessage(brandKey) ? t(brandKey as MessageKey) : t('payment.card.brand.unknown');
    return t('mySubscription.cardName', { brand, last4: card.last4 });
  };
}
