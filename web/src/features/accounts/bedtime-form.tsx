import { BedtimeInput, type BedtimeResponse } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { useBedtimeSettings, useSaveBedtime } from '../../components/player/api/bedtime';
import { SleepOptions } from '../../components/player/sleep-options';
import { useI18n } from '../../lib/i18n';
import { deviceZone, zonesWith } from '../../lib/time-zones';
import { FieldFrame } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { type FormApi, useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../ui/query-status';
import { useErrorMessage } from '../../ui/use-error-message';

type BedtimeValues = { enabled: boolean; from: string; to: string; time_zone: string; timer: string };

/** A field of the form around its own control (a time, or a select with groups). */
function Field({
  form,
  name,
  label,
  children,
}: {
  form: FormApi<BedtimeValues>;
  name: keyof BedtimeValues & string;
  label: string;
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  }) => React.ReactNode;
}) {
  const error = form.error(name);
  return (
    <FieldFrame label={label} error={error}>
      {({ id, describedBy }) => children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
    </FieldFrame>
  );
}

function BedtimeFields({ saved }: { saved: BedtimeResponse }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveBedtime();
  const [zones] = useState(() => zonesWith(saved.time_zone ?? deviceZone()));
  const form = useForm<BedtimeValues>(BedtimeInput, { ...saved, time_zone: saved.time_zone ?? deviceZone() });
  const submit = useFormSubmit<BedtimeInput>(form, {
    busy: save.isPending,
    send: (data) =>
      save.mutate(data, {
        onSuccess: (done) => form.reset({ ...done, time_zone: done.time_zone ?? data.time_zone }),
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      }),
  });
  const text = (name: 'from' | 'to' | 'time_zone' | 'timer') => ({
    name,
    value: String(form.values[name]),
    onBlur: () => form.touch(name),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
  });
  return (
    <form ref={submit.ref} className="bedtime-form" onSubmit={submit.onSubmit} noValidate>
      <label className="field--checkbox">
        <input type="checkbox" checked={form.values.enabled} onChange={(e) => form.set('enabled', e.target.checked)} />{' '}
        {t('account.bedtime.enabled')}
      </label>
      <div className="bedtime-form__hours">
        <Field form={form} name="from" label={t('account.bedtime.from')}>
          {(control) => <input type="time" {...control} {...text('from')} />}
        </Field>
        <Field form={form} name="to" label={t('account.bedtime.to')}>
          {(control) => <input type="time" {...control} {...text('to')} />}
        </Field>
      </div>
      <Field form={form} name="time_zone" label={t('account.bedtime.timeZone')}>
        {(control) => (
          <select {...control} {...text('time_zone')}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="timer" label={t('account.bedtime.timer')}>
        {(control) => (
          <select {...control} {...text('timer')}>
            <SleepOptions />
          </select>
        )}
      </Field>
      <SubmitButton busy={save.isPending}>
        {save.isPending ? t('account.bedtime.saving') : t('account.bedtime.save')}
      </SubmitButton>
      <FormFailure message={submit.failure} />
      <p className="form-status form-status--success" role="status">
        {save.isSuccess ? t('account.bedtime.saved') : ''}
      </p>
    </form>
  );
}

/**
 * Issue 41 item 5: the family's bedtime on its account settings. Between
 * the hours chosen, on the family's clock (its time zone, this device's
 * until first saved), any play starts the chosen sleep timer by itself and
 * the player goes dark and minimal. Kept on the account: every device where
 * the family is signed in follows it.
 */
export function BedtimeSettings() {
  const { t } = useI18n();
  const headingId = useId();
  const settings = useBedtimeSettings(true);
  return (
    <section className="bedtime-settings" aria-labelledby={headingId} id="bedtime">
      <h2 id={headingId}>{t('account.bedtime.title')}</h2>
      <p>{t('account.bedtime.text')}</p>
      {settings.isPending ? (
        <Loading shape="block" />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <BedtimeFields saved={settings.data} />
      )}
    </section>
  );
}
