import { isSkuType, type OrderItem } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';

/**
 * An order line's kind as the family would say it (issue 27 item 8):
 * "Digital album", "CD ×3", "Gift card for Ana", "Monthly donation". The
 * cart's name for the type; a kind the web does not know yet, as the server
 * wrote it. My orders and the order confirmation say it alike.
 */
export function useKindLabel() {
  const { t } = useI18n();
  return (item: OrderItem) => {
    if (item.type === 'gift_card' && item.recipient_name) return t('orders.item.giftCardFor', { name: item.recipient_name });
    const kind = isSkuType(item.type) ? t(`cart.type.${item.type}`) : item.type;
    return item.quantity > 1 ? t('orders.item.quantityKind', { kind, quantity: item.quantity }) : kind;
  };
}

/** A calendar day the API gives (YYYY-MM-DD) as a date to format: noon of that day here, so no time zone moves it. */
export const calendarDay = (day: string) => new Date(`${day}T12:00:00`);
