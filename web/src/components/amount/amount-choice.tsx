import type { UsdRange } from '@storyhouse/contracts';
import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { FieldError, fieldClass } from '../../ui/form/fields';
import { type AmountProblem, type AmountState, amountProblem, choosePreset, typeAmount } from './amount';
import './amount.css';

/**
 * Spec §4 Donation amount and §5 Gift card: the preset amounts as toggle
 * buttons (aria-pressed) and a field for an amount of one's own, in a
 * fieldset named by `legend`. A typed amount that is not taken shows its
 * message (`problems`) at once; `error` is a message of the form's own
 * (no amount chosen, the server's).
 */
export function AmountChoice({
  legend,
  presets,
  state,
  onChange,
  range,
  otherLabel,
  otherHint,
  problems,
  error,
}: {
  legend: string;
  presets: readonly number[];
  state: AmountState;
  onChange: (next: AmountState) => void;
  /** The smallest and largest amount one may type (contracts DONATION_USD, GIFT_CARD_USD). */
  range: UsdRange;
  otherLabel: string;
  otherHint?: string;
  problems: Record<AmountProblem, string>;
  error?: string;
}) {
  const { formatMoney } = useI18n();
  const id = useId();
  const problem = amountProblem(state, range);
  const message = problem ? problems[problem] : error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [otherHint ? hintId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="amount-choice">
      <legend>{legend}</legend>
      <div className="amount-choice__presets">
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className="amount-choice__preset"
            aria-pressed={state.preset === preset}
            onClick={() => onChange(choosePreset(state, preset))}
          >
            {formatMoney(preset)}
          </button>
        ))}
      </div>
      <div className={fieldClass(message, 'amount-choice__other')}>
        <label htmlFor={`${id}-other`}>{otherLabel}</label>
        <input
          id={`${id}-other`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={state.other}
          maxLength={12}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(typeAmount(e.target.value))}
        />
        {otherHint ? (
          <p className="field__hint" id={hintId}>
            {otherHint}
          </p>
        ) : null}
        <FieldError id={errorId} error={message} />
      </div>
    </fieldset>
  );
}
