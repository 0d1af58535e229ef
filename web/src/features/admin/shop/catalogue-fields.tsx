import type { FormApi } from '../../../ui/form/use-form';

type Values = Record<string, string | boolean>;

/** A yes/no field of a form: a checkbox with its label around it. */
export function CheckboxField<V extends Values>({
  form,
  name,
  label,
}: {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
}) {
  return (
    <label className="field--checkbox">
      <input
        type="checkbox"
        name={name}
        checked={form.values[name] === true}
        onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
      />{' '}
      {label}
    </label>
  );
}
