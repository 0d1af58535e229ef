import type { Cue } from '@storyhouse/contracts';
import {
  memo,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { afterNextPaint } from '../../lib/after-paint';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { type Player, type QueueTrack, usePausedAt } from '../player/player';
import { useTranscript } from './api/get-transcript';
import { cueAtTime, type FollowEvent, followsAfter, isReaderScroll, scrollTopFor } from './follow';
import { DEFAULT_SETTINGS, readAlongSettings } from './read-along-settings';
import './read-along.css';

export interface ReadAlongProps {
  player: Player;
  /** The playing track (the view follows the one audio element): mount one view per track (key it by its id). */
  track: QueueTrack & { transcriptUrl: string };
  /** The heading's level where the view sits. */
  Heading?: 'h2' | 'h3';
  /** Closes the view (the page's panel); Now Playing has its own Close. */
  onClose?: () => void;
}

/** The audio's position this very moment while it plays (every frame), else the player's last known one. */
function useHighlight(player: Player, cues: readonly Cue[] | undefined): number {
  const [active, setActive] = useState(-1);
  const { now } = player;
  // Paused, a seek (a tapped sentence, the seek bar) moves the highlight too; playing, the frames below do.
  const pausedAt = usePausedAt();
  useEffect(() => {
    if (!cues) return;
    const update = () => setActive(cueAtTime(cues, now()));
    update();
    if (pausedAt !== null) return;
    // Within a frame of the voice (issue 43 asks 250 ms): currentTime itself, not the player's twice-a-second copy.
    let frame = requestAnimationFrame(function tick() {
      update();
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [cues, now, pausedAt]);
  return active;
}

/**
 * Sentences rendered together. A 30-minute track has about 400: the text
 * appears a block per frame (each block's rendering, style and layout a short
 * task of its own, never one long task: issue 43's bench). Each block is a
 * box of its own that the browser skips while it is out of view
 * (`content-visibility: auto`): the highlight moving, the scroll that follows
 * the voice and each block's arrival lay out and paint what is on screen, not
 * the whole text. A block coming into view as the voice reaches it is styled
 * and laid out in that frame: 20 sentences (41 elements) rather than 50 kept
 * that frame short. The highlight moving, or the player's twice-a-second news,
 * re-renders only the sentences that change.
 */
const BLOCK = 20;

/** How many of `total` blocks are shown: the first at once, then one more after each frame. */
function useRevealed(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    return afterNextPaint(() => setShown((n) => n + 1));
  }, [shown, total]);
  return Math.min(shown, total);
}

/** What a sentence does when pressed, focused or given a key: the view's latest, read when it happens. */
interface CueActions {
  choose: (i: number) => void;
  moveFocus: (e: ReactKeyboardEvent<HTMLButtonElement>, i: number) => void;
  focused: (i: number) => void;
}

interface CueProps {
  cue: Cue;
  /** The sentence's index in the whole text. */
  i: number;
  /** It is the one being spoken; it takes the text's one tab stop. */
  current: boolean;
  tabbable: boolean;
  cueRefs: RefObject<(HTMLButtonElement | null)[]>;
  actions: RefObject<CueActions>;
}

/** A sentence, a button: re-rendered only when it becomes or stops being the one spoken or the tab stop. */
const CueItem = memo(function CueItem({ cue, i, current, tabbable, cueRefs, actions }: CueProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an item of the text's list whose blocks are boxes of their own (CueBlock)
    <span role="listitem" className="read-along__item">
      <button
        ref={(el) => {
          cueRefs.current[i] = el;
        }}
        type="button"
        className="read-along__cue"
        aria-current={current ? 'true' : undefined}
        tabIndex={tabbable ? 0 : -1}
        data-start-ms={cue.start_ms}
        onClick={() => actions.current.choose(i)}
        onKeyDown={(e) => actions.current.moveFocus(e, i)}
        onFocus={() => actions.current.focused(i)}
      >
        {cue.text}
      </button>{' '}
    </span>
  );
});

interface CueBlockProps extends Omit<CueProps, 'cue' | 'i' | 'current' | 'tabbable'> {
  cues: readonly Cue[];
  /** The index of the block's first sentence in the whole text. */
  from: number;
  /** The highlighted sentence's index, and the one that takes the tab stop, when in this block; else -1. */
  active: number;
  tabbable: number;
}

/**
 * A block of sentences, set as a paragraph in a box of its own (a generic element: the sentences are the text's list
 * items). Re-rendered only when its highlight or tab stop changes, and then only those sentences.
 */
const CueBlock = memo(function CueBlock({ cues, from, active, tabbable, cueRefs, actions }: CueBlockProps) {
  return (
    <div className="read-along__block">
      {cues.map((cue, j) => (
        <CueItem
          key={cue.start_ms}
          cue={cue}
          i={from + j}
          current={from + j === active}
          tabbable={from + j === tabbable}
          cueRefs={cueRefs}
          actions={actions}
        />
      ))}
    </div>
  );
});

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Read along (issue 43): the playing track's words as real text, a list of
 * sentences set as a paragraph, the one being spoken highlighted and marked
 * aria-current (never focused, never announced: a screen reader reads the
 * text at its own pace). The text scrolls to keep the voice in view until the
 * reader scrolls it themselves; "Back to the voice" brings it back. A
 * sentence is a button: clicking it (or Enter) plays from there. Large type
 * and the dyslexia-friendly setting are the listener's, on this device.
 */
export default function ReadAlongView({ player, track, Heading = 'h2', onClose }: ReadAlongProps) {
  const { t } = useI18n();
  const headingId = useId();
  const { data, error, isPending, refetch } = useTranscript(track.transcriptUrl);
  const cues = data?.cues;
  const active = useHighlight(player, cues);
  const settings = useSyncExternalStore(readAlongSettings.subscribe, readAlongSettings.getSnapshot, () => DEFAULT_SETTINGS);
  const [following, setFollowing] = useState(true);
  const [rover, setRover] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const cueRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const follow = (event: FollowEvent) => setFollowing((now) => followsAfter(now, event));
  const blocks = useMemo(
    () => Array.from({ length: Math.ceil((cues?.length ?? 0) / BLOCK) }, (_, b) => cues?.slice(b * BLOCK, (b + 1) * BLOCK) ?? []),
    [cues],
  );
  const shown = useRevealed(blocks.length);
  const activeShown = active < shown * BLOCK;

  // The voice moved on (or the reader asked it back, or its sentence has just appeared): the sentence comes into view
  // if the text follows. Measured in the next frame, where the browser lays the page out anyway: never a layout
  // forced in the task that rendered it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: large type and spacing move the sentence too
  useEffect(() => {
    if (!following) return;
    const frame = requestAnimationFrame(() => {
      const el = box.current;
      const cue = cueRefs.current[active];
      if (!el || !cue?.isConnected) return;
      const top = scrollTopFor({
        cueTop: cue.offsetTop,
        cueHeight: cue.offsetHeight,
        boxHeight: el.clientHeight,
        scrollTop: el.scrollTop,
      });
      if (top !== null) el.scrollTo({ top, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [active, activeShown, following, settings]);

  // The reader's own scroll stops the following; the view's smooth scrolls fire none of these events. Passive: a
  // listener never holds a scroll back.
  const hasText = data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box appears once the text has loaded
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onEvent = (e: Event) => {
      const key = e instanceof KeyboardEvent ? e.key : undefined;
      // Space and Enter on a sentence play from it.
      if (e.target !== el && (key === ' ' || key === 'Enter')) return;
      if (isReaderScroll({ type: e.type, key, onBox: e.target === el }))
        setFollowing((now) => followsAfter(now, 'reader-scrolled'));
    };
    const types = ['wheel', 'touchmove', 'keydown', 'pointerdown'];
    for (const type of types) el.addEventListener(type, onEvent, { passive: true });
    return () => {
      for (const type of types) el.removeEventListener(type, onEvent);
    };
  }, [hasText]);

  const choose = (i: number) => {
    const cue = cues?.[i];
    if (!cue) return;
    player.seek(cue.start_ms / 1000);
    follow('sentence-chosen');
  };

  // Up and down move between sentences (one tab stop for the whole text); left and right stay the player's ±15 s.
  const moveFocus = (e: ReactKeyboardEvent<HTMLButtonElement>, i: number) => {
    if (!cues) return;
    const to =
      e.key === 'ArrowDown'
        ? i + 1
        : e.key === 'ArrowUp'
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? cues.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(cues.length - 1, to));
    setRover(next);
    cueRefs.current[next]?.focus();
  };

  // The button goes once the text follows again: focus goes to the sentence being spoken rather than falling to the page.
  const backToVoice = () => {
    follow('back-to-voice');
    const at = Math.max(active, 0);
    setRover(at);
    cueRefs.current[at]?.focus({ preventScroll: true });
  };

  const tabbable = rover ?? Math.max(active, 0);
  const actions = useRef<CueActions>({ choose, moveFocus, focused: setRover });
  actions.current = { choose, moveFocus, focused: setRover };
  const within = (i: number, from: number) => (i >= from && i < from + BLOCK ? i : -1);
  return (
    <section
      className="read-along"
      aria-labelledby={headingId}
      data-large={settings.large || undefined}
      data-easier={settings.easier || undefined}
    >
      <div className="read-along__head">
        <div>
          <Heading id={headingId} className="read-along__heading">
            {t('readAlong.heading')}
          </Heading>
          {/* Now Playing names the track above; beside a track list the text says whose it is. */}
          {onClose && <p className="read-along__track">{track.title}</p>}
        </div>
        {onClose && (
          <button type="button" className="button button--quiet button--small" onClick={onClose}>
            {t('readAlong.close')}
          </button>
        )}
      </div>
      <fieldset className="read-along__settings">
        <legend className="visually-hidden">{t('readAlong.settings')}</legend>
        <label>
          <input type="checkbox" checked={settings.large} onChange={(e) => readAlongSettings.set({ large: e.target.checked })} />
          {t('readAlong.large')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={settings.easier}
            onChange={(e) => readAlongSettings.set({ easier: e.target.checked })}
          />
          {t('readAlong.easier')}
        </label>
      </fieldset>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {data.scope === 'preview' && <p className="read-along__note">{t('readAlong.previewText')}</p>}
          <div ref={box} className="read-along__text">
            {/* biome-ignore lint/a11y/useSemanticElements: a list of sentences in blocks (CueBlock), which an <ol> cannot hold */}
            <div role="list" className="read-along__cues" lang={data.lang_code}>
              {blocks.slice(0, shown).map((block, b) => (
                <CueBlock
                  key={block[0]?.start_ms}
                  cues={block}
                  from={b * BLOCK}
                  active={within(active, b * BLOCK)}
                  tabbable={within(tabbable, b * BLOCK)}
                  cueRefs={cueRefs}
                  actions={actions}
                />
              ))}
            </div>
          </div>
          {!following && (
            <button type="button" className="button button--secondary read-along__back" onClick={backToVoice}>
              {t('readAlong.backToVoice')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
