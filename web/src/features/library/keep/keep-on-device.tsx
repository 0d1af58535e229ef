import type { LibraryAlbum } from '@storyhouse/contracts';
import { useSession } from '../../../components/session/api/get-session';
import { useI18n } from '../../../lib/i18n';
import { formatBytes } from './format-bytes';
import { forget, keep, useKeepState } from './keep-state';
import { canKeep, keepableTracks } from './keep-store';

/** The signed-in account whose albums this device keeps (null: signed out). */
export const useKeepingAccount = () => useSession().data?.user_id ?? null;

/**
 * "Keep on this device" on an album the family may download (issue 32 item
 * 3): a button; while saving, a progress bar (tracks) and a live status
 * (tracks and bytes); once kept, its size, the space the site uses on the
 * device, and "Remove from this device". A failure says why, and nothing of
 * the album stays.
 */
export function KeepOnDevice({ album }: { album: LibraryAlbum }) {
  const { t, lang } = useI18n();
  const keepState = useKeepState(useKeepingAccount());
  if (!keepState.loaded || !canKeep() || album.is_free_story || keepableTracks(album).length === 0) return null;
  const id = album.product_id;
  const title = album.productTitle;
  const kept = keepState.kept.get(id);
  const saving = keepState.saving.get(id);
  const failed = keepState.failed.get(id);
  const size = (bytes: number) => formatBytes(lang, bytes);
  const { estimate } = keepState;
  return (
    <div className="keep">
      {saving ? (
        <>
          <progress
            className="keep__progress"
            value={saving.done}
            max={saving.total}
            aria-label={t('library.keep.progressLabel', { title })}
          />
          <p className="keep__status" role="status">
            {t('library.keep.saving', { done: saving.done, total: saving.total, size: size(saving.bytes) })}
          </p>
        </>
      ) : kept ? (
        <>
          <p className="keep__status" role="status">
            {t('library.keep.ready', { size: size(kept.bytes) })}
          </p>
          {estimate && (
            <p className="keep__space">{t('library.keep.space', { used: size(estimate.usage), quota: size(estimate.quota) })}</p>
          )}
          <button
            type="button"
            className="button button--secondary keep__button"
            aria-label={t('library.keep.removeLabel', { title })}
            onClick={() => void forget(id)}
          >
            {t('library.keep.remove')}
          </button>
        </>
      ) : (
        <>
          {failed && (
            <p className="keep__error" role="alert">
              {t(`library.keep.error.${failed}`)}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary keep__button"
            aria-label={t('library.keep.buttonLabel', { title })}
            onClick={() => void keep(album)}
          >
            {t('library.keep.button')}
          </button>
        </>
      )}
    </div>
  );
}
