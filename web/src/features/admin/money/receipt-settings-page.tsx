import { type ReceiptSettings, ReceiptSettingsBody } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { useReceiptSettings, useSaveReceiptSettings } from './api/receipt-settings';
import '../../../ui/form/form.css';

/**
 * Decision 068, Gift receipts: the ministry's legal name, address and tax
 * numbers that donors' receipts in the United States, Canada and Spain need.
 * A country whose details are not all set gets the plain receipt. Saved
 * together; audited.
 */
export default function ReceiptSettingsPage() {
  const { t } = useI18n();
  const { data, error, isPending, refetch } = useReceiptSettings();
  return (
    <AdminLayout title={t('admin.receiptSettings.title')}>
      <p>{t('admin.receiptSettings.intro')}</p>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <SettingsForm settings={data} />
      )}
    </AdminLayout>
  );
}

/** The form's fields, in the order a volunteer fills them: who the ministry is, then each country's numbers. */
const fields: { name: keyof ReceiptSettings; label: MessageKey; hint?: MessageKey; max: number }[] = [
  { name: 'legal_name', label: 'admin.receiptSettings.legalName', max: 200 },
  { name: 'address', label: 'admin.receiptSettings.address', max: 500 },
  { name: 'ein', label: 'admin.receiptSettings.ein', hint: 'admin.receiptSettings.einHint', max: 20 },
  {
    name: 'ca_registration',
    label: 'admin.receiptSettings.caRegistration',
    hint: 'admin.receiptSettings.caRegistrationHint',
    max: 20,
  },
  { name: 'place_of_issue', label: 'admin.receiptSettings.placeOfIssue', max: 200 },
  { name: 'es_nif', label: 'admin.receiptSettings.esNif', hint: 'admin.receiptSettings.esNifHint', max: 20 },
];

function SettingsForm({ settings }: { settings: ReceiptSettings }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveReceiptSettings();
  const form = useForm<ReceiptSettings>(ReceiptSettingsBody, settings);
  const [done, setDone] = useState('');
  const submit = useFormSubmit<ReceiptSettingsBody>(form, {
    busy: save.isPending,
    send: (body) => {
      setDone('');
      save.mutate(body, {
        onSuccess: (saved) => {
          form.reset(saved);
          setDone(t('admin.receiptSettings.saved'));
        },
        onError: (failure) => {
          if (!submit.showServerErrors(failure)) submit.setFailure(errorMessage(failure));
        },
      });
    },
  });
  return (
    <form ref={submit.ref} className="form" aria-label={t('admin.receiptSettings.title')} onSubmit={submit.onSubmit} noValidate>
      {fields.map((field) => (
        <TextField
          key={field.name}
          form={form}
          name={field.name}
          label={t(field.label)}
          hint={field.hint ? t(field.hint) : undefined}
          maxLength={field.max}
          multiline={field.name === 'address'}
          autoComplete="off"
        />
      ))}
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>{t('admin.receiptSettings.save')}</SubmitButton>
      <p role="status">{done}</p>
    </form>
  );
}
