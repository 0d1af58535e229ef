import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useSendStatements, useStatementRun } from './api/donors';

/**
 * Issue 45: the year's statements to every donor in one action, confirmed first. Once begun, the part shows how
 * many of how many were sent, asking the server again every two seconds until the last is out. Pressed again
 * later, it sends only to the donors who first gave since (offered only when there are some): nobody gets a
 * year's statement twice.
 */
export function StatementsPart({ year }: { year: number }) {
  const { t, formatDate } = useI18n();
  const headingId = useId();
  const errorMessage = useErrorMessage();
  const run = useStatementRun(year);
  const send = useSendStatements();
  const [asking, setAsking] = useState(false);
  const y = String(year);
  const confirm = () => {
    setAsking(false);
    if (!send.isPending) send.mutate(year);
  };
  return (
    <section className="admin-part card admin-giving__part" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.donors.statements')}</h2>
      <p>{t('admin.donors.statementsText', { year: y })}</p>
      {run.isPending ? <Loading shape="block" /> : null}
      {run.error ? <LoadError error={run.error} onRetry={() => void run.refetch()} /> : null}
      {run.data?.started ? (
        <div className="admin-giving__progress">
          <progress max={Math.max(run.data.total, 1)} value={run.data.sent} aria-label={t('admin.donors.progressLabel')} />
          <p role="status">
            {run.data.sent < run.data.total
              ? t('admin.donors.progress', { sent: run.data.sent, total: run.data.total })
              : t('admin.donors.finished', { total: run.data.total, year: y })}
          </p>
          {run.data.started_at ? <p>{t('admin.donors.started', { date: formatDate(run.data.started_at) })}</p> : null}
        </div>
      ) : null}
      {run.data && run.data.new_donors > 0 ? (
        <button
          type="button"
          className="button button--primary"
          aria-disabled={send.isPending || undefined}
          onClick={() => {
            if (send.isPending) return;
            send.reset();
            setAsking(true);
          }}
        >
          {run.data.started ? t('admin.donors.sendNew', { count: run.data.new_donors }) : t('admin.donors.sendAll', { year: y })}
        </button>
      ) : null}
      <FormFailure message={send.isError ? errorMessage(send.error) : undefined} />
      <ConfirmDialog
        open={asking}
        title={
          run.data?.started
            ? t('admin.donors.sendNewTitle', { year: y, count: run.data.new_donors })
            : t('admin.donors.sendAllTitle', { year: y, count: run.data?.new_donors ?? 0 })
        }
        confirmLabel={t('admin.donors.send')}
        cancelLabel={t('admin.donors.notNow')}
        confirmTone="primary"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.donors.sendAllText', { year: y })}</p>
      </ConfirmDialog>
    </section>
  );
}
