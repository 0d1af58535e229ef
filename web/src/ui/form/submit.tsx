import type { ReactNode } from 'react';
import './form.css';

/**
 * A form's submit button, its label the form's state (Submit, Sending…).
 * While the form is busy it says so but stays focusable (aria-disabled, so
 * keyboard focus is not lost); the form ignores a submit then (useFormSubmit).
 */
export function SubmitButton({
  busy,
  className,
  form,
  children,
}: {
  busy: boolean;
  className?: string;
  /** The id of its form, when the button is not inside it (an editor's action bar). */
  form?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      form={form}
      className={`button form-submit${className ? ` ${className}` : ''}`}
      aria-disabled={busy || undefined}
    >
      {children}
    </button>
  );
}

/** Why a form could not be sent, announced (role=alert); nothing while there is no failure. */
export function FormFailure({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-status form-status--error" role="alert">
      {message}
    </p>
  ) : null;
}
