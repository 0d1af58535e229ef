import { type PointerEvent, useEffect, useRef, useState } from 'react';
import './now-playing.css';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { useModal } from '../../components/dialog/use-modal';
import type { Player } from '../../components/player/player';
import { ReadAlong, withText } from '../../components/read-along/read-along';
import { afterNextPaint } from '../../lib/after-paint';
import { useI18n } from '../../lib/i18n';
import { isSwipeDown } from './player-keys';
import { JumpButton, PlayerError, PlayPauseButton, TrackTitle } from './player-parts';
import { PlayerSettings } from './player-settings';
import { SeekBar } from './seek-bar';
import { UpNext } from './up-next';

/** Where a drag that may close Now Playing started. */
interface Drag {
  id: number;
  x: number;
  y: number;
  at: number;
}

/**
 * Swipe down closes Now Playing, from its top (the close bar and the cover,
 * where the page does not scroll): the sheet follows the finger, and goes
 * back when the drag was not a swipe.
 */
function useSwipeToClose(close: () => void) {
  const drag = useRef<Drag | null>(null);
  const follow = (el: HTMLElement, dy: number) => {
    el.style.translate = dy > 0 ? `0 ${dy}px` : '';
  };
  return {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0 || (e.target as Element).closest('button, input, select, a')) return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, at: e.timeStamp };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      const sheet = e.currentTarget.closest('dialog');
      if (d?.id === e.pointerId && sheet) follow(sheet, e.clientY - d.y);
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      drag.current = null;
      const sheet = e.currentTarget.closest('dialog');
      if (sheet) follow(sheet, 0);
      if (d?.id === e.pointerId && isSwipeDown(e.clientX - d.x, e.clientY - d.y, e.timeStamp - d.at, window.innerHeight)) close();
    },
    onPointerCancel: (e: PointerEvent<HTMLElement>) => {
      drag.current = null;
      const sheet = e.currentTarget.closest('dialog');
      if (sheet) follow(sheet, 0);
    },
  };
}

/** The previous or next track of the queue; drawn as a bar and a triangle (the fonts of some phones have no ⏮ ⏭). */
function TrackButton({ player, direction }: { player: Player; direction: 'previous' | 'next' }) {
  const { t } = useI18n();
  const previous = direction === 'previous';
  return (
    <button
      type="button"
      className="now-playing__button"
      aria-label={t(previous ? 'player.previous' : 'player.next')}
      disabled={previous ? !player.hasPrevious : !player.hasNext}
      onClick={previous ? player.previous : player.next}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={previous ? 'M5 5h2.5v14H5zM19 5v14L8.5 12z' : 'M16.5 5H19v14h-2.5zM5 5v14l10.5-7z'} />
      </svg>
    </button>
  );
}

/**
 * Now Playing's parts, in the order they appear: its top bar and cover (where
 * focus goes), the track's title and controls, the text, the speed and sleep
 * settings, then Up next.
 */
const PARTS = 5;

/**
 * How many of Now Playing's parts show yet, from the frame it opens in until
 * it closes: one part more each frame. Opening the dialog as a modal restyles
 * the whole page behind it (it becomes inert) in the task that opens it, and a
 * part's first render looks up the fonts of its sizes and weights: each part
 * in a task of its own keeps every task short (issue 43's bench, on a phone).
 */
function usePartsAfterOpening(open: boolean): number {
  const [parts, setParts] = useState(1);
  useEffect(() => {
    if (!open) {
      setParts(1);
      return;
    }
    if (parts === PARTS) return;
    return afterNextPaint(() => setParts(parts + 1));
  }, [open, parts]);
  return open ? parts : 1;
}

/**
 * Now Playing (issue 41 item 2): the player full screen, opened from the
 * mini player on a phone. A modal dialog (native <dialog>): focus moves in
 * and stays, Escape, the Close button and a swipe down close it, and focus
 * returns to the mini player. Large cover, title and album, a seek bar the
 * width of the screen, ±15 s, previous and next, speed and sleep timer, Up next.
 * The root class stays `now-playing`: bedtime styles it under <html data-bedtime>.
 */
export function NowPlaying({ player, open, onClose }: { player: Player; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const close = () => ref.current?.close();
  const swipe = useSwipeToClose(close);

  useModal(ref, open);
  const parts = usePartsAfterOpening(open);

  const { current } = player;
  const text = withText(current);
  // The track was cleared (never today; a future "clear"): nothing to show.
  useEffect(() => {
    if (!current) ref.current?.close();
  }, [current]);

  return (
    <dialog ref={ref} className="now-playing" aria-label={t('player.nowPlaying')} onClose={onClose}>
      <div className="now-playing__grab" {...swipe}>
        <div className="now-playing__top">
          <button type="button" className="now-playing__close" onClick={close}>
            <span aria-hidden="true">⌄ </span>
            {t('player.closeNowPlaying')}
          </button>
        </div>
        <ResponsiveImage
          src={current?.artwork ?? null}
          alt=""
          use="cover"
          sizes="min(80vw, 22rem)"
          className="now-playing__cover"
        />
      </div>
      {current && parts >= 2 && (
        <>
          <h2 className="now-playing__title">
            <TrackTitle track={current} />
          </h2>
          {current.album ? <p className="now-playing__album">{current.album}</p> : null}
          <SeekBar player={player} block="now-playing" />
          <div className="now-playing__controls">
            <TrackButton player={player} direction="previous" />
            <JumpButton player={player} direction="back" className="now-playing__button" />
            <PlayPauseButton player={player} className="now-playing__button now-playing__button--main" />
            <JumpButton player={player} direction="forward" className="now-playing__button" />
            <TrackButton player={player} direction="next" />
          </div>
          <PlayerError player={player} />
          {parts >= 3 && text && <ReadAlong key={text.id} player={player} track={text} />}
          {parts >= 4 && <PlayerSettings player={player} />}
          {parts === PARTS && <UpNext player={player} />}
        </>
      )}
    </dialog>
  );
}
