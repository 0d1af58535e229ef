import type { Order } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cartKeys } from '../../components/cart/api/cart-keys';
import { Figure } from '../../components/cart/cart-totals';
import { savedCardsKey } from '../../components/payments/api/get-saved-cards';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useOrder } from './api/get-order';
import { OrderBought } from './order-bought';

/**
 * An order the server does not know as this user's: another family's (its
 * address in a shared link), a typo, or one too big to be an id. The
 * address's id is internal, so the page does not repeat it.
 */
const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Spec §2 Cart and checkout: the order confirmation at /payment?order=ID, so
 * a reload shows it again. The order is read from the server (only its owner
 * may), never taken from the address: its number, status and total, the
 * receipt-by-e-mail message once it is paid, what it bought with what comes
 * next (OrderBought), and links on to what the order gave. Someone else's order number shows "not found", never a thank-you.
 */
export function OrderConfirmation({ orderId }: { orderId: number }) {
  const { t } = useI18n();
  const order = useOrder(orderId);
  const client = useQueryClient();
  // What a paid order changed, read again everywhere (the header's cart counter, owned stories, saved cards).
  useEffect(() => {
    void Promise.all([
      client.invalidateQueries({ queryKey: cartKeys.all }),
      client.invalidateQueries({ queryKey: ['catalogue'] }),
      client.invalidateQueries({ queryKey: savedCardsKey }),
    ]);
  }, [client]);
  const missing = order.isError && notFound(order.error);
  const paid = order.data?.status === 'paid';
  useDocumentTitle(
    missing
      ? t('payment.confirmation.notFound.title')
      : paid || !order.data
        ? t('payment.confirmation.title')
        : t('orders.page.number', { number: order.data.order_number }),
  );

  if (order.isPending) {
    return (
      <article className="page page--narrow order-confirmation">
        <Loading />
      </article>
    );
  }
  if (order.isError) {
    return (
      <article className="page page--narrow order-confirmation">
        {missing ? (
          <>
            <h1>{t('payment.confirmation.notFound.title')}</h1>
            <p role="alert">{t('payment.confirmation.notFound.text')}</p>
          </>
        ) : (
          <LoadError error={order.error} onRetry={() => void order.refetch()} />
        )}
        <Links />
      </article>
    );
  }
  return (
    <article className="page page--narrow order-confirmation">
      {/* The thanks is said once, in the heading; the text below gives the number and where the receipt went. */}
      <h1>{paid ? t('payment.confirmation.title') : t('orders.page.number', { number: order.data.order_number })}</h1>
      <p role="status">
        {order.data.status === 'paid'
          ? t('payment.confirmation.text', { number: order.data.order_number })
          : t(`payment.confirmation.${order.data.status}`)}
      </p>
      <Facts order={order.data} />
      {/* What it bought and what comes next (issue 46 "After paying"): said once it is paid. */}
      {paid && <OrderBought order={order.data} />}
      <Links />
    </article>
  );
}

/** The order's number, status and total, as My orders shows them. */
function Facts({ order }: { order: Order }) {
  const { t, formatMoney } = useI18n();
  return (
    <dl className="order-confirmation__facts">
      <Figure term={t('payment.confirmation.number')}>{order.order_number}</Figure>
      <Figure term={t('payment.confirmation.status')}>{t(`orders.status.${order.status}`)}</Figure>
      <Figure term={t('payment.confirmation.total')}>{formatMoney(order.order_total_usd)}</Figure>
    </dl>
  );
}

/** On to what the order gave: the library, the order list, the shop. */
function Links() {
  const { t } = useI18n();
  return (
    <ul className="order-confirmation__links">
      <li>
        <RouteLink to="library">{t('payment.confirmation.library')}</RouteLink>
      </li>
      <li>
        <RouteLink to="orders">{t('payment.confirmation.orders')}</RouteLink>
      </li>
      <li>
        <RouteLink to="shop">{t('payment.confirmation.shop')}</RouteLink>
      </li>
    </ul>
  );
}
