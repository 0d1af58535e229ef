import type { SubscriptionOffer } from '@storyhouse/contracts';
import { AddToCartButton } from '../../components/cart/add-to-cart-button';
import { PriceTag } from '../../components/catalogue/price-tag';
import { CmsColumns } from '../../components/cms/cms-columns';
import type { LayoutProps } from '../../components/cms/layout-props';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { useSubscriptionOffers } from './api/get-subscription-offers';
import './subscription.css';

const planText = {
  monthly: { name: 'subscription.monthly', billed: 'subscription.billedMonthly' },
  annual: { name: 'subscription.annual', billed: 'subscription.billedAnnually' },
} as const;

/**
 * One plan: its price and period, the annual plan also a month (spec §9,
 * the server's figure), and Add to cart. Adding one plan replaces the other
 * in the cart (spec §4), so the mark moves with the last one added.
 */
function Plan({ offer }: { offer: SubscriptionOffer }) {
  const { t, formatMoney } = useI18n();
  const text = planText[offer.code];
  const name = t(text.name);
  return (
    <li className={offer.in_cart ? 'plan plan--in-cart card' : 'plan card'}>
      <h3 className="plan__name">{name}</h3>
      <p className="plan__price">
        <PriceTag price={offer.price_usd} full={offer.full_price_usd} /> <span className="plan__period">{t(text.billed)}</span>
      </p>
      {offer.code === 'annual' && (
        <p className="plan__note">{t('subscription.perMonth', { price: formatMoney(offer.monthly_price_usd) })}</p>
      )}
      {offer.in_cart && <p className="plan__mark">{t('subscription.inCart')}</p>}
      <AddToCartButton skuId={offer.sku_id} title={name} />
    </li>
  );
}

/** Spec §2 Subscription: the monthly and annual offers. */
function Plans() {
  const { t } = useI18n();
  const { data, error, isPending, refetch } = useSubscriptionOffers();
  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <p>{t('subscription.empty')}</p>;
  return (
    <section aria-labelledby="subscription-plans">
      <h2 id="subscription-plans">{t('subscription.plans')}</h2>
      <ul className="plans">
        {data.items.map((offer) => (
          <Plan key={offer.sku_id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec §2 Subscription, the CMS layout: the page's intro and content, the
 * plans with their Add to cart buttons, the sidebar and the optional
 * newsletter. The payment of a plan belongs to checkout.
 */
export default function SubscriptionLayout({ page }: LayoutProps) {
  return (
    <CmsColumns page={page}>
      <Plans />
    </CmsColumns>
  );
}
