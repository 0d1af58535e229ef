import { type FindUs, findUsOptions, GuestBookEntryInput, type LangCode } from '@storyhouse/contracts';
import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { SelectField, TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSignGuestBook } from './api/sign-guest-book';

/**
 * Spec §2 Guest book sign form, §5 rules (from the shared contract: name,
 * a valid e-mail and the message required; country and find_us optional).
 */
export function SignForm({ lang, onSent, onCancel }: { lang: LangCode; onSent: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const form = useForm(GuestBookEntryInput, {
    author_name: '',
    author_email: '',
    country: '',
    find_us: '',
    content: '',
    lang_code: lang as string,
  });
  const sign = useSignGuestBook();
  const submit = useFormSubmit(form, {
    busy: sign.isPending,
    send: (data: GuestBookEntryInput) =>
      sign.mutate(data, {
        onSuccess: onSent,
        onError: (error) => {
          // Rate limit and other refusals arrive worded by the server in the site language.
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error, 'guestbook.submitFailed'));
        },
      }),
  });

  return (
    <section className="guestbook-sign" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('guestbook.signTitle')}</h2>
      <form ref={submit.ref} onSubmit={submit.onSubmit} noValidate>
        <TextField form={form} name="author_name" label={t('guestbook.authorName')} required autoComplete="name" />
        <TextField
          form={form}
          name="author_email"
          type="email"
          label={t('guestbook.authorEmail')}
          hint={t('guestbook.authorEmailHint')}
          required
          autoComplete="email"
        />
        <TextField form={form} name="country" label={t('guestbook.country')} autoComplete="country-name" />
        <SelectField
          form={form}
          name="find_us"
          label={t('guestbook.findUsLabel')}
          placeholder={t('guestbook.findUsNone')}
          options={findUsOptions.map((value: FindUs) => ({ value, label: t(`guestbook.findUs.${value}`) }))}
        />
        <TextField form={form} name="content" label={t('guestbook.content')} required multiline />
        <FormFailure message={submit.failure} />
        <div className="guestbook-sign__actions">
          <SubmitButton busy={sign.isPending}>{sign.isPending ? t('guestbook.sending') : t('guestbook.submit')}</SubmitButton>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('guestbook.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
