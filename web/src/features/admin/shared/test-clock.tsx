import { TestClockBody } from '@storyhouse/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useMoveTestClock } from './api/move-test-clock';

/**
 * Issue 28 item 1: the test processor's clock, moved forward by a number of
 * days (1 to 3660) so a demo shows a renewal: the processor's new date and
 * how many renewals ran. With Stripe the route does not exist (404): the
 * panel says the clock belongs to the built-in test processor.
 */
export function TestClock() {
  const { t, formatDate } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const daysId = useId();
  const hintId = useId();
  const errorId = useId();
  const move = useMoveTestClock();
  const [days, setDays] = useState('31');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    const body = TestClockBody.safeParse({ advance_days: Number(days.trim() === '' ? Number.NaN : days) });
    setInvalid(!body.success);
    if (body.success) move.mutate(body.data);
  };

  const failure = move.isError
    ? move.error instanceof ApiError && move.error.status === 404
      ? t('admin.clock.unavailable')
      : errorMessage(move.error)
    : undefined;

  return (
    <section className="test-clock" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.clock.title')}</h2>
      <p>{t('admin.clock.text')}</p>
      <form className="test-clock__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={daysId}>{t('admin.clock.days')}</label>
          <p id={hintId} className="field__hint">
            {t('admin.clock.hint')}
          </p>
          <div className="field__row">
            <input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={1}
              max={3660}
              step={1}
              required
              value={days}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
              onChange={(e) => setDays(e.target.value)}
            />
            <SubmitButton busy={move.isPending}>
              {move.isPending ? t('admin.clock.moving') : t('admin.clock.submit')}
            </SubmitButton>
          </div>
          {invalid && (
            <p id={errorId} className="field__error">
              {t('admin.clock.invalid')}
            </p>
          )}
        </div>
        <FormFailure message={failure} />
        <p className="form-status form-status--success" role="status">
          {move.data && !move.isPending
            ? t('admin.clock.done', { date: formatDate(move.data.frozen_time), steps: move.data.steps })
            : ''}
        </p>
      </form>
    </section>
  );
}
