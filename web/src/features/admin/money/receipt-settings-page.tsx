import { type ReceiptSettings, ReceiptSettingsBody } from '@storyhouse/contracts';
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
      <TextField form={form} name="legal_name" label={t('admin.receiptSettings.legalName')} maxLength={200} autoComplete="off" />
      <TextField form={form} name="address" label={t('admin.receiptSettings.address')} maxLength={500} multiline />
      <TextField
        form={form}
        name="ein"
        label={t('admin.receiptSettings.ein')}
        hint={t('admin.receiptSettings.einHint')}
        maxLength={20}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="ca_registration"
        label={t('admin.receiptSettings.caRegistration')}
        hint={t('admin.receiptSettings.caRegistrationHint')}
        maxLength={20}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="place_of_issue"
        label={t('admin.receiptSettings.placeOfIssue')}
        maxLength={200}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="es_nif"
        label={t('admin.receiptSettings.esNif')}
        hint={t('admin.receiptSettings.esNifHint')}
        maxLength={20}
        autoComplete="off"
      />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>{t('admin.receiptSettings.save')}</SubmitButton>
      <p role="status">{done}</p>
    </form>
  );
}
