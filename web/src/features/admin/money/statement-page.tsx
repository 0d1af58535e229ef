import { adminPath, IdParam } from '@storyhouse/contracts';
import { useParams, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { BackLink } from '../../../ui/back-link';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { ColumnLabel } from '../shared/column-label';
import { Fact } from '../shared/facts';
import { listHref } from '../shared/list-params';
import { useGivingStatement } from './api/donors';
import { yearParam } from './giving-year';
import './giving.css';

/**
 * Issue 29 item 4: a donor's year-end giving statement as a printable page:
 * the ministry, the donor, the year, each gift (date, fund, once or monthly,
 * order), the total, and the ministry's word that nothing was given in
 * exchange. Print prints only the statement (giving.css hides the site's and
 * the back office's navigation on paper).
 */
export default function StatementPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const parsed = IdParam.safeParse(useParams().id);
  const year = yearParam(params);
  const back = (
    <BackLink fallback={listHref(adminPath('adminDonors', lang) ?? '', { year })}>{t('admin.statement.back')}</BackLink>
  );
  return (
    <AdminLayout title={t('admin.statement.title', { year: String(year) })} back={back}>
      {parsed.success ? <Statement id={parsed.data} year={year} /> : <p role="alert">{t('admin.statement.notFound')}</p>}
    </AdminLayout>
  );
}

function Statement({ id, year }: { id: number; year: number }) {
  const { t, formatDate, formatMoney } = useI18n();
  const { data, error, isPending, refetch } = useGivingStatement(id, year);
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  const ministry = t('footer.ministry');
  return (
    <article className="admin-statement card" aria-label={t('admin.statement.label', { year: String(data.year) })}>
      <p className="admin-giving__no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          {t('admin.statement.print')}
        </button>
      </p>
      <p className="admin-statement__ministry">{ministry}</p>
      <dl className="admin-facts">
        <Fact term={t('admin.statement.donor')}>
          {data.donor.name ? <span className="admin-table__line">{data.donor.name}</span> : null}
          <span className="admin-table__line">{data.donor.email}</span>
        </Fact>
        <Fact term={t('admin.statement.year')}>{data.year}</Fact>
      </dl>
      {data.gifts.length === 0 ? (
        <p role="status">{t('admin.statement.none', { year: String(data.year) })}</p>
      ) : (
        <table className="admin-table admin-table--stacked">
          <caption className="visually-hidden">{t('admin.statement.gifts')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.statement.date')}</th>
              <th scope="col">{t('admin.statement.fund')}</th>
              <th scope="col">{t('admin.statement.order')}</th>
              <th scope="col" className="admin-table__money">
                {t('admin.statement.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.gifts.map((gift, index) => (
              // A donor can give the same sum to the same fund twice a day: the place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read only and never reordered.
              <tr key={index}>
                <td className="admin-table__nowrap">
                  <ColumnLabel label={t('admin.statement.date')} />
                  {formatDate(gift.given_at)}
                </td>
                <th scope="row">
                  <span className="admin-table__line">{gift.fund}</span>
                  <span className="admin-table__line admin-table__note">
                    {gift.monthly ? t('admin.statement.monthly') : t('admin.statement.oneTime')}
                  </span>
                </th>
                <td className="admin-table__nowrap">
                  {gift.order_number ? (
                    <>
                      <ColumnLabel label={t('admin.statement.order')} />
                      {gift.order_number}
                    </>
                  ) : null}
                </td>
                <td className="admin-table__money">
                  <ColumnLabel label={t('admin.statement.amount')} />
                  {formatMoney(gift.amount_usd)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('admin.statement.total')}
              </th>
              <td className="admin-table__money admin-statement__total">{formatMoney(data.total_usd)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="admin-statement__note">{t('admin.statement.note', { ministry })}</p>
    </article>
  );
}
