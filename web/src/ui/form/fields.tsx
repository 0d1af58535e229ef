import { type ReactNode, useId } from 'react';
import type { FormApi } from './use-form';
import './form.css';

type Values = Record<string, string | boolean>;

interface FieldProps<V extends Values> {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  required?: boolean;
  hint?: string;
}

/** The class of a field's frame: `field`, a variant, and `field--invalid` while it shows a message. */
export const fieldClass = (error: string | undefined, variant?: string) =>
  ['field', variant, error ? 'field--invalid' : ''].filter(Boolean).join(' ');

/** A field's message, for the control to name in aria-describedby; nothing while there is none. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

/**
 * Label, control, hint and error, wired for screen readers (aria-invalid,
 * aria-describedby); also for a control that is not a form's field (the card field's parts).
 */
export function FieldFrame({
  label,
  required,
  hint,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldClass(error)}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function TextField<V extends Values>({
  form,
  name,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  multiline,
  maxLength,
}: FieldProps<V> & {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'text';
  multiline?: boolean;
  maxLength?: number;
}) {
  const error = form.error(name);
  const value = String(form.values[name] ?? '');
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy }) => {
        const common = {
          id,
          name,
          value,
          required,
          maxLength,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          onBlur: () => form.touch(name),
        };
        return multiline ? (
          <textarea {...common} rows={6} onChange={(e) => form.set(name, e.target.value as V[typeof name])} />
        ) : (
          <input
            {...common}
            type={type === 'number' ? 'text' : type}
            inputMode={inputMode ?? (type === 'number' ? 'numeric' : undefined)}
            autoComplete={autoComplete}
            onChange={(e) => form.set(name, e.target.value as V[typeof name])}
          />
        );
      }}
    </FieldFrame>
  );
}

export function SelectField<V extends Values>({
  form,
  name,
  label,
  required,
  hint,
  options,
  placeholder,
}: FieldProps<V> & { options: { value: string; label: string }[]; placeholder?: string }) {
  const error = form.error(name);
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          name={name}
          value={String(form.values[name] ?? '')}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onBlur={() => form.touch(name)}
          onChange={(e) => form.set(name, e.target.value as V[typeof name])}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A group of radio buttons in a fieldset with a legend; `onChange` hears a choice after the form has it. */
export function RadioGroup<V extends Values>({
  form,
  name,
  label,
  required,
  options,
  onChange,
}: FieldProps<V> & { options: { value: string; label: string }[]; onChange?: (value: string) => void }) {
  const error = form.error(name);
  const errorId = useId();
  return (
    <fieldset className={fieldClass(error, 'field--radios')} aria-describedby={error ? errorId : undefined}>
      <legend>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((o) => (
        <label key={o.value} className="field__radio">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={form.values[name] === o.value}
            onChange={() => {
              form.set(name, o.value as V[typeof name]);
              onChange?.(o.value);
            }}
          />{' '}
          {o.label}
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
