import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';

/**
 * Spec §2 Cart and checkout: the order confirmation, with the order number
 * and the receipt-by-e-mail message, at /payment?order=ID so a reload
 * shows it again. Links on to what the order gave: the library, the order
 * list, and back to the shop.
 */
export function OrderConfirmation({ orderId }: { orderId: number }) {
  const { t } = useI18n();
  useDocumentTitle(t('payment.confirmation.title'));
  return (
    <article className="page page--narrow order-confirmation">
      <h1>{t('payment.confirmation.title')}</h1>
      <p role="status">{t('payment.confirmation.text', { number: String(orderId) })}</p>
      <ul className="order-confirmation__links">
        {/* /library and /account/orders come with their issues; the links are theirs already (spec §2 route table). */}
        <li>
          <Link to="/library">{t('payment.confirmation.library')}</Link>
        </li>
        <li>
          <Link to="/account/orders">{t('payment.confirmation.orders')}</Link>
        </li>
        <li>
          <RouteLink to="shop">{t('payment.confirmation.shop')}</RouteLink>
        </li>
      </ul>
    </article>
  );
}
