import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** The one recording of the transcript page, as its parts use it. */
export interface TrackAudio {
  ref: RefObject<HTMLAudioElement | null>;
  /** Where the recording is now, in whole milliseconds. */
  now: () => number;
  /** Plays from `ms`; stops by itself at `untilMs` (hearing one sentence), or plays on. */
  playFrom: (ms: number, untilMs?: number) => void;
  pause: () => void;
}

/**
 * The page's recording. Hearing one sentence stops at its end, checked on
 * each frame (the audio's own timeupdate comes only every quarter second,
 * and the next sentence's first word would be heard).
 */
export function useTrackAudio(): TrackAudio {
  const ref = useRef<HTMLAudioElement>(null);
  const frame = useRef(0);
  const stopWatching = useCallback(() => cancelAnimationFrame(frame.current), []);
  useEffect(() => stopWatching, [stopWatching]);

  const now = useCallback(() => Math.round((ref.current?.currentTime ?? 0) * 1000), []);
  const pause = useCallback(() => {
    stopWatching();
    ref.current?.pause();
  }, [stopWatching]);
  const playFrom = useCallback(
    (ms: number, untilMs?: number) => {
      const audio = ref.current;
      if (!audio) return;
      stopWatching();
      audio.currentTime = ms / 1000;
      void audio.play().catch(() => undefined);
      if (untilMs === undefined) return;
      const watch = () => {
        if (audio.paused) return;
        if (audio.currentTime * 1000 >= untilMs) audio.pause();
        else frame.current = requestAnimationFrame(watch);
      };
      frame.current = requestAnimationFrame(watch);
    },
    [stopWatching],
  );
  return { ref, now, playFrom, pause };
}

/** Where the recording is, in ms, kept up to date on each frame while it plays (the preview's highlight). */
export function useAudioMs(audio: TrackAudio): number {
  const [ms, setMs] = useState(0);
  useEffect(() => {
    const element = audio.ref.current;
    if (!element) return;
    let frame = 0;
    const tick = () => {
      setMs(Math.round(element.currentTime * 1000));
      if (!element.paused) frame = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const events = ['play', 'pause', 'seeked', 'ended'] as const;
    for (const name of events) element.addEventListener(name, start);
    return () => {
      cancelAnimationFrame(frame);
      for (const name of events) element.removeEventListener(name, start);
    };
  }, [audio.ref]);
  return ms;
}
