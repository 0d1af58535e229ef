import { TaxIdBody, type TaxIdResponse } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSaveTaxId, useTaxId } from './api/tax-id';

/**
 * Decision 068: a donor in Spain gives their NIF (or NIE) here, and their
 * gift receipts carry it, so the ministry can declare the gift in its Modelo
 * 182 and the donor can deduct it. Left empty, the receipt says it cannot be
 * used for the deduction.
 */
export function TaxIdSettings() {
  const { t } = useI18n();
  const headingId = useId();
  const taxId = useTaxId();
  return (
    <section className="tax-id" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.taxId.title')}</h2>
      <p>{t('account.taxId.text')}</p>
      {taxId.isPending ? (
        <p role="status">{t('shell.loading')}</p>
      ) : taxId.isError ? (
        <p role="alert">{t('account.loadFailed')}</p>
      ) : (
        <TaxIdForm saved={taxId.data} label={t('account.taxId.title')} />
      )}
    </section>
  );
}

function TaxIdForm({ saved, label }: { saved: TaxIdResponse; label: string }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveTaxId();
  const form = useForm<{ tax_id: string }>(TaxIdBody, { tax_id: saved.tax_id });
  const [done, setDone] = useState('');
  const submit = useFormSubmit<TaxIdBody>(form, {
    busy: save.isPending,
    send: (body) => {
      setDone('');
      save.mutate(body, {
        onSuccess: (answer) => {
          form.reset(answer);
          setDone(t('account.taxId.saved'));
        },
        onError: (failure) => {
          if (!submit.showServerErrors(failure)) submit.setFailure(errorMessage(failure));
        },
      });
    },
  });
  return (
    <form ref={submit.ref} aria-label={label} onSubmit={submit.onSubmit} noValidate>
      <TextField
        form={form}
        name="tax_id"
        label={t('account.taxId.label')}
        hint={t('account.taxId.hint')}
        maxLength={20}
        autoComplete="off"
      />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending} className="button--secondary">
        {t('account.taxId.save')}
      </SubmitButton>
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
    </form>
  );
}
