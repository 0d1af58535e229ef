import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import type { FormApi } from './use-form';

/** The first field showing a message: a text field or select, or a radio of an invalid group. */
const firstInvalid = '[aria-invalid="true"], .field--invalid input';

/**
 * A visitor form's submit (spec §4): while `busy` a submit is ignored; an
 * invalid form sends nothing and puts focus on the first field with a
 * message; a valid one clears the last failure and goes to `send` with the
 * data the contract parsed. `ref` goes on the form, `failure` into
 * FormFailure.
 */
export function useFormSubmit<D>(
  form: Pick<FormApi<Record<string, string | boolean>>, 'validate' | 'showServerErrors'>,
  { busy, send }: { busy: boolean; send: (data: D) => void },
) {
  const { t } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string>();
  // A submit waiting for the form's contract to load (FormSchema): a second one meanwhile is ignored.
  const checking = useRef(false);
  // Focus moves once the render showing the messages is committed: after a contract that loaded when the form was
  // sent (FormSchema), that render comes after the submit's frame.
  const [focusAsked, setFocusAsked] = useState(0);
  useEffect(() => {
    if (focusAsked > 0) ref.current?.querySelector<HTMLElement>(firstInvalid)?.focus();
  }, [focusAsked]);
  const focusFirstError = () => setFocusAsked((n) => n + 1);
  const go = (data: D | undefined) => {
    if (!data) {
      focusFirstError();
      return;
    }
    setFailure(undefined);
    send(data);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || checking.current) return;
    const checked = form.validate() as D | undefined | Promise<D | undefined>;
    if (!(checked instanceof Promise)) return go(checked);
    checking.current = true;
    checked
      .then(go, () => setFailure(t('errors.network')))
      .finally(() => {
        checking.current = false;
      });
  };

  return {
    ref,
    onSubmit,
    failure,
    setFailure,
    /** A send's 400: the server's messages next to their fields, focus on the first; true when it carried any. */
    showServerErrors: (error: unknown) => {
      const shown = form.showServerErrors(error);
      if (shown) focusFirstError();
      return shown;
    },
  };
}

/**
 * A refusal the server worded (too many attempts, 429; the database or the
 * storage not answering, 503) says more than the form's generic failure.
 */
export function refusalMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && (error.status === 429 || error.status === 503) && error.message ? error.message : fallback;
}
