import { COUPON_TITLE_MAX, type LangCode, TitlesBody, type TitlesByLang } from '@storyhouse/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { type FormApi, useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';

/** A thing's title in each language, as the forms hold it: English required, the others may be left empty. */
export type TitleValues = { title: string; title_es: string; title_ru: string };

const fieldOf = { en: 'title', es: 'title_es', ru: 'title_ru' } as const satisfies Record<LangCode, keyof TitleValues>;

/**
 * Decision 038: a coupon's, plan's, fund's or the gift card's title as
 * families read it on each language's site. English is required; Spanish
 * and Russian are optional, and the form says a language left empty shows
 * the English title.
 */
export function TitleFields<V extends TitleValues>({ form, legend, hint }: { form: FormApi<V>; legend: string; hint?: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="admin-shop-form__titles">
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {(['en', 'es', 'ru'] as const).map((lang) => (
        <TextField
          key={lang}
          form={form}
          name={fieldOf[lang]}
          label={t(`admin.titles.in.${lang}`)}
          hint={lang === 'en' ? t('admin.titles.enHint') : t(`admin.titles.fallback.${lang}`)}
          required={lang === 'en'}
          autoComplete="off"
          maxLength={COUPON_TITLE_MAX}
        />
      ))}
    </fieldset>
  );
}

/** The form's values for a thing's titles: an empty field where a language has none. */
const valuesOf = (titles: TitlesByLang): TitleValues => ({
  title: titles.en,
  title_es: titles.es ?? '',
  title_ru: titles.ru ?? '',
});

/**
 * A thing's titles in the three languages, edited and saved together (PUT,
 * audited); `saved` words the result for the announcement.
 */
export function TitlesForm<R extends { titles: TitlesByLang }>({
  label,
  legend,
  titles,
  save,
  saved,
}: {
  label: string;
  legend: string;
  titles: TitlesByLang;
  save: UseMutationResult<R, Error, TitlesBody>;
  saved: (result: R) => string;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const form = useForm<TitleValues>(TitlesBody, valuesOf(titles));
  const [done, setDone] = useState('');
  const submit = useFormSubmit<TitlesBody>(form, {
    busy: save.isPending,
    send: (body) => {
      setDone('');
      save.mutate(body, {
        onSuccess: (result) => {
          form.reset(valuesOf(result.titles));
          setDone(saved(result));
        },
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  return (
    <form ref={submit.ref} className="admin-shop-form" aria-label={label} onSubmit={submit.onSubmit} noValidate>
      <TitleFields form={form} legend={legend} />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>{t('admin.titles.save')}</SubmitButton>
      <p role="status">{done}</p>
    </form>
  );
}
