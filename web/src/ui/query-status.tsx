import { ApiError } from '../lib/api-client';
import { useI18n } from '../lib/i18n';
import './query-status.css';
import { useErrorMessage } from './use-error-message';

export { Loading } from './loading';

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
