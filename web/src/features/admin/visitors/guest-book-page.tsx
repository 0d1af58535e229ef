import { adminPath, type GuestBookEdit, GuestBookEditInput, type GuestBookPendingEntry } from '@storyhouse/contracts';
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type ActionResult, ActionResultStatus } from '../shared/action-result';
import { AdminLayout } from '../shared/admin-layout';
import { useFormatDateTime } from '../shared/format-date-time';
import { listHref, pageParam } from '../shared/list-params';
import { useEditGuestBookEntry, useGuestBookQueue, useModerateGuestBookEntry } from './api/moderation';
import { ItemFacts } from './moderation-part';
import '../../../ui/form/form.css';
import { ListResults } from '../shared/admin-part';

/**
 * Issue 30 item 5, the guest book's queue: the messages waiting for
 * approval, oldest first, each with who wrote it. A volunteer corrects a
 * typo (the same rules as signing the guest book), approves (the message
 * shows on its language's guest book) or rejects (it is deleted, after a
 * question). The e-mailed moderation link still works for whoever acts first.
 */
export default function GuestBookQueuePage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const page = pageParam(params);
  const path = adminPath('adminGuestBook', lang) ?? '';
  const href = (p: number) => listHref(path, { page: p });
  const { data, error, isPending, isPlaceholderData, refetch } = useGuestBookQueue(page);
  const [result, setResult] = useState<ActionResult>();

  let body: React.ReactNode;
  if (isPending) body = <Loading shape="block" />;
  else if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else {
    body = (
      <ListResults
        list={data}
        page={page}
        href={href}
        busy={isPlaceholderData}
        countText={t('admin.guestBook.count', { count: data.count })}
        emptyText={t('admin.guestBook.none')}
        pagingLabel={t('admin.guestBook.paging')}
      >
        <ul className="moderation-list">
          {data.items.map((entry) => (
            <li key={entry.id}>
              <QueueEntry entry={entry} onResult={setResult} />
            </li>
          ))}
        </ul>
      </ListResults>
    );
  }

  return (
    <AdminLayout title={t('admin.guestBook.title')}>
      <p>{t('admin.guestBook.intro')}</p>
      <ActionResultStatus result={result} />
      {body}
    </AdminLayout>
  );
}

function QueueEntry({ entry, onResult }: { entry: GuestBookPendingEntry; onResult: (r: ActionResult | undefined) => void }) {
  const { t } = useI18n();
  const formatDateTime = useFormatDateTime();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const moderate = useModerateGuestBookEntry();
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const correctRef = useRef<HTMLButtonElement>(null);
  const name = entry.author_name;

  const decide = (decision: 'approve' | 'reject') => {
    onResult(undefined);
    moderate.mutate(
      { id: entry.id, decision },
      {
        onSuccess: () =>
          onResult({
            ok: true,
            message:
              decision === 'approve'
                ? t('admin.guestBook.approved', { name, language: t(`lang.${entry.lang_code}`) })
                : t('admin.guestBook.rejected', { name }),
          }),
        onError: (error) => onResult({ ok: false, message: errorMessage(error) }),
      },
    );
  };

  return (
    <article className="moderation-item card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <ItemFacts
        facts={[
          [
            t('admin.guestBook.email'),
            <a key="email" href={`mailto:${entry.author_email}`}>
              {entry.author_email}
            </a>,
          ],
          [t('guestbook.country'), entry.country],
          [t('guestbook.findUsLabel'), entry.find_us ? t(`guestbook.findUs.${entry.find_us}`) : ''],
          [t('admin.guestBook.book'), t(`lang.${entry.lang_code}`)],
          [
            t('admin.guestBook.signed'),
            <time key="signed" dateTime={entry.created_at}>
              {formatDateTime(entry.created_at)}
            </time>,
          ],
        ]}
      />
      {editing ? (
        <EditForm
          entry={entry}
          onClose={(message) => {
            setEditing(false);
            if (message) onResult({ ok: true, message });
            requestAnimationFrame(() => correctRef.current?.focus());
          }}
        />
      ) : (
        <>
          <p className="moderation-item__text">{entry.content}</p>
          <div className="moderation-item__actions">
            <button
              type="button"
              className="button"
              disabled={moderate.isPending}
              aria-label={t('admin.guestBook.approveFor', { name })}
              onClick={() => decide('approve')}
            >
              {moderate.isPending && moderate.variables?.decision === 'approve'
                ? t('admin.guestBook.approving')
                : t('admin.guestBook.approve')}
            </button>
            <button
              ref={correctRef}
              type="button"
              className="button button--secondary"
              disabled={moderate.isPending}
              aria-label={t('admin.guestBook.correctFor', { name })}
              onClick={() => {
                onResult(undefined);
                setEditing(true);
              }}
            >
              {t('admin.guestBook.correct')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={moderate.isPending}
              aria-label={t('admin.guestBook.rejectFor', { name })}
              onClick={() => setRejecting(true)}
            >
              {t('admin.guestBook.reject')}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={rejecting}
        title={t('admin.guestBook.rejectTitle', { name })}
        confirmLabel={t('admin.guestBook.reject')}
        cancelLabel={t('admin.guestBook.keep')}
        onConfirm={() => {
          setRejecting(false);
          decide('reject');
        }}
        onCancel={() => setRejecting(false)}
      >
        <p>{t('admin.guestBook.rejectText')}</p>
      </ConfirmDialog>
    </article>
  );
}

type EditValues = { author_name: string; country: string; content: string };

/** The correction: the guest book's own fields and rules (GuestBookEditInput), checked here and again by the server. */
function EditForm({ entry, onClose }: { entry: GuestBookPendingEntry; onClose: (message?: string) => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const edit = useEditGuestBookEntry();
  const form = useForm<EditValues>(GuestBookEditInput, {
    author_name: entry.author_name,
    country: entry.country,
    content: entry.content,
  });
  const submit = useFormSubmit<GuestBookEdit>(form, {
    busy: edit.isPending,
    send: (data) =>
      edit.mutate(
        { id: entry.id, edit: data },
        {
          onSuccess: (saved) => onClose(t('admin.guestBook.corrected', { name: saved.author_name })),
          onError: (error) => {
            if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
          },
        },
      ),
  });
  return (
    <form
      ref={submit.ref}
      aria-label={t('admin.guestBook.correctFor', { name: entry.author_name })}
      onSubmit={submit.onSubmit}
      noValidate
    >
      <TextField form={form} name="author_name" label={t('admin.guestBook.nameLabel')} required maxLength={100} />
      <TextField form={form} name="country" label={t('guestbook.country')} maxLength={100} />
      <TextField form={form} name="content" label={t('admin.guestBook.messageLabel')} required multiline maxLength={2000} />
      <FormFailure message={submit.failure} />
      <div className="moderation-item__actions">
        <SubmitButton busy={edit.isPending}>
          {edit.isPending ? t('admin.guestBook.saving') : t('admin.guestBook.save')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={() => onClose()}>
          {t('admin.guestBook.cancelEdit')}
        </button>
      </div>
    </form>
  );
}
