import { type AdminProduct, AdminProductBody, AGE_BANDS, AgeBand, CalendarDay, langCodes } from '@storyhouse/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { ageBandLabel } from '../../../components/catalogue/age-and-length';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { SelectField, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { type FormApi, useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { MediaUpload } from '../shared/media-upload';
import { CheckboxField } from './catalogue-fields';

/** The product form's values: text as typed, '' for no cover, date or age band. */
export type ProductValues = {
  title: string;
  slug: string;
  description: string;
  lang_code: string;
  release_date: string;
  primary_image: string;
  wide_image: string;
  is_available: boolean;
  is_book: boolean;
  is_free_streaming: boolean;
  age_band: string;
};

const fields = AdminProductBody.shape;

/** The contract's own rules for each field (the server applies the same), '' meaning none for the optional ones. */
const productSchema = z.object({
  title: fields.title,
  slug: fields.slug,
  description: fields.description,
  lang_code: fields.lang_code,
  release_date: z.union([z.literal(''), CalendarDay]),
  primary_image: z.string(),
  wide_image: z.string(),
  is_available: z.boolean(),
  is_book: z.boolean(),
  is_free_streaming: z.boolean(),
  age_band: z.union([z.literal(''), AgeBand]),
});

export const emptyProduct = (lang: string): ProductValues => ({
  title: '',
  slug: '',
  description: '',
  lang_code: lang,
  release_date: '',
  primary_image: '',
  wide_image: '',
  is_available: true,
  is_book: false,
  is_free_streaming: false,
  age_band: '',
});

export const productValuesOf = (p: AdminProduct): ProductValues => ({
  title: p.title,
  slug: p.slug,
  description: p.description,
  lang_code: p.lang_code,
  release_date: p.release_date ?? '',
  primary_image: p.primary_image ?? '',
  wide_image: p.wide_image ?? '',
  is_available: p.is_available,
  is_book: p.is_book,
  is_free_streaming: p.is_free_streaming,
  age_band: p.age_band ?? '',
});

/** The body the API takes: '' becomes null. */
export const productBodyOf = (v: ProductValues): AdminProductBody => ({
  ...v,
  lang_code: langCodes.find((l) => l === v.lang_code) ?? 'en',
  release_date: v.release_date || null,
  primary_image: v.primary_image || null,
  wide_image: v.wide_image || null,
  age_band: AGE_BANDS.find((b) => b === v.age_band) ?? null,
});

/**
 * A product's own fields (issue 30 item 1): title, address (slug), the
 * description (HTML, cleaned by the server: no scripts), language, release
 * date, the ages it is for, cover and banner (uploaded here), and whether it
 * is on sale, a book, or free to stream. `save` sends it; a refusal's field messages show by
 * their fields, anything else above the button.
 */
export function ProductForm({
  initial,
  submitLabel,
  busy,
  save,
  onConflict,
}: {
  initial: ProductValues;
  submitLabel: string;
  busy: boolean;
  /** Sends the values; resolves when saved (the form then holds them), rejects with the server's refusal. */
  save: (values: ProductValues) => Promise<unknown>;
  /** A 409 product_changed: the page offers the latest version. */
  onConflict?: () => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const form = useForm<ProductValues>(productSchema, initial);
  const submit = useFormSubmit<ProductValues>(form, {
    busy,
    send: (data) =>
      save({ ...form.values, ...data }).then(
        () => form.reset({ ...form.values, ...data }),
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 'product_changed') onConflict?.();
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      ),
  });
  const languages = useMemo(() => langCodes.map((code) => ({ value: code, label: t(`lang.${code}`) })), [t]);
  const ageBands = useMemo(() => AGE_BANDS.map((band) => ({ value: band, label: ageBandLabel(t, band) })), [t]);
  return (
    <form ref={submit.ref} className="admin-catalogue__form" onSubmit={submit.onSubmit} noValidate>
      <TextField form={form} name="title" label={t('admin.catalogue.title')} required maxLength={200} />
      <TextField
        form={form}
        name="slug"
        label={t('admin.catalogue.slug')}
        hint={t('admin.catalogue.slugHint')}
        required
        maxLength={120}
      />
      <SelectField form={form} name="lang_code" label={t('admin.catalogue.language')} options={languages} required />
      <TextField form={form} name="release_date" type="date" label={t('admin.catalogue.releaseDate')} />
      <SelectField
        form={form}
        name="age_band"
        label={t('admin.catalogue.ageBand')}
        hint={t('admin.catalogue.ageBandHint')}
        options={ageBands}
        placeholder={ageBandLabel(t, null)}
      />
      <TextField
        form={form}
        name="description"
        label={t('admin.catalogue.description')}
        hint={t('admin.catalogue.descriptionHint')}
        multiline
        maxLength={20000}
      />
      <ImageField form={form} name="primary_image" label={t('admin.catalogue.cover')} />
      <ImageField form={form} name="wide_image" label={t('admin.catalogue.banner')} />
      <fieldset className="admin-catalogue__flags">
        <legend>{t('admin.catalogue.flags')}</legend>
        <CheckboxField form={form} name="is_available" label={t('admin.catalogue.isAvailable')} />
        <CheckboxField form={form} name="is_book" label={t('admin.catalogue.isBook')} />
        <CheckboxField form={form} name="is_free_streaming" label={t('admin.catalogue.isFreeStreaming')} />
      </fieldset>
      <FormFailure message={submit.failure} />
      <SubmitButton busy={busy}>{busy ? t('admin.catalogue.saving') : submitLabel}</SubmitButton>
    </form>
  );
}

/** A picture of the product, uploaded here: the form keeps its storage key; "Remove" clears it. */
function ImageField({
  form,
  name,
  label,
}: {
  form: FormApi<ProductValues>;
  name: 'primary_image' | 'wide_image';
  label: string;
}) {
  const { t } = useI18n();
  const value = form.values[name];
  return (
    <div className="field admin-catalogue__media">
      <MediaUpload kind="image" label={label} value={value || null} onChosen={(file) => form.set(name, file.key)} />
      {value ? (
        <button type="button" className="button button--secondary" onClick={() => form.set(name, '')}>
          {t('admin.catalogue.removeImage', { label })}
        </button>
      ) : null}
    </div>
  );
}
