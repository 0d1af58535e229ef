import { type AdminProduct, type AdminSku, StockForm } from '@storyhouse/contracts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useSaveStock } from './api/catalogue';
import { CheckboxField } from './catalogue-fields';

type StockValues = { tracked: boolean; stock: string; low_stock_threshold: string };

const valuesOf = (sku: AdminSku): StockValues => ({
  tracked: sku.stock !== null,
  stock: sku.stock === null ? '' : String(sku.stock),
  low_stock_threshold: String(sku.low_stock_threshold),
});

/**
 * Decision 061: a CD's or a book's copies on the shelf, or "not tracked"
 * (always for sale), and the count at or below which it is low on stock. Its
 * own form, apart from the prices: sales move the count while a volunteer
 * types, so it sends the count it showed, and a count that moved since is
 * refused (409 stock_changed); the page then shows the latest.
 */
export function ProductStock({
  productId,
  sku,
  kind,
  saved,
}: {
  productId: number;
  sku: AdminSku;
  kind: string;
  /** The count was saved: the answer is the product as it now is. */
  saved: (product: AdminProduct) => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveStock(productId);
  const form = useForm<StockValues>(StockForm, valuesOf(sku));
  const [done, setDone] = useState('');
  // A count read again (after a save, or a refusal because a sale moved it): the form shows the latest.
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new count or threshold resets what is typed
  useEffect(() => reset(valuesOf(sku)), [sku.stock, sku.low_stock_threshold]);
  const submit = useFormSubmit<z.output<typeof StockForm>>(form, {
    busy: save.isPending,
    send: (body) => {
      setDone('');
      save.mutate(
        { skuId: sku.id, body: { ...body, stock_read: sku.stock } },
        {
          onSuccess: (product) => {
            saved(product);
            setDone(t('admin.stock.saved'));
          },
          onError: (error) => {
            if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
          },
        },
      );
    },
  });
  const label = t('admin.stock.formLabel', { kind });
  return (
    <form ref={submit.ref} className="admin-catalogue__stock" aria-label={label} onSubmit={submit.onSubmit} noValidate>
      <h4>{t('admin.stock.title')}</h4>
      <CheckboxField form={form} name="tracked" label={t('admin.stock.tracked')} />
      {form.values.tracked ? (
        <TextField
          form={form}
          name="stock"
          label={t('admin.stock.count')}
          hint={t('admin.stock.countHint')}
          type="number"
          required
          maxLength={7}
        />
      ) : (
        <p className="field__hint">{t('admin.stock.notTracked')}</p>
      )}
      <TextField
        form={form}
        name="low_stock_threshold"
        label={t('admin.stock.threshold')}
        hint={t('admin.stock.thresholdHint')}
        type="number"
        required
        maxLength={7}
      />
      {sku.stock === 0 ? <p className="admin-catalogue__sold-out">{t('admin.stock.soldOut')}</p> : null}
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>{save.isPending ? t('admin.stock.saving') : t('admin.stock.save')}</SubmitButton>
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
    </form>
  );
}
