import { Navigate, useSearchParams } from 'react-router';
import { shipsItems } from '../../components/cart/checkout-target';
import { useCartTotal } from '../../components/cart/use-cart';
import { useSavedCards } from '../../components/payments/api/get-saved-cards';
import { usePaymentsKey } from '../../components/payments/api/payments-key';
import { useCurrentUser } from '../../components/session/api/get-current-user';
import { useI18n } from '../../lib/i18n';
import { BackLink } from '../../ui/back-link';
import { Loading } from '../../ui/loading';
import { useDocumentTitle } from '../../ui/use-document-title';
import { OrderConfirmation } from './order-confirmation';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';
import './checkout.css';
import './payment.css';

/** The order a finished payment shows (`/payment?order=ID`): the address of the confirmation, so a reload keeps it. */
const orderOf = (value: string | null) => (value !== null && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : null);

/**
 * Spec §2 /payment (signed-in; the route guard sends a visitor to log in
 * and back): checkout step 2 of 2, the billing address and the card beside
 * the order summary, then the confirmation (`?order=ID`, so a reload still
 * shows it). An order with nothing to ship has only this step. An empty cart goes back to /cart; a cart that ships with no
 * shipping address yet to /checkout (step 1).
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const orderId = orderOf(params.get('order'));
  return orderId === null ? <PaymentStep /> : <OrderConfirmation orderId={orderId} />;
}

function PaymentStep() {
  const { t } = useI18n();
  useDocumentTitle(t('payment.title'));
  const { cart, isLoading, isError, refetch } = useCartTotal();
  const user = useCurrentUser();
  const processor = usePaymentsKey();
  const cards = useSavedCards(user.data?.id);

  if (cart && cart.skus.length === 0) return <Navigate to="/cart" replace />;
  const ships = cart ? shipsItems(cart.skus) : false;
  if (cart && ships && !cart.addresses.shipping) return <Navigate to="/checkout" replace />;

  const loading = isLoading || user.isPending || processor.isPending || (user.data !== undefined && cards.isPending);
  const failed = isError || user.isError || processor.isError || !cart || cart.cart.id === null;
  return (
    <article className="page checkout-page">
      <p>
        {ships ? (
          <BackLink fallback="/checkout">{t('payment.backToShipping')}</BackLink>
        ) : (
          <BackLink fallback="/cart">{t('payment.backToCart')}</BackLink>
        )}
      </p>
      <h1>{t('payment.title')}</h1>
      {/* Spec §9: checkout has 2 steps, this the second; an order with nothing to ship has this one only (issue 27 item 7). */}
      <p className="checkout-page__step">{t('checkout.step', ships ? { step: 2, total: 2 } : { step: 1, total: 1 })}</p>
      {loading ? (
        <Loading />
      ) : failed || !user.data || !processor.data ? (
        <div role="alert">
          <p>{t('payment.loadFailed')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              refetch();
              void user.refetch();
              void processor.refetch();
            }}
          >
            {t('payment.retry')}
          </button>
        </div>
      ) : (
        // Saved cards that could not be read leave a new card to pay with (the form says so).
        <PaymentForm
          cart={cart}
          user={user.data}
          processor={processor.data}
          savedCards={cards.data}
          ships={ships}
          summary={<OrderSummary cart={cart} />}
        />
      )}
    </article>
  );
}
