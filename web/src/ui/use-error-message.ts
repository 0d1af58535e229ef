import type { MessageKey } from '@storyhouse/i18n';
import { ApiError } from '../lib/api-client';
import { useI18n } from '../lib/i18n';

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * The text for a failed call (spec §8). The server words its errors in the
 * site language already (a database or storage not answering is a 503 that
 * says so); only a failure that never reached it (no network) or one it did
 * not word (an empty body, a bug) needs the catalog: then the screen's
 * `fallback`, else the generic one; a proxy's bare 502-504 says the service
 * is unavailable. A server failure ends with its request id ("Reference:
 * …"), so a family can quote it to the ministry.
 */
export function errorMessage(error: unknown, t: Translate, fallback: MessageKey = 'errors.internal_error') {
  if (!(error instanceof ApiError)) return t(fallback);
  if (error.code === 'network') return t('errors.network');
  const bareGateway = error.status >= 502 && error.status <= 504;
  const text = error.message || t(bareGateway ? 'errors.service_unavailable' : fallback);
  return error.requestId ? `${text} ${t('errors.reference', { id: error.requestId })}` : text;
}

/** errorMessage in the site language: `message(error, fallback?)`. */
export function useErrorMessage() {
  const { t } = useI18n();
  return (error: unknown, fallback?: MessageKey) => errorMessage(error, t, fallback);
}
