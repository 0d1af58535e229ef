import { Navigate } from 'react-router';
import { shipsItems } from '../../components/cart/checkout-target';
import { useCartTotal } from '../../components/cart/use-cart';
import { useCurrentUser } from '../../components/session/api/get-current-user';
import { useI18n } from '../../lib/i18n';
import { BackLink } from '../../ui/back-link';
import { Loading } from '../../ui/loading';
import { useDocumentTitle } from '../../ui/use-document-title';
import { OrderSummary } from './order-summary';
import { ShippingForm } from './shipping-form';
import './checkout.css';

/** Spec §9: checkout has 2 steps; this is the first. */
const STEP = 1;
const STEPS = 2;

/**
 * Spec §2 /checkout (signed-in; the route guard sends a visitor to log in
 * and back): step 1 of 2, the shipping details and method, beside the
 * order summary. A cart with nothing to ship has no step 1: it goes on to
 * /payment; an empty cart back to /cart. The form shows with the cart: the
 * account's details fill it when they arrive, never over what the family
 * typed meanwhile (issue 27 item 4).
 */
export default function CheckoutPage() {
  const { t } = useI18n();
  useDocumentTitle(t('checkout.title'));
  const { cart, isLoading, refetch } = useCartTotal();
  // The account's address fills an empty form; a failed read only leaves it empty.
  const user = useCurrentUser();

  if (cart && cart.skus.length === 0) return <Navigate to="/cart" replace />;
  if (cart && !shipsItems(cart.skus)) return <Navigate to="/payment" replace />;

  return (
    <article className="page checkout-page">
      <p>
        <BackLink fallback="/cart">{t('checkout.back')}</BackLink>
      </p>
      <h1>{t('checkout.title')}</h1>
      <p className="checkout-page__step">{t('checkout.step', { step: STEP, total: STEPS })}</p>
      {cart && cart.cart.id !== null ? (
        <ShippingForm cart={cart} user={user.data} summary={<OrderSummary cart={cart} />} />
      ) : isLoading ? (
        <Loading />
      ) : (
        <div role="alert">
          <p>{t('checkout.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={refetch}>
            {t('checkout.retry')}
          </button>
        </div>
      )}
    </article>
  );
}
