import { Link, useLocation, useSearchParams } from 'react-router';
import { PagingLinks } from '../../components/paging/paging-links';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useOrders } from './api/get-orders';
import { OrderCard } from './order-card';
import './orders.css';

/** The page of the address (`?page=`, spec §9: order paging starts at 1); anything else is page 1. */
function usePage() {
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * Spec §2 My orders (/account/orders and /shop/orders, signed-in): the
 * family's orders, newest first, each with its number, date, status, items
 * and totals; a monthly donation can be cancelled from its order. Previous
 * and next pages (spec §9) live in the address, so back and forward page too.
 */
export default function OrdersPage() {
  const { t } = useI18n();
  useDocumentTitle(t('orders.page.title'));
  return (
    <article className="page orders-page">
      <h1>{t('orders.page.title')}</h1>
      <Orders page={usePage()} />
    </article>
  );
}

function Orders({ page }: { page: number }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { data, error, isPending, isPlaceholderData, refetch } = useOrders(page);
  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.total === 0) return <NoOrders />;
  return (
    <div className="orders-page__results" aria-busy={isPlaceholderData}>
      {data.items.length === 0 ? (
        // A shared link may name a page past the end.
        <p>
          {t('orders.page.pageEmpty')} <Link to={pathname}>{t('orders.page.firstPage')}</Link>
        </p>
      ) : (
        <ol className="orders-page__list" aria-label={t('orders.page.list')}>
          {data.items.map((order) => (
            <li key={order.order_id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
      <PagingLinks
        page={data.page}
        perPage={data.per_page}
        count={data.total}
        label={t('orders.page.paging')}
        href={(p) => (p > 1 ? `${pathname}?page=${p}` : pathname)}
      />
    </div>
  );
}

function NoOrders() {
  const { t } = useI18n();
  return (
    <div className="orders-page__empty card card--tinted">
      <h2>{t('orders.page.empty')}</h2>
      <p>{t('orders.page.emptyText')}</p>
      <p>
        <RouteLink to="shop">{t('orders.page.shopLink')}</RouteLink>
      </p>
    </div>
  );
}
