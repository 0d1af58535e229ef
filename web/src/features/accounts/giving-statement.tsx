import { type FormEvent, useId, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSendGivingStatement } from './api/send-giving-statement';

/** The years a statement can be asked for: this one and the four before it, newest first. */
const YEARS_BACK = 4;

/**
 * The year offered first: statements are mostly wanted for taxes early in the
 * new year, so from January to March it is last year, otherwise this one.
 */
function defaultStatementYear(now: Date) {
  return now.getMonth() < 3 ? now.getFullYear() - 1 : now.getFullYear();
}

/**
 * Issue 28 item 5: a donor's year-end giving statement (every gift of a
 * calendar year with the ministry's statement), e-mailed to the account's
 * address. The answer says where it went, how many gifts and the total; a
 * year without gifts gets the server's message.
 */
export function GivingStatement() {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const yearId = useId();
  const send = useSendGivingStatement();
  const [{ years, initial }] = useState(() => {
    const now = new Date();
    return {
      years: Array.from({ length: YEARS_BACK + 1 }, (_, i) => now.getFullYear() - i),
      initial: defaultStatementYear(now),
    };
  });
  const [year, setYear] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!send.isPending) send.mutate({ year });
  };

  const sent = send.isSuccess ? send.data : undefined;
  return (
    <section className="giving-statement" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.giving.title')}</h2>
      <p>{t('account.giving.text')}</p>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={yearId}>{t('account.giving.year')}</label>
          <div className="field__row giving-statement__row">
            <select id={yearId} value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <SubmitButton busy={send.isPending} className="button--secondary">
              {send.isPending ? t('account.giving.sending') : t('account.giving.submit')}
            </SubmitButton>
          </div>
        </div>
        <FormFailure message={send.isError ? errorMessage(send.error) : undefined} />
        <p className="form-status form-status--success" role="status">
          {sent
            ? t('account.giving.sent', {
                email: sent.sent_to,
                gifts: sent.gifts,
                total: formatMoney(sent.total_usd),
                year: String(sent.year),
              })
            : ''}
        </p>
      </form>
    </section>
  );
}
