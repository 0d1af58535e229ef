import { useEffect, useRef } from 'react';
import { FormFailure } from '../../../ui/form/submit';

/** What an action on an admin page answered: what it did, or why it could not. */
export type ActionResult = { ok: boolean; message: string };

/**
 * The page's announcement of an action's result: a status line that takes the focus when the action worked (the
 * row or button that had it may be gone: a withdrawn coupon, a handled message), or the failure as an alert.
 * `{ ok: true, message: '' }` or nothing clears it.
 */
export function ActionResultStatus({ result }: { result: ActionResult | undefined }) {
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result?.ok && result.message) doneRef.current?.focus();
  }, [result]);
  return (
    <>
      <p ref={doneRef} tabIndex={-1} className="form-status form-status--success" role="status">
        {result?.ok ? result.message : ''}
      </p>
      <FormFailure message={result && !result.ok ? result.message : undefined} />
    </>
  );
}
