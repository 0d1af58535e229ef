import type { AdminDonorsResponse } from '@storyhouse/contracts';
import { adminPath } from '@storyhouse/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { ColumnLabel } from '../shared/column-label';
import { Fact } from '../shared/facts';
import { listHref } from '../shared/list-params';
import { useAdminDonors, useEmailStatement } from './api/donors';
import { givingYears, statementHref, yearParam } from './giving-year';
import { StatementsPart } from './statements-part';
import '../../../ui/form/form.css';
import './giving.css';
import { ApplyFilters } from '../shared/admin-part';

type Donor = AdminDonorsResponse['donors'][number];

/**
 * Issue 29 item 4, Donors: a calendar year's gifts (this year and the four
 * before, the year in the address): the totals, per fund and per donor,
 * one-time and monthly. Each donor's year-end statement opens as a printable
 * page or is e-mailed to them once the admin confirms.
 */
export default function DonorsPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const year = yearParam(params);
  const path = adminPath('adminDonors', lang) ?? '';
  return (
    <AdminLayout title={t('admin.donors.title')}>
      <YearForm year={year} onApply={(y) => navigate(listHref(path, { year: y }))} />
      <DonorsReport year={year} />
    </AdminLayout>
  );
}

function YearForm({ year, onApply }: { year: number; onApply: (year: number) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(year);
  const [years] = useState(() => givingYears());
  // Back and forward change the year in the address: the select follows.
  useEffect(() => setDraft(year), [year]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const offered = years.includes(year) ? years : [...years, year];
  return (
    <form className="admin-filters" aria-label={t('admin.donors.filters')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{t('admin.donors.year')}</label>
        <select id={id} value={draft} onChange={(e) => setDraft(Number(e.target.value))}>
          {offered.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <ApplyFilters label={t('admin.list.apply')} />
    </form>
  );
}

const sum = (rows: { one_time_usd: number; monthly_usd: number }[], key: 'one_time_usd' | 'monthly_usd') =>
  Math.round(rows.reduce((total, row) => total + row[key] * 100, 0)) / 100;

function DonorsReport({ year }: { year: number }) {
  const { t, formatMoney } = useI18n();
  const totalsId = useId();
  const fundsId = useId();
  const donorsId = useId();
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminDonors(year);
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.donors.length === 0) {
    return (
      <p className="admin-empty card card--tinted" role="status">
        {t('admin.donors.none', { year: String(data.year) })}
      </p>
    );
  }
  return (
    <div className="admin-results" aria-busy={isPlaceholderData}>
      <section className="admin-part card" aria-labelledby={totalsId}>
        <h2 id={totalsId}>{t('admin.donors.totals', { year: String(data.year) })}</h2>
        <dl className="admin-facts admin-facts--money">
          <Fact term={t('admin.donors.total')}>{formatMoney(data.total_usd)}</Fact>
          <Fact term={t('admin.donors.oneTime')}>{formatMoney(sum(data.funds, 'one_time_usd'))}</Fact>
          <Fact term={t('admin.donors.monthly')}>{formatMoney(sum(data.funds, 'monthly_usd'))}</Fact>
          <Fact term={t('admin.donors.donorCount')}>{data.donors.length}</Fact>
        </dl>
      </section>
      <StatementsPart year={data.year} />
      <section className="admin-part admin-giving__part" aria-labelledby={fundsId}>
        <h2 id={fundsId}>{t('admin.donors.perFund')}</h2>
        <table className="admin-table admin-table--stacked">
          <thead>
            <tr>
              <th scope="col">{t('admin.donors.fund')}</th>
              <MoneyHeads />
            </tr>
          </thead>
          <tbody>
            {data.funds.map((fund) => (
              <tr key={fund.title}>
                <th scope="row">{fund.title}</th>
                <MoneyCells row={fund} />
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="admin-part admin-giving__part" aria-labelledby={donorsId}>
        <h2 id={donorsId}>{t('admin.donors.perDonor')}</h2>
        <DonorsTable donors={data.donors} year={data.year} />
      </section>
    </div>
  );
}

function MoneyHeads() {
  const { t } = useI18n();
  return (
    <>
      <th scope="col" className="admin-table__money">
        {t('admin.donors.oneTime')}
      </th>
      <th scope="col" className="admin-table__money">
        {t('admin.donors.monthly')}
      </th>
      <th scope="col" className="admin-table__money">
        {t('admin.donors.gifts')}
      </th>
    </>
  );
}

function MoneyCells({ row }: { row: { one_time_usd: number; monthly_usd: number; gifts: number } }) {
  const { t, formatMoney } = useI18n();
  return (
    <>
      <LabelledCell label={t('admin.donors.oneTime')}>{formatMoney(row.one_time_usd)}</LabelledCell>
      <LabelledCell label={t('admin.donors.monthly')}>{formatMoney(row.monthly_usd)}</LabelledCell>
      <LabelledCell label={t('admin.donors.gifts')}>{row.gifts}</LabelledCell>
    </>
  );
}

/** A figure that, where the columns stack (a phone), carries its column's name for sight. */
function LabelledCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="admin-table__money">
      <ColumnLabel label={label} />
      {children}
    </td>
  );
}

/** The year's donors, each with a printable statement and an e-mailed one (confirmed first, then announced). */
function DonorsTable({ donors, year }: { donors: Donor[]; year: number }) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const send = useEmailStatement();
  const [asking, setAsking] = useState<Donor>();
  const [shown, setShown] = useState<Donor>();

  const confirm = () => {
    const donor = asking;
    setAsking(undefined);
    if (donor && !send.isPending) send.mutate({ id: donor.id, year });
  };
  const sent = send.isSuccess ? send.data : undefined;
  const name = (donor: Donor) => donor.name || donor.email;
  return (
    <>
      <p className="form-status form-status--success" role="status">
        {sent
          ? t('admin.donors.sent', {
              email: sent.sent_to,
              gifts: sent.gifts,
              total: formatMoney(sent.total_usd),
              year: String(sent.year),
            })
          : ''}
      </p>
      <FormFailure message={send.isError ? errorMessage(send.error) : undefined} />
      <table className="admin-table admin-table--stacked">
        <thead>
          <tr>
            <th scope="col">{t('admin.donors.donor')}</th>
            <MoneyHeads />
            <th scope="col">{t('admin.donors.statement')}</th>
          </tr>
        </thead>
        <tbody>
          {donors.map((donor) => (
            <tr key={donor.id}>
              <th scope="row">
                {donor.name ? <span className="admin-table__line">{donor.name}</span> : null}
                <span className="admin-table__line">{donor.email}</span>
                {donor.anonymous ? (
                  <span className="admin-table__line admin-table__note">{t('admin.donors.anonymous')}</span>
                ) : null}
              </th>
              <MoneyCells row={donor} />
              <td>
                <span className="admin-giving__actions">
                  <Link to={statementHref(donor.id, year)} aria-label={t('admin.donors.statementOf', { who: name(donor) })}>
                    {t('admin.donors.statement')}
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={t('admin.donors.emailStatementOf', { who: name(donor) })}
                    aria-disabled={send.isPending || undefined}
                    onClick={() => {
                      if (send.isPending) return;
                      send.reset();
                      setShown(donor);
                      setAsking(donor);
                    }}
                  >
                    {t('admin.donors.emailStatement')}
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('admin.donors.emailTitle', { who: shown ? name(shown) : '', year: String(year) })}
        confirmLabel={t('admin.donors.emailStatement')}
        cancelLabel={t('admin.donors.notNow')}
        confirmTone="primary"
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      >
        <p>{t('admin.donors.emailText', { email: shown?.email ?? '', year: String(year) })}</p>
      </ConfirmDialog>
    </>
  );
}
