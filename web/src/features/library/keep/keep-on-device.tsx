import type { LibraryAlbum } from '@storyhouse/contracts';
import { useEffect, useId, useRef } from 'react';
import { useSession } from '../../../components/session/api/get-session';
import { useI18n } from '../../../lib/i18n';
import { RouteLink } from '../../../ui/route-link';
import { useAlbumSize } from './album-size';
import { formatBytes } from './format-bytes';
import { cancelKeep, forget, keep, keepOnWifi, useKeepState } from './keep-state';
import { canKeep, keepableTracks } from './keep-store';

/** The signed-in account whose albums this device keeps (null: signed out). */
export const useKeepingAccount = () => useSession().data?.user_id ?? null;

/**
 * "Keep on this device" on an album the family may download (issue 32 item
 * 3): a button, with the size it will take; while saving, a progress bar
 * (tracks), a live status (tracks and bytes) and Cancel; once kept, its
 * size, the space the site uses on the device, "Remove from this device"
 * and the storage page. Under "Wi-Fi only" it may wait for Wi-Fi or ask
 * first (keep-network.ts). A failure says why, and nothing of the album
 * stays; nor after a Cancel.
 */
export function KeepOnDevice({ album }: { album: LibraryAlbum }) {
  const { t, lang } = useI18n();
  const sizeId = useId();
  const keepState = useKeepState(useKeepingAccount());
  const id = album.product_id;
  const kept = keepState.kept.get(id);
  const keepable = keepState.loaded && canKeep() && !album.is_free_story && keepableTracks(album).length > 0;
  const albumBytes = useAlbumSize(album, keepable && !kept);
  const saving = keepState.saving.get(id);
  const pending = keepState.pending.get(id);
  const mode = saving ? 'saving' : kept ? 'kept' : pending ? pending.gate : 'idle';
  const container = useRef<HTMLDivElement>(null);
  // The button pressed goes away with the state it started (Keep, Cancel, Yes): focus moves to the next state's
  // first button, not to the page's start; only when the focus was lost, never taken from elsewhere on the page.
  const pressed = useRef(false);
  const shown = useRef(mode);
  useEffect(() => {
    if (shown.current === mode) return;
    shown.current = mode;
    if (!pressed.current) return;
    if (document.activeElement !== document.body && !container.current?.contains(document.activeElement)) return;
    container.current?.querySelector('button')?.focus();
  }, [mode]);
  if (!keepable) return null;
  const title = album.productTitle;
  const failed = keepState.failed.get(id);
  const size = (bytes: number) => formatBytes(lang, bytes);
  const { estimate } = keepState;
  const cancel = (
    <button
      type="button"
      className="button button--secondary keep__button"
      aria-label={t('library.keep.cancelLabel', { title })}
      onClick={() => cancelKeep(id)}
    >
      {t('library.keep.cancel')}
    </button>
  );
  const sizeLine = albumBytes ? (
    <p className="keep__size" id={sizeId}>
      {t('library.keep.size', { size: size(albumBytes) })}
    </p>
  ) : null;
  return (
    <div
      className="keep"
      ref={container}
      onClickCapture={() => {
        pressed.current = true;
      }}
    >
      {saving ? (
        <>
          <progress
            className="keep__progress"
            value={saving.done}
            max={saving.total}
            aria-label={t('library.keep.progressLabel', { title })}
          />
          <p className="keep__status" role="status">
            {albumBytes
              ? t('library.keep.savingOf', {
                  done: saving.done,
                  total: saving.total,
                  size: size(saving.bytes),
                  albumSize: size(albumBytes),
                })
              : t('library.keep.saving', { done: saving.done, total: saving.total, size: size(saving.bytes) })}
          </p>
          {cancel}
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
          <RouteLink to="libraryStorage" className="keep__storage">
            {t('library.storage.link')}
          </RouteLink>
        </>
      ) : pending ? (
        <>
          {sizeLine}
          <p className="keep__status" role="status">
            {pending.gate === 'wait' ? t('library.keep.wifi.waiting', { title }) : t('library.keep.wifi.ask', { title })}
          </p>
          <button
            type="button"
            className="button keep__button"
            aria-label={
              pending.gate === 'wait' ? t('library.keep.wifi.nowLabel', { title }) : t('library.keep.wifi.yesLabel', { title })
            }
            onClick={() => void (pending.gate === 'wait' ? keep(album, { now: true }) : keepOnWifi(album))}
          >
            {pending.gate === 'wait' ? t('library.keep.wifi.now') : t('library.keep.wifi.yes')}
          </button>
          {cancel}
        </>
      ) : (
        <>
          {failed && (
            <p
              className={failed === 'cancelled' ? 'keep__status' : 'keep__error'}
              role={failed === 'cancelled' ? 'status' : 'alert'}
            >
              {t(`library.keep.error.${failed}`)}
            </p>
          )}
          {sizeLine}
          <button
            type="button"
            className="button button--secondary keep__button"
            aria-label={t('library.keep.buttonLabel', { title })}
            aria-describedby={albumBytes ? sizeId : undefined}
            onClick={() => void keep(album)}
          >
            {t('library.keep.button')}
          </button>
        </>
      )}
    </div>
  );
}
