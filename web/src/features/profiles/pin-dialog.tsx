import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useModal } from '../../components/dialog/use-modal';
import { useChooseProfile } from '../../components/session/api/session-profiles';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import '../../components/dialog/confirm-dialog.css';
import './profiles.css';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const PIN_LENGTH = 4;

/**
 * The family PIN, asked in a big keypad (decision 051): leaving a child's profile, for the parents (`profileId`
 * null) or another child. Four digits send it; the server checks it (five wrong tries lock it for fifteen
 * minutes) and says what was wrong, read out as it appears. The digits can be typed too (a numeric field, for a
 * keyboard and a screen reader). Cancel, Escape or a tap outside leaves the lock shut.
 */
export function PinDialog({
  title,
  profileId,
  onDone,
  onCancel,
}: {
  title: string;
  /** The profile the session speaks for once the PIN is right: null, the parents. */
  profileId: number | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [pin, setPin] = useState('');
  const [failure, setFailure] = useState('');
  const choose = useChooseProfile();
  useModal(ref, true);
  useEffect(() => input.current?.focus(), []);

  const send = (value: string) => {
    if (choose.isPending) return;
    setFailure('');
    choose.mutate(
      { profile_id: profileId, pin: value },
      {
        onSuccess: () => {
          ref.current?.close('done');
        },
        onError: (error) => {
          setPin('');
          setFailure(error instanceof ApiError && error.code === 'network' ? t('profiles.needsNetwork') : errorMessage(error));
          input.current?.focus();
        },
      },
    );
  };
  const enter = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, PIN_LENGTH);
    setPin(digits);
    if (digits.length === PIN_LENGTH) send(digits);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pin.length === PIN_LENGTH) send(pin);
  };

  return (
    <dialog
      ref={ref}
      className="dialog pin-dialog"
      aria-labelledby={titleId}
      onClose={(e) => {
        if (e.currentTarget.returnValue === 'done') onDone();
        else onCancel();
      }}
    >
      <form onSubmit={submit} className="pin-dialog__form">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <label htmlFor={inputId} className="visually-hidden">
          {t('profiles.pinInput')}
        </label>
        <input
          ref={input}
          id={inputId}
          className="pin-dialog__input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={PIN_LENGTH}
          value={pin}
          onChange={(e) => enter(e.target.value)}
          aria-describedby={failure ? `${inputId}-failure` : undefined}
          aria-invalid={failure ? true : undefined}
          readOnly={choose.isPending}
        />
        <p className="visually-hidden" aria-live="polite">
          {t('profiles.pinDigits', { count: pin.length })}
        </p>
        <p id={`${inputId}-failure`} role="alert" className="pin-dialog__failure">
          {failure}
        </p>
        <div className="pin-pad">
          {[...DIGITS, 'delete', '0'].map((key) =>
            key === 'delete' ? (
              <button
                key={key}
                type="button"
                className="pin-pad__key pin-pad__key--small"
                aria-label={t('profiles.deleteDigit')}
                onClick={() => setPin((p) => p.slice(0, -1))}
                disabled={choose.isPending}
              >
                ⌫
              </button>
            ) : (
              <button
                key={key}
                type="button"
                className="pin-pad__key"
                onClick={() => enter(pin + key)}
                disabled={choose.isPending}
              >
                {key}
              </button>
            ),
          )}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => ref.current?.close('cancel')}>
            {t('profiles.cancel')}
          </button>
          <button type="submit" className="button" disabled={pin.length !== PIN_LENGTH || choose.isPending}>
            {choose.isPending ? t('profiles.checking') : t('profiles.unlock')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
