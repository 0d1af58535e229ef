import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { Fact } from '../shared/facts';
import { useRecoveryReport } from './api/recovery-report';
import type { ReportRange } from './api/reports';

/**
 * Decision 070 on the Reports page: the Overview's recovery figures for the
 * days chosen: renewals whose charge first failed, how many a retry or a new
 * card paid, and the amount still at risk now.
 */
export function RecoveryReportPart({ range }: { range: ReportRange }) {
  const { t, formatMoney } = useI18n();
  const id = useId();
  const { data, error, isPending, isPlaceholderData, refetch } = useRecoveryReport(range);
  return (
    <section className="admin-part card reports-part" aria-labelledby={id} aria-busy={isPlaceholderData || undefined}>
      <div className="reports-part__head">
        <h2 id={id}>{t('admin.reports.recoveryTitle')}</h2>
      </div>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.failed === 0 ? (
        <p className="reports-part__empty" role="status">
          {t('admin.reports.recoveryNone')}
        </p>
      ) : (
        <dl className="admin-facts admin-facts--money reports-totals">
          <Fact term={t('admin.overview.recoveryFailed')}>{data.failed}</Fact>
          <Fact term={t('admin.overview.recoveryRecovered')}>{data.recovered}</Fact>
          <Fact term={t('admin.overview.recoveryAtRisk')}>{formatMoney(data.at_risk_usd)}</Fact>
        </dl>
      )}
    </section>
  );
}
