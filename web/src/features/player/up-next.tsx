import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Player, QueueTrack, RepeatMode, StopAfter } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import './up-next.css';

const REPEATS: RepeatMode[] = ['off', 'all', 'one'];
const STOPS: (StopAfter | 'never')[] = ['never', 'track', 'album'];

/**
 * Up next (issue 41 item 3): the tracks after the current one, the rest of
 * the album then what the family added. Each can be played now, moved up or
 * down (buttons, for the keyboard and screen readers), dragged by its handle
 * (mouse, pen or finger: pointer events), or removed; the list can be
 * cleared. Repeat and "stop after" are radio groups. What changed is said in
 * a polite live region, and the focus stays on the track moved.
 */
export function UpNext({ player }: { player: Player }) {
  const { t } = useI18n();
  const headingId = useId();
  const { upNext } = player;
  const [said, setSaid] = useState('');
  /** The track (id) and control whose focus follows a move or a removal. */
  const [focus, setFocus] = useState<{ id: string; control: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const drag = useDrag(listRef, (from, to) => move(from, to, null));

  useEffect(() => {
    if (!focus) return;
    const el = listRef.current?.querySelector<HTMLElement>(
      `[data-track="${CSS.escape(focus.id)}"] [data-control="${focus.control}"]`,
    );
    (el && !(el as HTMLButtonElement).disabled ? el : listRef.current?.querySelector<HTMLElement>('[data-control]'))?.focus();
    setFocus(null);
  }, [focus]);

  const move = (from: number, to: number, control: string | null) => {
    const track = upNext[from];
    if (!track || to < 0 || to >= upNext.length || from === to) return;
    player.moveUpNext(from, to);
    setSaid(t('player.queue.moved', { title: track.title, position: to + 1, count: upNext.length }));
    if (control) setFocus({ id: track.id, control });
  };

  const remove = (at: number) => {
    const track = upNext[at];
    if (!track) return;
    player.removeUpNext(at);
    setSaid(t('player.queue.removed', { title: track.title }));
    const stay = upNext[at + 1] ?? upNext[at - 1];
    if (stay) setFocus({ id: stay.id, control: 'remove' });
  };

  return (
    <section className="up-next" aria-labelledby={headingId}>
      <h2 id={headingId} className="up-next__heading">
        {t('player.queue.upNext')}
      </h2>
      <div className="up-next__modes">
        <Choices
          legend={t('player.queue.repeat')}
          choices={REPEATS.map((mode) => ({ value: mode, label: t(`player.queue.repeat_${mode}`) }))}
          value={player.repeat}
          onChange={player.setRepeat}
        />
        <Choices
          legend={t('player.queue.stopAfter')}
          choices={STOPS.map((stop) => ({ value: stop, label: t(`player.queue.stop_${stop}`) }))}
          value={player.stopAfter ?? 'never'}
          onChange={(stop) => player.setStopAfter(stop === 'never' ? null : stop)}
        />
      </div>
      {upNext.length === 0 ? (
        <p className="up-next__empty">{t('player.queue.empty')}</p>
      ) : (
        <>
          <ol ref={listRef} className="up-next__list">
            {upNext.map((track, i) => (
              <UpNextItem
                key={track.id}
                track={track}
                at={i}
                count={upNext.length}
                dragging={drag.from === i}
                dropBefore={drag.over === i && drag.from !== null && drag.from > i}
                dropAfter={drag.over === i && drag.from !== null && drag.from < i}
                onPlay={() => player.playUpNext(i)}
                onMove={(to, control) => move(i, to, control)}
                onRemove={() => remove(i)}
                onDragStart={(e) => drag.start(e, i)}
              />
            ))}
          </ol>
          <p>
            <button
              type="button"
              className="button button--secondary up-next__clear"
              onClick={() => {
                player.clearUpNext();
                setSaid(t('player.queue.cleared'));
              }}
            >
              {t('player.queue.clear')}
            </button>
          </p>
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </section>
  );
}

/** A radio group: the keyboard's arrows and screen readers know it as one choice. */
function Choices<V extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="up-next__group">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="up-next__choice">
          <input type="radio" name={name} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

function UpNextItem({
  track,
  at,
  count,
  dragging,
  dropBefore,
  dropAfter,
  onPlay,
  onMove,
  onRemove,
  onDragStart,
}: {
  track: QueueTrack;
  at: number;
  count: number;
  dragging: boolean;
  dropBefore: boolean;
  dropAfter: boolean;
  onPlay: () => void;
  onMove: (to: number, control: string) => void;
  onRemove: () => void;
  onDragStart: (e: ReactPointerEvent<HTMLElement>) => void;
}) {
  const { t } = useI18n();
  const { title } = track;
  const className = [
    'up-next__item',
    dragging ? 'up-next__item--dragging' : '',
    dropBefore ? 'up-next__item--drop-before' : '',
    dropAfter ? 'up-next__item--drop-after' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} data-track={track.id}>
      <span className="up-next__handle" title={t('player.queue.drag', { title })} aria-hidden="true" onPointerDown={onDragStart}>
        ⠿
      </span>
      <button type="button" className="up-next__play" data-control="play" onClick={onPlay}>
        <span className="visually-hidden">{t('player.queue.playNow')}: </span>
        <span className="up-next__title">
          {track.preview ? <span className="up-next__preview">{t('player.preview')} </span> : null}
          {title}
        </span>
        {track.album ? (
          <span className="up-next__album">
            <span className="visually-hidden">, </span>
            {track.album}
          </span>
        ) : null}
      </button>
      <span className="up-next__actions">
        <button
          type="button"
          className="up-next__button"
          data-control="up"
          aria-label={t('player.queue.moveUp', { title })}
          disabled={at === 0}
          onClick={() => onMove(at - 1, 'up')}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="up-next__button"
          data-control="down"
          aria-label={t('player.queue.moveDown', { title })}
          disabled={at === count - 1}
          onClick={() => onMove(at + 1, 'down')}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button
          type="button"
          className="up-next__button"
          data-control="remove"
          aria-label={t('player.queue.remove', { title })}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      </span>
    </li>
  );
}

/**
 * Dragging a track by its handle with pointer events (mouse, pen and touch
 * alike; the HTML drag-and-drop API does not reach phones' fingers): the
 * track lands where the pointer is let go, over another track.
 */
function useDrag(listRef: RefObject<HTMLOListElement | null>, onDrop: (from: number, to: number) => void) {
  const [state, setState] = useState<{ from: number | null; over: number | null }>({ from: null, over: null });
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;

  const start = (e: ReactPointerEvent<HTMLElement>, from: number) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const overAt = (y: number) => {
      const items = [...(listRef.current?.children ?? [])];
      const i = items.findIndex((item) => {
        const box = item.getBoundingClientRect();
        return y >= box.top && y < box.bottom;
      });
      if (i >= 0) return i;
      const first = items[0]?.getBoundingClientRect();
      return first && y < first.top ? 0 : items.length - 1;
    };
    setState({ from, over: from });
    const onMove = (ev: PointerEvent) => setState({ from, over: overAt(ev.clientY) });
    const onUp = (ev: PointerEvent) => {
      stop();
      setState({ from: null, over: null });
      dropRef.current(from, overAt(ev.clientY));
    };
    const onCancel = () => {
      stop();
      setState({ from: null, over: null });
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
  };

  return { ...state, start };
}
