import { ParentPinInput } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSessionProfiles } from '../session/api/session-profiles';
import { useSetParentPin } from './api/set-parent-pin';

/**
 * The family PIN of the grown-ups lock, set or reset with the account password (decision 051): its own section,
 * `#pin`, on the PIN page and on Account → Family. A wrong password counts toward the password change's limit.
 */
export function ParentPinForm({ onSaved, heading: Heading = 'h2' }: { onSaved?: () => void; heading?: 'h1' | 'h2' }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const choices = useSessionProfiles();
  const save = useSetParentPin();
  const [saved, setSaved] = useState(false);
  const form = useForm(ParentPinInput, { password: '', pin: '' });
  const submit = useFormSubmit<ParentPinInput>(form, {
    busy: save.isPending,
    send: (data) => {
      setSaved(false);
      save.mutate(data, {
        onSuccess: () => {
          form.reset({ password: '', pin: '' });
          setSaved(true);
          onSaved?.();
        },
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  const pinSet = choices.data?.pin_set;

  return (
    <section id="pin" aria-labelledby={headingId} className="parent-pin">
      <Heading id={headingId}>{t('profiles.pinPageTitle')}</Heading>
      <p>{t('profiles.pinPageIntro')}</p>
      {pinSet === undefined ? null : <p>{pinSet ? t('profiles.pinIsSet') : t('profiles.pinIsNotSet')}</p>}
      <form ref={submit.ref} onSubmit={submit.onSubmit} noValidate className="form-narrow">
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('profiles.accountPassword')}
          required
          autoComplete="current-password"
        />
        <TextField
          form={form}
          name="pin"
          type="password"
          inputMode="numeric"
          maxLength={4}
          label={t('profiles.newPin')}
          required
          autoComplete="off"
        />
        <FormFailure message={submit.failure} />
        <SubmitButton busy={save.isPending}>{save.isPending ? t('profiles.savingPin') : t('profiles.savePin')}</SubmitButton>
        <p role="status">{saved ? t('profiles.pinSaved') : ''}</p>
      </form>
    </section>
  );
}
