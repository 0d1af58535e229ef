import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { standAbovePlayer } from '../../../ui/player-room';
import './action-bar.css';

/** Where an editor's work stands: changes not saved yet, a saved draft the site does not show, what the site shows. */
export type EditState = 'unsaved' | 'draft' | 'live';

/**
 * Where an admin page (AdminLayout) puts an editor's bar: the last thing in
 * the page's box, which holds no box of its own (action-bar.css), so the bar
 * sticks to the foot of the screen from the top of the page to its end, not
 * only while its form (which starts lower down) is on screen.
 */
const Host = createContext<HTMLElement | null>(null);

export function ActionBarHost({ value, children }: { value: HTMLElement | null; children: ReactNode }) {
  return <Host value={value}>{children}</Host>;
}

/**
 * Keeps the bar's height in --action-bar-height on the root while it is on the page (the room kept under a focused
 * field), and the bar above the player.
 */
function measure(el: HTMLElement | null) {
  if (!el) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => root.style.setProperty('--action-bar-height', `${el.offsetHeight}px`));
  observer.observe(el);
  const leave = standAbovePlayer(el);
  return () => {
    observer.disconnect();
    leave?.();
    root.style.removeProperty('--action-bar-height');
  };
}

/**
 * An editor's actions and where its work stands, in words (a page's Save
 * draft, Preview and Publish; a product's Save): sticky at the foot of the
 * screen wherever the admin is on the page, at every width, above the player
 * when one plays and the phone's home indicator. The page keeps room for it
 * under a focused field (scroll-padding, action-bar.css), so it never hides
 * the focus. Its submit button names its form (`form`): the bar sits at the
 * end of the page, outside the form.
 */
export function ActionBar({
  label,
  state,
  words,
  note,
  children,
}: {
  /** The bar's name for screen readers ("Page actions"). */
  label: string;
  state: EditState;
  /** The state in words, with its time ("Published 3 Jun 2026, 14:05"). */
  words: string;
  /** What the last action said beyond its state (a failure, what the server cleaned), under it. */
  note?: ReactNode;
  children: ReactNode;
}) {
  const host = useContext(Host);
  const bar = (
    <section ref={measure} className={`admin-action-bar admin-action-bar--${state}`} aria-label={label}>
      <div className="admin-action-bar__words">
        <p className="admin-action-bar__state" role="status">
          {words}
        </p>
        {note}
      </div>
      <div className="admin-action-bar__buttons">{children}</div>
    </section>
  );
  return host ? createPortal(bar, host) : bar;
}
