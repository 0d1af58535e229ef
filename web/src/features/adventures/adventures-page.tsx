import {
  type AdventuresSignUp,
  AdventuresSignUpInput,
  adventuresMailChoices,
  adventuresNextPage,
  adventuresReceiveMethods,
  SETS_NEEDED_MAX,
} from '@storyhouse/contracts';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { RadioGroup, TextField } from '../../ui/form/fields';
import { AddressFields, emptyAddress, PersonFields } from '../../ui/form/person-fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { refusalMessage, useFormSubmit } from '../../ui/form/use-form-submit';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useAdventuresSignUp } from './api/sign-up';
import './adventures.css';

/**
 * Spec §2 Adventures sign-up: the Bible-lessons form (rules from the shared
 * contract, §5 Adventures), then the lessons page of the site's language
 * for the chosen method. While sending the button says so (§4); a status
 * other than 'sent' is shown as it is, any other failure with the spec's
 * message (§8).
 */
export default function AdventuresPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  useDocumentTitle(t('adventures.title'));
  const form = useForm(AdventuresSignUpInput, {
    receive_method: '',
    // Hidden (spec §3): which language's lessons, the site's.
    site: lang as string,
    sets_needed: '',
    mail_choice: '',
    fname: '',
    lname: '',
    email: '',
    phone: '',
    ...emptyAddress,
    birthday: '',
    station: '',
  });
  const signUp = useAdventuresSignUp();
  const submit = useFormSubmit(form, {
    busy: signUp.isPending,
    send: (data: AdventuresSignUp) =>
      signUp.mutate(data, {
        onSuccess: (result) => {
          if (result?.status === 'sent') void navigate(adventuresNextPage(lang, data.receive_method));
          else submit.setFailure(String((result as { status?: unknown } | undefined)?.status ?? t('adventures.failed')));
        },
        onError: (error) => {
          submit.showServerErrors(error);
          submit.setFailure(refusalMessage(error, t('adventures.failed')));
        },
      }),
  });
  const byMail = form.values.receive_method === 'mail';

  return (
    <article className="page page--narrow adventures">
      <h1>{t('adventures.title')}</h1>
      <p className="adventures__intro">{t('adventures.intro')}</p>
      <form
        ref={submit.ref}
        className="adventures-form"
        aria-label={t('adventures.formLabel')}
        onSubmit={submit.onSubmit}
        noValidate
      >
        <p className="form-note">{t('adventures.requiredNote')}</p>
        <input type="hidden" name="site" value={form.values.site} />
        <RadioGroup
          form={form}
          name="receive_method"
          label={t('adventures.fields.receive_method')}
          required
          options={adventuresReceiveMethods.map((value) => ({ value, label: t(`adventures.method.${value}`) }))}
        />
        {byMail ? (
          <div className="adventures-form__mail">
            <TextField
              form={form}
              name="sets_needed"
              type="number"
              label={t('adventures.fields.sets_needed')}
              hint={t('adventures.fields.sets_neededHint')}
              required
              maxLength={String(SETS_NEEDED_MAX).length + 1}
            />
            <RadioGroup
              form={form}
              name="mail_choice"
              label={t('adventures.fields.mail_choice')}
              required
              options={adventuresMailChoices.map((value) => ({ value, label: t(`adventures.mailChoice.${value}`) }))}
            />
          </div>
        ) : null}
        <div className="form-grid adventures-form__grid">
          <PersonFields
            form={form}
            names={{ first: 'fname', last: 'lname', email: 'email', phone: 'phone' }}
            label={(name) => t(`adventures.fields.${name}`)}
            required
          />
          <AddressFields form={form} label={(name) => t(`adventures.fields.${name}`)} required />
          <TextField form={form} name="birthday" type="date" label={t('adventures.fields.birthday')} maxLength={10} />
          <TextField form={form} name="station" label={t('adventures.fields.station')} maxLength={200} />
        </div>
        <FormFailure message={submit.failure} />
        <SubmitButton busy={signUp.isPending}>{signUp.isPending ? t('adventures.sending') : t('adventures.submit')}</SubmitButton>
      </form>
    </article>
  );
}
