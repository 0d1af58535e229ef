import type { CmsEntry, GuestBookEntry } from '@storyhouse/contracts';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CmsHtml } from '../../components/cms/cms-html';
import { useI18n } from '../../lib/i18n';
import { useGuestBookYear } from './api/get-guest-book-year';
import { useGuestBookYears } from './api/get-guest-book-years';
import { SignForm } from './sign-form';
import './guestbook.css';

/** Spec §8: guest book fetch errors are logged; the page offers a retry instead of going blank. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  useEffect(() => {
    console.error('Guest book could not be loaded', error);
  }, [error]);
  return (
    <div className="guestbook__error" role="alert">
      <p>{t('guestbook.loadFailed')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('guestbook.retry')}
      </button>
    </div>
  );
}

function Entry({ entry }: { entry: GuestBookEntry }) {
  const { formatDate } = useI18n();
  return (
    <article className="guestbook-entry">
      <h3 className="guestbook-entry__name">{entry.author_name}</h3>
      <p className="guestbook-entry__meta">
        {entry.country ? <span>{entry.country}</span> : null}
        <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
      </p>
      {/* Plain text, line breaks kept: whatever it contains is shown, never run. */}
      <p className="guestbook-entry__content">{entry.content}</p>
    </article>
  );
}

/**
 * Spec §2 Guest book: the approved messages of one year at a time (newest
 * year by default, ?year= to choose), an add-message button that sets
 * ?sign=true on the same URL and the sign form while it is set, the
 * thank-you notice after sending (spec §4), an empty message for a year
 * without messages, and a back link.
 */
export default function GuestbookLayout({ entry }: { entry: CmsEntry }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const lang = entry.lang_code;
  const [params, setParams] = useSearchParams();
  const signing = params.get('sign') === 'true';
  const [thanked, setThanked] = useState(false);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();

  const years = useGuestBookYears(lang);
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 1990 && asked <= 9999 ? asked : years.data?.years[0];
  const entries = useGuestBookYear(lang, year);

  useEffect(() => {
    if (thanked) thanksRef.current?.focus();
  }, [thanked]);

  /** The same URL with one query parameter set or removed (the year is kept while signing). */
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    const search = next.toString();
    return search ? `?${search}` : '';
  };
  const closeForm = () => setParams((p) => withoutSign(p));

  // Back to where the visitor came from within the site; the home page when the guest book was the first page.
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if ((window.history.state as { idx?: number } | null)?.idx) {
      event.preventDefault();
      void navigate(-1);
    }
  };

  return (
    <div className="guestbook">
      <CmsHtml html={entry.intro} />

      {thanked ? (
        <p ref={thanksRef} className="guestbook__thanks" role="status" tabIndex={-1}>
          {t('guestbook.thanks')}
        </p>
      ) : null}

      {signing ? (
        <SignForm
          lang={lang}
          onSent={() => {
            setThanked(true);
            closeForm();
          }}
          onCancel={closeForm}
        />
      ) : (
        <p>
          <Link className="button" to={withParam('sign', 'true')} onClick={() => setThanked(false)}>
            {t('guestbook.addMessage')}
          </Link>
        </p>
      )}

      {years.isPending ? null : years.error ? (
        <LoadFailed error={years.error} onRetry={() => void years.refetch()} />
      ) : year === undefined ? (
        <p className="guestbook__empty">{t('guestbook.noEntries')}</p>
      ) : (
        <>
          {years.data.years.length > 0 ? (
            <nav className="guestbook__years" aria-label={t('guestbook.years')}>
              <ul>
                {years.data.years.map((y) => (
                  <li key={y}>
                    <Link to={`?year=${y}`} aria-current={y === year ? 'page' : undefined}>
                      {y}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <section className="guestbook__year" aria-labelledby={headingId}>
            <h2 id={headingId}>{t('guestbook.yearHeading', { year })}</h2>
            {entries.isPending ? null : entries.error ? (
              <LoadFailed error={entries.error} onRetry={() => void entries.refetch()} />
            ) : entries.data.entries.length === 0 ? (
              <p className="guestbook__empty">{t('guestbook.empty')}</p>
            ) : (
              <ul className="guestbook__entries" aria-labelledby={headingId}>
                {entries.data.entries.map((e) => (
                  <li key={e.id}>
                    <Entry entry={e} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <p className="guestbook__back">
        <Link to="/" className="tap-link" onClick={goBack}>
          {t('guestbook.back')}
        </Link>
      </p>
    </div>
  );
}

function withoutSign(params: URLSearchParams) {
  const next = new URLSearchParams(params);
  next.delete('sign');
  return next;
}
