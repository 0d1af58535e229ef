import {
  DONATION_USD,
  GIFT_CHARGE_DAY,
  GIFT_PAUSE_MONTHS,
  type GiftChangeBody,
  type MySubscription,
} from '@storyhouse/contracts';
import { type FormEvent, useId, useState } from 'react';
import { parseAmount } from '../../components/amount/amount';
import { useI18n } from '../../lib/i18n';
import { SubmitButton } from '../../ui/form/submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useChangeGift } from './api/change-gift';
import { useMonthlyFunds } from './api/get-monthly-funds';
import { type Outcome, OutcomeLine } from './outcome';

const DAYS = Array.from({ length: GIFT_CHARGE_DAY.max - GIFT_CHARGE_DAY.min + 1 }, (_, i) => GIFT_CHARGE_DAY.min + i);

/**
 * Issue 45: a donor changes a monthly gift from its next charge (its
 * amount, within a new gift's limits, the fund it goes to (the monthly
 * funds on sale, decision 070) and the day of the month it is charged), or
 * pauses it for 1 to 3 months. The answer is said here: what
 * is charged next, and when (after a pause, when it starts again).
 */
export function ChangeGift({ gift }: { gift: MySubscription }) {
  const { t, formatDate, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const change = useChangeGift();
  const amountId = useId();
  const dayId = useId();
  const pauseId = useId();
  const fundId = useId();
  const offered = useMonthlyFunds().data?.data ?? [];
  const [fund, setFund] = useState(gift.code);
  const [amount, setAmount] = useState(String(gift.price_usd));
  const [day, setDay] = useState(gift.charge_day ? String(gift.charge_day) : '');
  const [months, setMonths] = useState<string>(String(GIFT_PAUSE_MONTHS[0]));
  const [problem, setProblem] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();

  const send = (body: GiftChangeBody) => {
    if (change.isPending) return;
    setOutcome(undefined);
    change.mutate(
      { id: gift.id, body },
      {
        onSuccess: (changed) => {
          const date = formatDate(changed.next_payment?.date ?? changed.current_period_end);
          const next = formatMoney(changed.price_usd);
          setOutcome({
            text: changed.paused_until
              ? t('mySubscription.gift.pausedDone', { date, amount: next })
              : t('mySubscription.gift.changedDone', { date, amount: next }),
            failed: false,
          });
        },
        onError: (error) => setOutcome({ text: errorMessage(error), failed: true }),
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, DONATION_USD);
    if ('problem' in parsed) {
      setProblem(
        parsed.problem === 'tooBig'
          ? t('donations.amountTooBig', { max: formatMoney(DONATION_USD.max) })
          : parsed.problem === 'tooSmall'
            ? t('donations.amountTooSmall', { min: formatMoney(DONATION_USD.min) })
            : t('donations.amountInvalid'),
      );
      return;
    }
    setProblem('');
    send({
      amount_usd: parsed.amount,
      ...(day ? { charge_day: Number(day) } : {}),
      ...(fund !== gift.code ? { code: fund } : {}),
    });
  };

  const pause = (event: FormEvent) => {
    event.preventDefault();
    send({ pause_months: Number(months) as (typeof GIFT_PAUSE_MONTHS)[number] });
  };

  return (
    <div className="change-gift">
      {gift.paused_until && (
        <p className="change-gift__paused">{t('mySubscription.gift.pausedUntil', { date: formatDate(gift.paused_until) })}</p>
      )}
      <form className="change-gift__form" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={amountId}>{t('mySubscription.gift.amount')}</label>
          <input
            id={amountId}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${amountId}-problem` : undefined}
          />
          {problem && (
            <p id={`${amountId}-problem`} className="field__error">
              {problem}
            </p>
          )}
        </div>
        {/* Another fund is offered only when the shop has one; the gift's own stays first when it is no longer on sale. */}
        {offered.some((f) => f.code !== gift.code) && (
          <div className="field">
            <label htmlFor={fundId}>{t('mySubscription.gift.fund')}</label>
            <select id={fundId} value={fund} onChange={(e) => setFund(e.target.value)}>
              {!offered.some((f) => f.code === gift.code) && <option value={gift.code}>{gift.title}</option>}
              {offered.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={dayId}>{t('mySubscription.gift.day')}</label>
          <select id={dayId} value={day} onChange={(e) => setDay(e.target.value)}>
            <option value="">{t('mySubscription.gift.dayKeep')}</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton busy={change.isPending} className="button--secondary">
          {t('mySubscription.gift.save')}
        </SubmitButton>
      </form>
      <form className="change-gift__form" onSubmit={pause}>
        <div className="field">
          <label htmlFor={pauseId}>{t('mySubscription.gift.pauseFor')}</label>
          <div className="field__row">
            <select id={pauseId} value={months} onChange={(e) => setMonths(e.target.value)}>
              {GIFT_PAUSE_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {t('mySubscription.gift.months', { count: m })}
                </option>
              ))}
            </select>
            <SubmitButton busy={change.isPending} className="button--secondary">
              {t('mySubscription.gift.pause')}
            </SubmitButton>
          </div>
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
    </div>
  );
}
