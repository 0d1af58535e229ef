import { type AdminOrder, ORDER_NOTE_MAX, OrderNoteBody } from '@storyhouse/contracts';
import { useEffect, useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useSaveOrderNote } from './api/order-actions';

type NoteData = { note: string };

/**
 * The team's note on the order (issue 44): what volunteers tell each other
 * about it ("the family called: leave it with the neighbour"). Never shown
 * to the family; each change is in the audit log with what it said before.
 */
export function OrderNote({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const save = useSaveOrderNote(order.id);
  const form = useForm<NoteData>(OrderNoteBody, { note: order.note });
  const [done, setDone] = useState('');
  const submit = useFormSubmit<NoteData>(form, {
    busy: save.isPending,
    send: (data) => {
      setDone('');
      save.mutate(data, {
        onSuccess: () => setDone(t('admin.order.noteSaved')),
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  const { reset } = form;
  // The form holds the note as saved (after a save, or another volunteer's seen on reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved note resets what the admin types.
  useEffect(() => reset({ note: order.note }), [order.note]);

  return (
    <section className="admin-part admin-order__note card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.order.note')}</h2>
      <form ref={submit.ref} aria-label={t('admin.order.noteForm')} onSubmit={submit.onSubmit} noValidate>
        <TextField
          form={form}
          name="note"
          label={t('admin.order.noteLabel')}
          hint={t('admin.order.noteHint', { max: ORDER_NOTE_MAX })}
          multiline
          maxLength={ORDER_NOTE_MAX}
        />
        <FormFailure message={submit.failure} />
        <SubmitButton busy={save.isPending}>{save.isPending ? t('admin.order.saving') : t('admin.order.noteSave')}</SubmitButton>
      </form>
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
    </section>
  );
}
