import type { CartLine } from '@storyhouse/contracts';
import type { useI18n } from '../../lib/i18n';

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * How a line is named in labels and messages: the product, the track when
 * the line is one, and the kind (an album's CD and download share a title).
 */
export function lineName(line: CartLine, t: Translate) {
  // A gift card is named by its recipient (issue 27 item 7): a cart may hold several.
  if (line.recipient) return t('cart.giftCardLine.name', { name: line.recipient.name });
  const title = line.product_title && line.title !== line.product_title ? `${line.product_title}: ${line.title}` : line.title;
  return t('cart.lineName', { title, type: t(`cart.type.${line.type}`) });
}

/** A line's key among the cart's: donations share their fund's sku, so theirs is the line id. */
export const lineKey = (line: CartLine) => (line.line_id === null ? `sku-${line.sku_id}` : `line-${line.line_id}`);
