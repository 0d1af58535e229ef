import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import './player-bar.css';
import { type Player, usePlayer } from '../../components/player/player';
import { answerAsk, onReadAlongAsked, readAlongAsked, unansweredAsk } from '../../components/read-along/read-along-request';
import { afterNextPaint } from '../../lib/after-paint';
import { useI18n } from '../../lib/i18n';
import { setPlayerRoom } from '../../ui/player-room';
import { showToast } from '../../ui/toast-store';
import { useBedtime } from './bedtime';
import { MiniPlayer } from './mini-player';
import { usePlayerShortcuts } from './player-keys';
import { JumpButton, PlayerError, PlayPauseButton, TrackTitle } from './player-parts';
import { PlayerSettings } from './player-settings';
import { SeekBar } from './seek-bar';
import { UpNextButton } from './up-next-button';

type NowPlayingModule = typeof import('./now-playing');

/** Below 768 px the player is the one-row mini player that opens Now Playing. */
const PHONE = '(max-width: 767.98px)';
const watchPhone = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
const isPhone = () => window.matchMedia(PHONE).matches;
const notPhone = () => false;

/**
 * The page keeps room for the player at its foot: the browser scrolls a
 * focused control above it, never under it (WCAG 2.4.11), as tall as the
 * player is at the moment (its height changes with the width and an alert).
 */
function useRoomForPlayer(ref: React.RefObject<HTMLElement | null>, shown: 'mini' | 'bar' | null) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` names the element the ref holds
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancel = () => {};
    // In a task of its own after the frame that shows the player, whose work is already the most of a phone's frame.
    const observer = new ResizeObserver(() => {
      cancel();
      cancel = afterNextPaint(() => setPlayerRoom(el.offsetHeight));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancel();
      setPlayerRoom(null);
    };
  }, [ref, shown]);
}

const noAsk = () => 0;

/**
 * "Read along" pressed on a track (issue 43): on a phone its text is in Now
 * Playing, which opens; wider, the page shows it beside the track list. An
 * ask made before the player bar loaded (the button's first play loads it)
 * is answered once it has a track.
 */
function useReadAlongOnPhone(phone: boolean, hasTrack: boolean, openNowPlaying: () => void) {
  const asked = useSyncExternalStore(onReadAlongAsked, readAlongAsked, noAsk);
  const open = useRef(openNowPlaying);
  open.current = openNowPlaying;
  useEffect(() => {
    if (!hasTrack || !unansweredAsk(asked)) return;
    answerAsk(asked);
    if (phone) open.current();
  }, [asked, hasTrack, phone]);
}

/**
 * Spec §2 Shell: the audio player, shown once a track is loaded. On a phone
 * the mini player (mini-player.tsx), which opens Now Playing; wider, the bar.
 * Now Playing loads the first time it opens.
 */
export function PlayerBar() {
  const { t } = useI18n();
  const player = usePlayer();
  usePlayerShortcuts(player);
  useBedtime(player);
  const phone = useSyncExternalStore(watchPhone, isPhone, notPhone);
  const [nowPlaying, setNowPlaying] = useState<NowPlayingModule | null>(null);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useRoomForPlayer(ref, player.current ? (phone ? 'mini' : 'bar') : null);
  const openNowPlaying = () => {
    import('./now-playing').then(
      (m) => {
        setNowPlaying(m);
        setOpen(true);
      },
      // Offline without the service worker's copy: the player stays as it is, and says why nothing opened.
      () => showToast({ message: t('player.openNeedsNetwork') }),
    );
  };
  useReadAlongOnPhone(phone, player.current !== null, openNowPlaying);

  if (!player.current) return null;
  return (
    <>
      {phone ? (
        <MiniPlayer ref={ref} player={player} onOpen={openNowPlaying} />
      ) : (
        <Bar ref={ref} player={player} onOpen={openNowPlaying} />
      )}
      {nowPlaying && <nowPlaying.NowPlaying player={player} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The bar wider than a phone: title (marked Preview when only the preview
 * plays; it opens Now Playing, with Up next), seekable progress, elapsed and remaining time, play/pause, ±15 s,
 * the audio-error alerts of spec §4, playback speed and the sleep timer.
 */
function Bar({ player, onOpen, ref }: { player: Player; onOpen: () => void; ref: React.Ref<HTMLElement> }) {
  const { t } = useI18n();
  const hintId = useId();
  if (!player.current) return null;
  return (
    <section ref={ref} className="player-bar" aria-label={t('player.label')} aria-describedby={hintId}>
      <p id={hintId} className="visually-hidden">
        {t('player.shortcuts')}
      </p>
      <div className="player-bar__controls">
        <JumpButton player={player} direction="back" className="player-bar__button" />
        <PlayPauseButton player={player} className="player-bar__button player-bar__button--main" />
        <JumpButton player={player} direction="forward" className="player-bar__button" />
      </div>
      <div className="player-bar__track">
        <p className="player-bar__title">
          <button type="button" className="player-bar__open" aria-haspopup="dialog" onClick={onOpen}>
            <span className="visually-hidden">{t('player.openNowPlaying')}: </span>
            <TrackTitle track={player.current} />
          </button>
        </p>
        <SeekBar player={player} block="player-bar" />
      </div>
      <PlayerSettings player={player}>
        <UpNextButton player={player} />
      </PlayerSettings>
      <PlayerError player={player} />
    </section>
  );
}
