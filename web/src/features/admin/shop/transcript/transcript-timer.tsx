import type { Cue, LangCode } from '@storyhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../../lib/i18n';
import { AdminPart } from '../../shared/admin-part';
import type { TrackAudio } from './transcript-audio';
import { finish, press, startTiming, type Timing } from './transcript-timing';

/** Keys typed into a field are the field's, never a press (a volunteer fixing a word while the track plays). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * "Time it": plays the track from its start, and each press of Space (or of
 * the big button) starts the next sentence where the voice is. The track's
 * end, or Stop, ends the last sentence pressed. The times show in the list
 * below as they are pressed.
 */
export function TranscriptTimer({
  cues,
  lang,
  lengthMs,
  audio,
  onCues,
  onTiming,
}: {
  cues: Cue[];
  lang: LangCode;
  lengthMs: number | null;
  audio: TrackAudio;
  onCues: (cues: Cue[]) => void;
  /** The sentence being timed (-1: none), for the list to mark it. */
  onTiming: (index: number) => void;
}) {
  const { t } = useI18n();
  const [timing, setTiming] = useState<Timing>();
  // The run as the key and audio listeners see it (they outlive a render).
  const run = useRef<Timing>(undefined);
  const pressButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  const update = (next: Timing | undefined) => {
    run.current = next;
    setTiming(next);
    onTiming(next ? next.next - 1 : -1);
    if (next) onCues(next.cues);
  };
  const pressNow = () => {
    if (run.current) update(press(run.current, audio.now()));
  };
  const end = (ms: number) => {
    const current = run.current;
    if (!current) return;
    audio.pause();
    // The catalogue's length is whole seconds: a recording a little longer must not end a sentence past it.
    onCues(finish(current, lengthMs === null ? ms : Math.min(ms, lengthMs)));
    update(undefined);
    requestAnimationFrame(() => startButton.current?.focus());
  };

  // Space anywhere on the page is a press while a run lasts (the button need not have the focus). Its default is
  // prevented, so a focused button does not take it as a click too, and the page does not scroll.
  useEffect(() => {
    if (!timing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || isTyping(event.target)) return;
      event.preventDefault();
      if (!event.repeat) pressNow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // The recording's end ends the run: the last sentence ends with the track.
  useEffect(() => {
    const element = audio.ref.current;
    if (!timing || !element) return;
    // The track's length as the catalogue knows it, else as the browser measured it, else where the audio stopped.
    const onEnded = () => end(lengthMs ?? (Number.isFinite(element.duration) ? element.duration * 1000 : audio.now()));
    element.addEventListener('ended', onEnded);
    return () => element.removeEventListener('ended', onEnded);
  });

  const start = () => {
    update(startTiming(cues));
    audio.playFrom(0);
    requestAnimationFrame(() => pressButton.current?.focus());
  };

  const current = timing ? timing.cues[timing.next - 1] : undefined;
  const coming = timing ? timing.cues[timing.next] : undefined;
  return (
    <AdminPart title={t('admin.transcript.timeIt')}>
      <p>{t('admin.transcript.timeItHelp')}</p>
      {timing ? (
        <div className="admin-transcript__timing">
          <button ref={pressButton} type="button" className="button button--large admin-transcript__press" onClick={pressNow}>
            {coming ? t('admin.transcript.pressNext') : t('admin.transcript.pressDone')}
          </button>
          <dl className="admin-transcript__now">
            <div>
              <dt>{t('admin.transcript.speakingNow')}</dt>
              <dd lang={lang}>{current?.text ?? t('admin.transcript.notStarted')}</dd>
            </div>
            <div>
              <dt>{t('admin.transcript.comingNext')}</dt>
              <dd lang={lang}>{coming?.text ?? t('admin.transcript.noMore')}</dd>
            </div>
          </dl>
          <p className="visually-hidden" role="status">
            {current ? t('admin.transcript.pressed', { n: timing.next, count: timing.cues.length }) : ''}
          </p>
          <button type="button" className="button button--secondary" onClick={() => end(audio.now())}>
            {t('admin.transcript.stop')}
          </button>
        </div>
      ) : (
        <button
          ref={startButton}
          type="button"
          className="button"
          aria-disabled={cues.length === 0 || undefined}
          onClick={() => cues.length > 0 && start()}
        >
          {t('admin.transcript.startTiming')}
        </button>
      )}
      {!timing && cues.length === 0 ? <p className="field__hint">{t('admin.transcript.timeItFirst')}</p> : null}
    </AdminPart>
  );
}
