import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Player } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';

// Up next loads when first opened, not with the bar.
const UpNext = lazy(() => import('./up-next').then((m) => ({ default: m.UpNext })));

/**
 * The player bar's "Up next" button, with how many tracks follow, and the
 * modal dialog it opens (the native <dialog>: focus moves in and stays,
 * Escape closes, focus comes back to the button).
 */
export function UpNextButton({ player }: { player: Player }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const count = player.upNext.length;

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="player-bar__button"
        aria-haspopup="dialog"
        aria-label={t('player.queue.open', { count })}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">☰ {count}</span>
      </button>
      {open ? (
        <dialog ref={ref} className="up-next-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
          <button type="button" className="button button--secondary up-next-dialog__close" onClick={() => ref.current?.close()}>
            {t('player.queue.close')}
          </button>
          <span id={titleId} className="visually-hidden">
            {t('player.queue.upNext')}
          </span>
          <Suspense fallback={<p>{t('player.queue.loading')}</p>}>
            <UpNext player={player} />
          </Suspense>
        </dialog>
      ) : null}
    </>
  );
}
