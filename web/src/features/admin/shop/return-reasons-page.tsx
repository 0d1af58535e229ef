import { type ReturnReason, ReturnReasonBody } from '@storyhouse/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart } from '../shared/admin-part';
import { useAddReturnReason, useRenameReturnReason, useRetireReturnReason, useReturnReasons } from './api/return-reasons';
import { TitleFields, TitlesForm, type TitleValues } from './title-fields';
import '../../../ui/form/form.css';
import './shop.css';

const empty: TitleValues = { title: '', title_es: '', title_ru: '' };

/**
 * Decision 061, Return reasons: the list a volunteer chooses from when
 * recording a return on an order. Each offered reason is renamed in its
 * three languages (English required) or retired (no longer offered; the
 * returns that gave it keep it); a new one is added last. Every change is
 * audited.
 */
export default function ReturnReasonsPage() {
  const { t } = useI18n();
  const { data, error, isPending, refetch } = useReturnReasons();
  const [announce, setAnnounce] = useState('');
  const offered = data?.items.filter((r) => !r.retired) ?? [];
  const retired = data?.items.filter((r) => r.retired) ?? [];
  return (
    <AdminLayout title={t('admin.returnReasons.title')}>
      <p>{t('admin.returnReasons.intro')}</p>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="admin-shop">
          <AdminPart title={t('admin.returnReasons.offered')}>
            {offered.length === 0 ? <p>{t('admin.returnReasons.none')}</p> : null}
            <ul className="admin-reasons">
              {offered.map((reason) => (
                <OfferedReason key={reason.id} reason={reason} onRetired={setAnnounce} />
              ))}
            </ul>
          </AdminPart>
          <AdminPart title={t('admin.returnReasons.add')}>
            <AddReason />
          </AdminPart>
          {retired.length > 0 ? (
            <AdminPart title={t('admin.returnReasons.retiredList')}>
              <ul className="admin-reasons__retired">
                {retired.map((reason) => (
                  <li key={reason.id}>{reason.title}</li>
                ))}
              </ul>
            </AdminPart>
          ) : null}
        </div>
      )}
    </AdminLayout>
  );
}

/** An offered reason: Rename opens its titles' form (three languages); Retire is asked first. */
function OfferedReason({ reason, onRetired }: { reason: ReturnReason; onRetired: (words: string) => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const rename = useRenameReturnReason(reason.id);
  const retire = useRetireReturnReason(reason.id);
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState(false);
  const label = t('admin.returnReasons.formLabel', { name: reason.title });
  return (
    <li className="admin-reasons__item">
      <div className="admin-reasons__row">
        <span className="admin-reasons__name">{reason.title}</span>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-label={t('admin.returnReasons.renameLabel', { name: reason.title })}
          onClick={() => setOpen(!open)}
        >
          {t('admin.returnReasons.rename')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('admin.returnReasons.retireLabel', { name: reason.title })}
          aria-disabled={retire.isPending || undefined}
          onClick={() => {
            if (!retire.isPending) setAsking(true);
          }}
        >
          {retire.isPending ? t('admin.returnReasons.retiring') : t('admin.returnReasons.retire')}
        </button>
      </div>
      {open ? (
        <TitlesForm
          label={label}
          legend={label}
          titles={reason.titles}
          save={rename}
          saved={(saved) => t('admin.returnReasons.saved', { name: saved.title })}
        />
      ) : null}
      <FormFailure message={retire.isError ? errorMessage(retire.error) : undefined} />
      <ConfirmDialog
        open={asking}
        title={t('admin.returnReasons.retireTitle', { name: reason.title })}
        confirmLabel={t('admin.returnReasons.retire')}
        cancelLabel={t('admin.returnReasons.cancel')}
        onConfirm={() => {
          setAsking(false);
          retire.mutate(undefined, {
            onSuccess: (done) => onRetired(t('admin.returnReasons.retiredDone', { name: done.title })),
          });
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.returnReasons.retireText')}</p>
      </ConfirmDialog>
    </li>
  );
}

/** A new reason, in the three languages; the form empties once it is added. */
function AddReason() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const add = useAddReturnReason();
  const form = useForm<TitleValues>(ReturnReasonBody, empty);
  const [done, setDone] = useState('');
  const submit = useFormSubmit<ReturnReasonBody>(form, {
    busy: add.isPending,
    send: (body) => {
      setDone('');
      add.mutate(body, {
        onSuccess: (reason) => {
          form.reset(empty);
          setDone(t('admin.returnReasons.added', { name: reason.title }));
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
      aria-label={t('admin.returnReasons.add')}
      onSubmit={submit.onSubmit}
      noValidate
    >
      <TitleFields form={form} legend={t('admin.returnReasons.legend')} />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={add.isPending}>{t('admin.returnReasons.add')}</SubmitButton>
      <p role="status">{done}</p>
    </form>
  );
}
