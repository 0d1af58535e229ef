import { type KeyboardEvent, useEffect } from 'react';
import type { Player } from '../../components/player/player';
import { JUMP_SECONDS } from '../../components/player/player-engine';

/** Fields where letters and arrows are text editing, never player shortcuts. */
function isTextField(el: Element) {
  if (el instanceof HTMLElement && el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'reset', 'submit'].includes(el.type);
}

/** Controls that already give Space (and arrows, for inputs) a meaning of their own. */
const ownsSpace = 'button, a[href], input, select, textarea, summary, [role="button"], [role="slider"]';

/** What a key does to the player, wherever focus is not in a field of its own; null when nothing. */
export function shortcutOf(key: string, target: { owns(selector: string): boolean }): 'playPause' | 'back' | 'forward' | null {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (k === 'k' || (k === ' ' && !target.owns(ownsSpace))) return 'playPause';
  if (k === 'j' || (k === 'ArrowLeft' && !target.owns('input, select'))) return 'back';
  if (k === 'l' || (k === 'ArrowRight' && !target.owns('input, select'))) return 'forward';
  return null;
}

/**
 * Player shortcuts while a track is loaded and focus is not in a text field
 * or a dialog other than Now Playing: Space/K play-pause, J/Left back 15 s,
 * L/Right forward 15 s.
 */
export function usePlayerShortcuts(player: Player) {
  const loaded = player.current !== null;
  const { playPause, skip } = player;
  useEffect(() => {
    if (!loaded) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target && (isTextField(target) || target.closest('dialog:not(.now-playing)'))) return;
      const action = shortcutOf(e.key, { owns: (selector) => target?.closest(selector) != null });
      if (!action) return;
      e.preventDefault();
      if (action === 'playPause') playPause();
      else skip(action === 'back' ? -JUMP_SECONDS : JUMP_SECONDS);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [loaded, playPause, skip]);
}

/** The seek bar's arrows move 15 s (spec §9's jump), not its one-second step; Home, End and Page keys stay the slider's. */
export function seekKeyDelta(key: string): number | null {
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -JUMP_SECONDS;
  if (key === 'ArrowRight' || key === 'ArrowUp') return JUMP_SECONDS;
  return null;
}

export function onSeekKey(player: Player) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    const delta = seekKeyDelta(e.key);
    if (delta === null || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    player.skip(delta);
  };
}

/**
 * Whether a drag was a swipe down that closes Now Playing: mostly downward,
 * far enough (a fifth of the screen, at least 80 px) or quick (a flick of
 * 40 px within a quarter second).
 */
export function isSwipeDown(dx: number, dy: number, ms: number, screenHeight: number): boolean {
  if (dy <= 0 || dy < 2 * Math.abs(dx)) return false;
  return dy >= Math.max(80, screenHeight / 5) || (dy >= 40 && ms <= 250);
}
