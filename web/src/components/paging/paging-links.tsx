import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { pagingOf } from '../catalogue/paging';
import './paging.css';

/**
 * Spec §9 paging as previous and next links (the shop, My orders): they
 * change the address, so the browser's back and forward page too. `href`
 * is the address of a page; `label` names the navigation landmark.
 */
export function PagingLinks({
  page,
  perPage,
  count,
  label,
  href,
}: {
  page: number;
  perPage: number;
  count: number;
  label: string;
  href: (page: number) => string;
}) {
  const { t } = useI18n();
  const { hasNext, hasPrevious, pages } = pagingOf(page, perPage, count);
  if (!hasNext && !hasPrevious) return null;
  return (
    <nav className="paging" aria-label={label}>
      {hasPrevious && (
        <Link to={href(page - 1)} rel="prev" className="paging__link">
          {t('paging.previous')}
        </Link>
      )}
      {page <= pages && <span className="paging__position">{t('paging.pageOf', { page, pages })}</span>}
      {hasNext && (
        <Link to={href(page + 1)} rel="next" className="paging__link">
          {t('paging.next')}
        </Link>
      )}
    </nav>
  );
}
