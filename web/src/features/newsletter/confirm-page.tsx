import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useConfirmSubscription } from './api/confirm-subscription';

/**
 * The page of the newsletter's e-mailed confirmation link
 * (/newsletter/confirm?token=…, issue 8 double opt-in): opening it confirms
 * the subscription, once. The server's words for a dead link (used,
 * expired, forged), else the catalog's.
 */
export default function NewsletterConfirmPage() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('newsletter.confirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmSubscription();
  // The link works once: a second call (React's development double effect) would refuse it.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm.mutate]);

  return (
    <article className="page page--narrow">
      <h1>{t('newsletter.confirm.title')}</h1>
      {!token ? (
        <p role="alert">{t('errors.newsletter_link_invalid')}</p>
      ) : confirm.isSuccess ? (
        <p className="form-status form-status--success" role="status">
          {t('newsletter.confirm.done')}
        </p>
      ) : confirm.error ? (
        <p role="alert">{errorMessage(confirm.error, 'newsletter.confirm.failed')}</p>
      ) : (
        <p className="loading" role="status">
          {t('newsletter.confirm.confirming')}
        </p>
      )}
      <p>
        <RouteLink to="home" className="tap-link">
          {t('newsletter.confirm.home')}
        </RouteLink>
      </p>
    </article>
  );
}
