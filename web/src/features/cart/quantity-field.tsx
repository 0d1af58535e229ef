import { type KeyboardEvent, useId, useState } from 'react';
import { useI18n } from '../../lib/i18n';

const wholeNumber = /^\s*\d+\s*$/;

/**
 * The quantity of a physical or book line (spec §2 Cart): a number field
 * with − and + buttons. A typed value saves on Enter or when the field is
 * left; the buttons save at once. Values outside 1..max are refused here,
 * with the reason, and never sent.
 */
export function QuantityField({
  title,
  quantity,
  max,
  onSave,
}: {
  /** Names the line in the labels ("Quantity of …"). */
  title: string;
  quantity: number;
  max: number;
  /** Resolves false when the server refused; the cart is re-synced by then. */
  onSave: (quantity: number) => Promise<boolean>;
}) {
  const { t } = useI18n();
  const inputId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(String(quantity));
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  // The server's quantity wins whenever it changes (a save, a re-sync).
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
    setInvalid(false);
  }

  const commit = async (value: string) => {
    if (saving) return;
    const n = Number(value);
    if (!wholeNumber.test(value) || n < 1 || n > max) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(String(n));
    if (n === quantity) return;
    setSaving(true);
    const saved = await onSave(n);
    setSaving(false);
    if (!saved) setDraft(String(quantity));
  };

  const step = (delta: number) => {
    const base = wholeNumber.test(draft) ? Number(draft) : quantity;
    void commit(String(Math.min(max, Math.max(1, base + delta))));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit(e.currentTarget.value);
    }
  };

  return (
    <div className="quantity">
      <label htmlFor={inputId} className="visually-hidden">
        {t('cart.quantityOf', { title })}
      </label>
      <button
        type="button"
        className="quantity__step"
        aria-label={t('cart.decrease', { title })}
        aria-disabled={saving || quantity <= 1}
        onClick={() => quantity > 1 && step(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={inputId}
        className="quantity__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={draft}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        aria-busy={saving}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={(e) => void commit(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="quantity__step"
        aria-label={t('cart.increase', { title })}
        aria-disabled={saving || quantity >= max}
        onClick={() => quantity < max && step(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
      {invalid && (
        <p id={errorId} className="quantity__error">
          {t('cart.quantityRange', { max })}
        </p>
      )}
    </div>
  );
}
