import { issueMessage, issuePath } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';

type Values = Record<string, string | boolean>;

export interface FormApi<V extends Values> {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** The localized error to show for a field (spec §5: once touched, changed or submitted), else undefined. */
  error: (name: keyof V & string) => string | undefined;
  touch: (name: keyof V & string) => void;
  /** Validates; marks the form submitted; resolves the parsed data or undefined when invalid (nothing is sent). */
  validate: () => unknown;
  isValid: boolean;
  /** Shows a server's 400 field messages next to their fields; returns true when the error carried any. */
  showServerErrors: (error: unknown) => boolean;
  reset: (values?: V) => void;
  /**
   * Data that arrives after the form showed (the account, a saved address):
   * fills the fields the user has not touched, with the values that are not
   * empty. What the user typed always wins (issue 27 item 4).
   */
  fill: (values: Partial<V>) => void;
}

/**
 * The form state every visitor form shares: values, the zod contract of
 * packages/contracts (the same rules the server applies), and when to show
 * each field's message. Messages come from the catalogs through
 * issueMessage, so the web and the server word an error the same way.
 */
export function useForm<V extends Values>(schema: z.ZodType, initial: V): FormApi<V> {
  const { t } = useI18n();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // The touched fields as of the last event, for fill (a render may not have shown the last touch yet).
  const touchedNow = useRef(touched);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const clientErrors = useMemo(() => {
    const result = schema.safeParse(values);
    const out: Record<string, string> = {};
    if (result.success) return out;
    for (const issue of result.error.issues) {
      const path = issuePath(issue.path);
      if (out[path]) continue;
      const m = issueMessage(issue);
      out[path] = t(m.key as MessageKey, m.values);
    }
    return out;
  }, [schema, values, t]);

  const markTouched = useCallback((name: string) => {
    if (!touchedNow.current.has(name)) touchedNow.current = new Set(touchedNow.current).add(name);
    setTouched(touchedNow.current);
  }, []);

  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      markTouched(name as string);
      setServerErrors((e) => {
        if (!(name in e)) return e;
        const { [name as string]: _, ...rest } = e;
        return rest;
      });
    },
    [markTouched],
  );

  const touch = markTouched;

  const fill = useCallback((incoming: Partial<V>) => {
    setValues((v) => {
      const next = { ...v };
      let changed = false;
      for (const [name, value] of Object.entries(incoming) as [keyof V & string, V[keyof V & string]][]) {
        if (value === '' || value === undefined || touchedNow.current.has(name) || v[name] === value) continue;
        next[name] = value;
        changed = true;
      }
      return changed ? next : v;
    });
  }, []);

  return {
    values,
    set,
    touch,
    error: (name) => serverErrors[name] ?? (submitted || touched.has(name) ? clientErrors[name] : undefined),
    isValid: Object.keys(clientErrors).length === 0,
    validate: () => {
      setSubmitted(true);
      const result = schema.safeParse(values);
      return result.success ? result.data : undefined;
    },
    showServerErrors: (error) => {
      if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
      setServerErrors(error.fields);
      return true;
    },
    fill,
    reset: (next) => {
      setValues(next ?? initial);
      touchedNow.current = new Set();
      setTouched(touchedNow.current);
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
