import { type ReactNode, useEffect, useRef } from 'react';
import './action-bar.css';

/** Where an editor's work stands: changes not saved yet, a saved draft the site does not show, what the site shows. */
export type EditState = 'unsaved' | 'draft' | 'live';

/**
 * An editor's actions and where its work stands, in words (a page's Save
 * draft, Preview and Publish; a product's Save): sticky at the foot of the
 * screen while its form is on it, at every width, above the player when one
 * plays and the phone's home indicator. The page keeps room for it under a
 * focused field (scroll-padding, action-bar.css), so it never hides the focus.
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
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--action-bar-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--action-bar-height');
    };
  }, []);
  return (
    <section ref={ref} className={`admin-action-bar admin-action-bar--${state}`} aria-label={label}>
      <div className="admin-action-bar__words">
        <p className="admin-action-bar__state" role="status">
          {words}
        </p>
        {note}
      </div>
      <div className="admin-action-bar__buttons">{children}</div>
    </section>
  );
}
