import { useI18n } from '../../lib/i18n';
import './price-tag.css';

/**
 * The one price display (spec §3, issue 11 item 6): the price paid, and
 * when it is lower than the full price, the full price struck out after it
 * ("$7.99 $9.99", "From $7.99 $9.99"). A strike-through is not announced,
 * so screen readers hear "Sale price $7.99 Original price $9.99". Any pair
 * of amounts works: a product's lowest offer, a track, a cart line or its
 * subtotal. `from` prefixes the paid price with "From".
 */
export function PriceTag({
  price,
  full,
  from = false,
  className,
}: {
  /** What the buyer pays, in dollars. */
  price: number;
  /** The regular price, in dollars; struck out when higher than `price`. */
  full: number;
  from?: boolean;
  className?: string;
}) {
  const { t, formatMoney } = useI18n();
  const shown = from ? t('catalogue.priceFrom', { price: formatMoney(price) }) : formatMoney(price);
  const classes = (modifier: string) => `price-tag${modifier}${className ? ` ${className}` : ''}`;
  if (price >= full) return <span className={classes('')}>{shown}</span>;
  return (
    <span className={classes(' price-tag--sale')}>
      <span className="price-tag__sale">
        <span className="visually-hidden">{t('catalogue.salePrice')} </span>
        {shown}
      </span>{' '}
      <s className="price-tag__original">
        <span className="visually-hidden">{t('catalogue.originalPrice')} </span>
        {formatMoney(full)}
      </s>
    </span>
  );
}
