import { type AdminCoupon, COUPON_TITLE_MAX, type LangCode, TitlesBody } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { type FormApi, useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useRetitleCoupon } from './api/coupons';

/** A coupon's title in each language, as the forms hold it: English required, the others may be left empty. */
export type CouponTitleValues = { title: string; title_es: string; title_ru: string };

const fieldOf = { en: 'title', es: 'title_es', ru: 'title_ru' } as const satisfies Record<LangCode, keyof CouponTitleValues>;

/**
 * Decision 038: the coupon's title as families read it on each language's
 * site. English is required; Spanish and Russian are optional, and the form
 * says that a language left empty shows the English title.
 */
export function CouponTitleFields<V extends CouponTitleValues>({ form }: { form: FormApi<V> }) {
  const { t } = useI18n();
  return (
    <fieldset className="admin-shop-form__titles">
      <legend>{t('admin.coupons.name')}</legend>
      <p className="field__hint">{t('admin.coupons.nameHint')}</p>
      {(['en', 'es', 'ru'] as const).map((lang) => (
        <TextField
          key={lang}
          form={form}
          name={fieldOf[lang]}
          label={t(`admin.coupons.titleIn.${lang}`)}
          hint={lang === 'en' ? t('admin.coupons.titleEnHint') : t(`admin.coupons.titleFallback.${lang}`)}
          required={lang === 'en'}
          autoComplete="off"
          maxLength={COUPON_TITLE_MAX}
        />
      ))}
    </fieldset>
  );
}

/** The form's values for a coupon's titles: an empty field where a language has none. */
const valuesOf = (titles: AdminCoupon['titles']): CouponTitleValues => ({
  title: titles.en,
  title_es: titles.es ?? '',
  title_ru: titles.ru ?? '',
});

/** A coupon's page: its titles in the three languages, edited and saved together (PUT, audited). */
export function CouponTitlesForm({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const retitle = useRetitleCoupon(coupon.id);
  const form = useForm<CouponTitleValues>(TitlesBody, valuesOf(coupon.titles));
  const [done, setDone] = useState('');
  const submit = useFormSubmit<TitlesBody>(form, {
    busy: retitle.isPending,
    send: (body) => {
      setDone('');
      retitle.mutate(body, {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved.titles));
          setDone(t('admin.coupons.titlesSaved', { code: saved.code }));
        },
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  return (
    <form
      ref={submit.ref}
      className="admin-shop-form"
      aria-label={t('admin.coupons.titles')}
      onSubmit={submit.onSubmit}
      noValidate
    >
      <CouponTitleFields form={form} />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={retitle.isPending}>{t('admin.coupons.saveTitles')}</SubmitButton>
      <p role="status">{done}</p>
    </form>
  );
}
