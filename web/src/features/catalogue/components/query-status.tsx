import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';

/**
 * The message for a failed request. The server words its errors in the site
 * language already; only a failure that never reached it (no network) or an
 * empty body needs the catalog.
 */
export function useErrorMessage() {
  const { t } = useI18n();
  return (error: unknown) => {
    if (error instanceof ApiError && error.message) return error.message;
    return t(error instanceof ApiError && error.code === 'network' ? 'errors.network' : 'errors.internal_error');
  };
}

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="loading" role="status">
      {t('shell.loading')}
    </p>
  );
}

/** A failed load, in the site language, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  const message = useErrorMessage();
  return (
    <div className="load-error" role="alert">
      <p>{message(error)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('catalogue.retry')}
      </button>
    </div>
  );
}

/** Spec §8 item_not_found: the request named something the catalogue does not have. */
export const isItemNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
