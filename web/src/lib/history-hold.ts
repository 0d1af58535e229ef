/**
 * A hold on the browser's back and forward, taken by a page that must ask
 * first (an editor with unsaved changes: features/admin/shared/leave-guard.tsx).
 * The router moves on the window's popstate, and the order of a window's
 * listeners is the order they were added (whatever their phase, in some
 * browsers), so this one is added at start-up, before the router's
 * (main.tsx): a hold sees a move before the router does, and a move it
 * takes goes no further.
 */
type Hold = (event: PopStateEvent) => boolean;

let hold: Hold | undefined;

/** Takes the hold: `take` answers true for a move it keeps from the router. Returns its release. */
export function holdHistory(take: Hold): () => void {
  hold = take;
  return () => {
    if (hold === take) hold = undefined;
  };
}

/** Once, at start-up, before the app's router exists. */
export function watchHistory() {
  window.addEventListener(
    'popstate',
    (event) => {
      if (hold?.(event)) event.stopImmediatePropagation();
    },
    { capture: true },
  );
}
