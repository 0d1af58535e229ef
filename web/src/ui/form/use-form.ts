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
  /**
   * Validates; marks the form submitted; the parsed data, or undefined when invalid (nothing is sent). A form whose
   * contract loads when used (FormSchema) answers with a promise of it until the contract is here; the promise
   * rejects when the contract cannot be loaded (offline).
   */
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
 * A form's contract, or a loader of it. A form that most visitors of a page never use (the newsletter sign-up at the
 * foot of the home page) gives a loader: its contract, and zod with it, are fetched and built when the form is first
 * typed in or sent, not while the page starts (issue 46: building them was a good part of the home page's longest
 * task on a phone).
 */
export type FormSchema = z.ZodType | (() => Promise<z.ZodType>);

/**
 * The form state every visitor form shares: values, the zod contract of
 * packages/contracts (the same rules the server applies), and when to show
 * each field's message. Messages come from the catalogs through
 * issueMessage, so the web and the server word an error the same way.
 */
export function useForm<V extends Values>(contract: FormSchema, initial: V): FormApi<V> {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<z.ZodType>();
  const loading = useRef<Promise<z.ZodType>>(undefined);
  const schema = typeof contract === 'function' ? loaded : contract;
  /** The contract, or the promise of it (started once; a failed load is tried again next time). */
  const load = useCallback((): z.ZodType | Promise<z.ZodType> => {
    if (typeof contract !== 'function') return contract;
    loading.current ??= contract().then(
      (s) => {
        setLoaded(s);
        return s;
      },
      (error: unknown) => {
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }, [contract]);
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // The touched fields as of the last event, for fill (a render may not have shown the last touch yet).
  const touchedNow = useRef(touched);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const clientErrors = useMemo(() => {
    // Until a loaded contract is here nothing can be checked: nothing shows before a field is used anyway.
    if (!schema) return {};
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

  const markTouched = useCallback(
    (name: string) => {
      if (!touchedNow.current.has(name)) touchedNow.current = new Set(touchedNow.current).add(name);
      setTouched(touchedNow.current);
      // A field in use: the contract is wanted soon (a failed load shows when the form is sent).
      Promise.resolve(load()).catch(() => undefined);
    },
    [load],
  );

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
      const parse = (s: z.ZodType) => {
        const result = s.safeParse(values);
        return result.success ? result.data : undefined;
      };
      const ready = load();
      return ready instanceof Promise ? ready.then(parse) : parse(ready);
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
