/**
 * The room the player takes at the foot of the screen (player-bar.tsx
 * measures it), in `--player-height`: on the root, whose scroll padding keeps
 * a focused control above the player, and on each element that stands above
 * it (the toast, the offline banner, an editor's action bar).
 *
 * Only there: the property is registered as not inherited (player-room.css).
 * A custom property set on the root is otherwise inherited by every element
 * of the page, and changing it restyled them all in one task, a long one on a
 * phone as the player first showed (issue 43's bench: 139 elements). A
 * browser without `@property` inherits it, which changes nothing it shows.
 */
import './player-room.css';

const PROPERTY = '--player-height';
const above = new Set<HTMLElement>();
let room = '';

function write(el: HTMLElement) {
  if (room) el.style.setProperty(PROPERTY, room);
  else el.style.removeProperty(PROPERTY);
}

/** The player's height in CSS pixels, or null once it is gone. */
export function setPlayerRoom(px: number | null) {
  room = px === null ? '' : `${px}px`;
  write(document.documentElement);
  for (const el of above) write(el);
}

/** A ref for an element fixed or sticky at the foot of the screen: it is given the player's height while it is there. */
export function standAbovePlayer(el: HTMLElement | null) {
  if (!el) return;
  above.add(el);
  write(el);
  return () => {
    above.delete(el);
    el.style.removeProperty(PROPERTY);
  };
}
