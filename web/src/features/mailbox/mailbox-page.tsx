import type { MailboxMessage } from '@storyhouse/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../ui/loading';
import NotFoundPage from '../../ui/not-found-page';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMailbox } from './api/get-mailbox';
import './mailbox.css';

function Message({ message }: { message: MailboxMessage }) {
  const { t, lang } = useI18n();
  const when = (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  // The HTML part's frame is made when the message is opened: a page of twenty frames would load them all.
  const [open, setOpen] = useState(false);
  return (
    <li className={`mailbox-message mailbox-message--${message.status}`}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className="mailbox-message__subject">{message.subject}</span>
          <span className="mailbox-message__meta">
            {message.to} · {t(`mailbox.status.${message.status}`)}
          </span>
        </summary>
        <dl className="mailbox-message__headers">
          <dt>{t('mailbox.to')}</dt>
          <dd>{message.to}</dd>
          {message.reply_to ? (
            <>
              <dt>{t('mailbox.replyTo')}</dt>
              <dd>{message.reply_to}</dd>
            </>
          ) : null}
          <dt>{t('mailbox.language')}</dt>
          <dd>{t(`lang.${message.lang_code}`)}</dd>
          <dt>{t('mailbox.queued')}</dt>
          <dd>
            <time dateTime={message.created_at}>{when(message.created_at)}</time>
          </dd>
          {message.sent_at ? (
            <>
              <dt>{t('mailbox.sentAt')}</dt>
              <dd>
                <time dateTime={message.sent_at}>{when(message.sent_at)}</time>
              </dd>
            </>
          ) : null}
          <dt>{t(`mailbox.status.${message.status}`)}</dt>
          <dd>{t('mailbox.attempts', { count: message.attempts })}</dd>
          {message.last_error ? (
            <>
              <dt>{t('mailbox.lastError')}</dt>
              <dd>{message.last_error}</dd>
            </>
          ) : null}
        </dl>
        {open && message.html ? (
          <>
            <h2 className="mailbox-message__part">{t('mailbox.htmlPart')}</h2>
            {/* Visitors wrote part of it: a sandbox with nothing allowed (no scripts, no same origin, no forms). */}
            <iframe
              className="mailbox-message__html"
              sandbox=""
              srcDoc={message.html}
              title={t('mailbox.htmlFrame', { subject: message.subject })}
            />
            <h2 className="mailbox-message__part">{t('mailbox.textPart')}</h2>
          </>
        ) : null}
        {/* Text, never HTML: visitors wrote part of it. */}
        <pre className="mailbox-message__body">{message.text}</pre>
      </details>
    </li>
  );
}

/**
 * The developer mailbox (DESIGN "e-mail"): what the site's forms e-mailed,
 * newest first, each body readable, with paging. The API answers only a
 * signed-in admin, and only where it is enabled (not in production by
 * default); for anyone else it does not exist, and this is the not-found page.
 */
export default function MailboxPage() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const mailbox = useMailbox(page);
  // Also when the admin signs out with the page open: the next refresh hides what was shown.
  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) return <NotFoundPage />;
  // Nothing of the mailbox shows until the API has said it is there for this visitor.
  if (mailbox.isPending) return <Loading />;
  return <Mailbox page={page} mailbox={mailbox} />;
}

function Mailbox({ page, mailbox }: { page: number; mailbox: ReturnType<typeof useMailbox> }) {
  const { t } = useI18n();
  useDocumentTitle(t('mailbox.title'));
  const { data, error, refetch } = mailbox;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const pageLink = (p: number) => (p === 1 ? '/dev/mailbox' : `/dev/mailbox?page=${p}`);

  let body: ReactNode;
  if (error && !data) {
    body = (
      <div className="load-error" role="alert">
        <p>{t('mailbox.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('mailbox.retry')}
        </button>
      </div>
    );
  } else if (data && data.items.length === 0) {
    body = <p>{t('mailbox.empty')}</p>;
  } else if (data) {
    body = (
      <>
        <ul className="mailbox-list" aria-label={t('mailbox.list')}>
          {data.items.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </ul>
        {pages > 1 ? (
          <nav className="mailbox-paging" aria-label={t('mailbox.pageOf', { page, pages })}>
            {page > 1 ? <Link to={pageLink(page - 1)}>{t('mailbox.previous')}</Link> : null}
            <span>{t('mailbox.pageOf', { page, pages })}</span>
            {page < pages ? <Link to={pageLink(page + 1)}>{t('mailbox.next')}</Link> : null}
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <article className="page mailbox">
      <h1>{t('mailbox.title')}</h1>
      <p className="mailbox__intro">{t('mailbox.intro')}</p>
      {body}
    </article>
  );
}
