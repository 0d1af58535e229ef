import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { Fact } from '../shared/facts';
import { useFeeReport } from './api/fee-report';
import type { ReportRange } from './api/reports';

/**
 * Decision 067 on the Reports page: of the gifts in the days chosen (each
 * donation, each month of a monthly gift), the share that covered the card
 * fee and the amount they added.
 */
export function FeeReportPart({ range }: { range: ReportRange }) {
  const { t, lang, formatMoney } = useI18n();
  const id = useId();
  const { data, error, isPending, isPlaceholderData, refetch } = useFeeReport(range);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <section className="admin-part card reports-part" aria-labelledby={id} aria-busy={isPlaceholderData || undefined}>
      <div className="reports-part__head">
        <h2 id={id}>{t('admin.reports.fee.title')}</h2>
      </div>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.gifts === 0 ? (
        <p className="reports-part__empty" role="status">
          {t('admin.reports.fee.none')}
        </p>
      ) : (
        <dl className="admin-facts admin-facts--money reports-totals">
          <Fact term={t('admin.reports.fee.share')}>
            {t('admin.reports.fee.shareValue', { share: percent.format(data.share), covered: data.covered, gifts: data.gifts })}
          </Fact>
          <Fact term={t('admin.reports.fee.amount')}>{formatMoney(data.covered_usd)}</Fact>
        </dl>
      )}
    </section>
  );
}
