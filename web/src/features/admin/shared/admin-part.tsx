import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PagingLinks } from '../../../components/paging/paging-links';
import { useI18n } from '../../../lib/i18n';

/** A section of an admin page with its heading (h2): a region named by it. */
export function AdminPart({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`admin-part card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A figure of a table row. On a phone, where the columns stack, it carries
 * its column's name for sight; screen readers have the column heading already.
 */
export function MoneyCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="admin-table__money">
      <span className="admin-table__label" aria-hidden="true">
        {label}:{' '}
      </span>
      {children}
    </td>
  );
}

/** The button that applies a list's filters (the filters are kept in the address). */
export function ApplyFilters({ label }: { label: string }) {
  return (
    <div className="admin-filters__submit">
      <button type="submit" className="button">
        {label}
      </button>
    </div>
  );
}

/** One page of a back-office list, as the list routes answer it. */
interface ListPage {
  count: number;
  per_page: number;
  items: readonly unknown[];
}

/**
 * A back-office list's results: the empty state when nothing matches;
 * otherwise "N found", the rows (`children`) or, on a bookmarked page past
 * the end, a link to the first page; then the paging links.
 */
export function ListResults({
  list,
  page,
  href,
  busy,
  countText,
  emptyText,
  pagingLabel,
  children,
}: {
  list: ListPage;
  page: number;
  href: (page: number) => string;
  busy: boolean;
  countText: string;
  /** What is shown when nothing matches: words, or words and a way out. */
  emptyText: ReactNode;
  pagingLabel: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (list.count === 0) {
    return (
      <div className="admin-empty card card--tinted" role="status">
        {typeof emptyText === 'string' ? <p>{emptyText}</p> : emptyText}
      </div>
    );
  }
  return (
    <div className="admin-results" aria-busy={busy}>
      <p className="admin-results__count" role="status">
        {countText}
      </p>
      {list.items.length === 0 ? (
        <p>
          {t('admin.list.pageEmpty')} <Link to={href(1)}>{t('admin.list.firstPage')}</Link>
        </p>
      ) : (
        children
      )}
      <PagingLinks page={page} perPage={list.per_page} count={list.count} label={pagingLabel} href={href} />
    </div>
  );
}
