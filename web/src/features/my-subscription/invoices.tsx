import type { Invoice } from '@storyhouse/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { type InvoiceCursor, useInvoices } from './api/get-invoices';
import { usePlanName } from './plan-name';

/** Spec §5: only a plan's invoices (its product starts with `subscription-`) and never a draft. */
export const isPlanInvoice = (invoice: Pick<Invoice, 'lines'> & { status: string }) =>
  invoice.status !== 'draft' && (invoice.lines[0]?.product.startsWith('subscription-') ?? false);

/**
 * Spec §2 My subscription's invoice history: type, date, amount, newest
 * first, with previous and next pages from Stripe's cursors (spec §7):
 * next is the page after the last invoice shown, previous the one before the
 * first; `has_more` tells whether more lie in the direction asked.
 */
export function Invoices({ subscriptionId }: { subscriptionId: string }) {
  const { t, formatDate, formatMoney } = useI18n();
  const planName = usePlanName();
  const [cursor, setCursor] = useState<InvoiceCursor>(null);
  const { data, error, isPending, isPlaceholderData, refetch } = useInvoices(subscriptionId, cursor);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paged = useRef(false);
  // After paging, focus goes to the table's heading once the new page is in (the button pressed may be gone).
  useEffect(() => {
    if (paged.current && data && !isPlaceholderData) {
      paged.current = false;
      headingRef.current?.focus();
    }
  }, [data, isPlaceholderData]);

  const page = (next: InvoiceCursor) => {
    paged.current = true;
    setCursor(next);
  };

  let body: ReactNode;
  if (isPending) body = <Loading shape="block" />;
  else if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else {
    const invoices = data.data.filter(isPlanInvoice);
    const first = data.data[0];
    const last = data.data.at(-1);
    // Arriving from a later page means an earlier one exists; has_more speaks only for the way asked.
    const hasPrevious = cursor === null ? false : 'ending_before' in cursor ? data.has_more : true;
    const hasNext = cursor !== null && 'ending_before' in cursor ? true : data.has_more;
    body = (
      <div aria-busy={isPlaceholderData}>
        {invoices.length === 0 ? (
          <p>{t('mySubscription.invoices.empty')}</p>
        ) : (
          <table className="invoices">
            <caption>{t('mySubscription.invoices.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mySubscription.invoices.type')}</th>
                <th scope="col">{t('mySubscription.invoices.date')}</th>
                <th scope="col" className="invoices__amount">
                  {t('mySubscription.invoices.amount')}
                </th>
                <th scope="col">{t('mySubscription.invoices.state')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{planName(invoice.code, invoice.code)}</td>
                  <td>
                    <time dateTime={invoice.created}>{formatDate(invoice.created)}</time>
                  </td>
                  {/* Spec §9: an invoice's total is cents / 100 with 2 decimals. */}
                  <td className="invoices__amount">{formatMoney(invoice.total / 100)}</td>
                  <td className={`invoices__status invoices__status--${invoice.status}`}>
                    {t(`mySubscription.invoices.status.${invoice.status}`)}
                    <Receipt invoice={invoice} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(hasPrevious || hasNext) && (
          <nav className="invoices__paging" aria-label={t('mySubscription.invoices.paging')}>
            {hasPrevious && first && (
              <button type="button" className="button button--secondary" onClick={() => page({ ending_before: first.id })}>
                {t('mySubscription.invoices.previous')}
              </button>
            )}
            {hasNext && last && (
              <button type="button" className="button button--secondary" onClick={() => page({ starting_after: last.id })}>
                {t('mySubscription.invoices.next')}
              </button>
            )}
          </nav>
        )}
      </div>
    );
  }
  return (
    <section className="invoices-section" aria-labelledby="my-subscription-invoices">
      <h2 id="my-subscription-invoices" ref={headingRef} tabIndex={-1}>
        {t('mySubscription.invoices.title')}
      </h2>
      {body}
    </section>
  );
}

/**
 * An invoice's receipt, as Stripe's customer portal links it (issue 46, decision 071): a renewal's is the HTML the
 * family was e-mailed (a page of the API), the first period's its order's confirmation (a page of the site).
 */
function Receipt({ invoice }: { invoice: Invoice }) {
  const { t, formatDate } = useI18n();
  if (!invoice.receipt_url) return null;
  const label = t('mySubscription.invoices.receiptFor', { date: formatDate(invoice.created) });
  const words = t('mySubscription.invoices.receipt');
  return invoice.receipt_url.startsWith('/crud/') ? (
    <a className="invoices__receipt" href={invoice.receipt_url} aria-label={label}>
      {words}
    </a>
  ) : (
    <Link className="invoices__receipt" to={invoice.receipt_url} aria-label={label}>
      {words}
    </Link>
  );
}
