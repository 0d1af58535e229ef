import { type GuestBookModerateBody, type GuestBookPendingEntry, ModerationToken } from '@storyhouse/contracts';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { usePendingEntry } from './api/get-pending-entry';
import { useModerateEntry } from './api/moderate-entry';
import './guestbook.css';

type Decision = GuestBookModerateBody['decision'];

function PendingEntry({ entry }: { entry: GuestBookPendingEntry }) {
  const { t, formatDate } = useI18n();
  return (
    <article className="guestbook-entry">
      <h2 className="guestbook-entry__name">{entry.author_name}</h2>
      <dl className="guestbook-moderate__details">
        <dt>{t('guestbook.moderation.email')}</dt>
        <dd>{entry.author_email}</dd>
        <dt>{t('guestbook.country')}</dt>
        <dd>{entry.country || '—'}</dd>
        <dt>{t('guestbook.findUsLabel')}</dt>
        <dd>{entry.find_us ? t(`guestbook.findUs.${entry.find_us}`) : '—'}</dd>
        <dt>{t('guestbook.moderation.language')}</dt>
        <dd>{t(`lang.${entry.lang_code}`)}</dd>
      </dl>
      <p className="guestbook-entry__meta">
        <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
      </p>
      <p className="guestbook-entry__content">{entry.content}</p>
    </article>
  );
}

/**
 * The page of the moderation link e-mailed to the ministry with each new
 * guest-book message (/guestbook/moderate?id=…&token=…): the waiting
 * message, and Approve (it shows) or Reject (it is deleted). The link's
 * token is the permission, and it works once.
 */
export default function GuestBookModeratePage() {
  const { t } = useI18n();
  useDocumentTitle(t('guestbook.moderation.title'));
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const token = params.get('token') ?? '';
  const wellFormed = Number.isInteger(id) && id > 0 && ModerationToken.safeParse(token).success;
  const moderate = useModerateEntry(id);
  const pending = usePendingEntry(id, token, wellFormed && moderate.status === 'idle');
  // The server's words for a refused link (used up, rejected already), else the catalog's.
  const errorMessage = useErrorMessage();
  const failure = (error: unknown) => errorMessage(error, 'guestbook.moderation.failed');

  const decide = (decision: Decision) => {
    if (!moderate.isPending) moderate.mutate({ token, decision });
  };
  const busy = moderate.isPending ? moderate.variables?.decision : undefined;

  return (
    <article className="page page--narrow guestbook-moderate">
      <h1>{t('guestbook.moderation.title')}</h1>
      {!wellFormed ? (
        <p role="alert">{t('guestbook.moderation.badLink')}</p>
      ) : moderate.isSuccess ? (
        <p role="status">
          {moderate.data.status === 'approved' ? t('guestbook.moderation.approved') : t('guestbook.moderation.rejected')}
        </p>
      ) : pending.isPending ? (
        <p className="loading" role="status">
          {t('guestbook.moderation.loading')}
        </p>
      ) : pending.error ? (
        <p role="alert">{failure(pending.error)}</p>
      ) : (
        <>
          <p>{t('guestbook.moderation.intro', { language: t(`lang.${pending.data.lang_code}`) })}</p>
          <PendingEntry entry={pending.data} />
          {moderate.error ? (
            <p className="form-status form-status--error" role="alert">
              {failure(moderate.error)}
            </p>
          ) : null}
          <div className="guestbook-moderate__actions">
            <button type="button" className="button" disabled={moderate.isPending} onClick={() => decide('approve')}>
              {busy === 'approve' ? t('guestbook.moderation.approving') : t('guestbook.moderation.approve')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={moderate.isPending}
              onClick={() => decide('reject')}
            >
              {busy === 'reject' ? t('guestbook.moderation.rejecting') : t('guestbook.moderation.reject')}
            </button>
          </div>
        </>
      )}
    </article>
  );
}
