import { useI18n } from '../../lib/i18n';

/**
 * A price as spec §3 describes it: the sale price when it is lower than the
 * full price, with the full price crossed out beside it. Screen readers hear
 * which is which, since a strike-through is not announced.
 */
export function PriceTag({ full, price, from = false }: { full: number; price: number; from?: boolean }) {
  const { t, formatMoney } = useI18n();
  const shown = from ? t('catalogue.priceFrom', { price: formatMoney(price) }) : formatMoney(price);
  if (price >= full) return <span className="price-tag">{shown}</span>;
  const original = (
    <s className="price-tag__original">
      <span className="visually-hidden">{t('catalogue.originalPrice')} </span>
      {formatMoney(full)}
    </s>
  );
  const sale = (
    <span className="price-tag__sale">
      <span className="visually-hidden">{t('catalogue.salePrice')} </span>
      {shown}
    </span>
  );
  // "$9.99 $7.99", but "From $7.99 $9.99": the word From belongs to the price it starts.
  return (
    <span className="price-tag price-tag--sale">
      {from ? sale : original} {from ? original : sale}
    </span>
  );
}
