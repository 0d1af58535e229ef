import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useUnsubscribe } from './api/unsubscribe';

/**
 * The page of the unsubscribe link every newsletter e-mail carries
 * (/newsletter/unsubscribe?token=…, issue 30 item 5; the privacy page
 * promises it). Opening the page changes nothing (mail scanners open links):
 * the button takes the address off the list. The server's words for a dead
 * link (used already, or made up).
 */
export default function NewsletterUnsubscribePage() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('newsletter.unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <article className="page page--narrow">
      <h1>{t('newsletter.unsubscribe.title')}</h1>
      {!token ? (
        <p role="alert">{t('errors.newsletter_unsubscribe_invalid')}</p>
      ) : unsubscribe.isSuccess ? (
        <p className="form-status form-status--success" role="status">
          {t('newsletter.unsubscribe.done')}
        </p>
      ) : (
        <>
          <p>{t('newsletter.unsubscribe.intro')}</p>
          {unsubscribe.error ? (
            <p className="form-status form-status--error" role="alert">
              {errorMessage(unsubscribe.error, 'newsletter.unsubscribe.failed')}
            </p>
          ) : null}
          <button
            type="button"
            className="button"
            aria-disabled={unsubscribe.isPending || undefined}
            onClick={() => {
              if (!unsubscribe.isPending) unsubscribe.mutate({ token });
            }}
          >
            {unsubscribe.isPending ? t('newsletter.unsubscribe.working') : t('newsletter.unsubscribe.button')}
          </button>
        </>
      )}
      <p>
        <RouteLink to="home" className="tap-link">
          {t('newsletter.confirm.home')}
        </RouteLink>
      </p>
    </article>
  );
}
