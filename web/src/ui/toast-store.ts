/** A short notice at the edge of the screen: a message and, optionally, one link. */
export interface Toast {
  message: string;
  link?: { to: string; label: string };
}

export interface ShownToast extends Toast {
  /** A new toast restarts the timer even when its text is the same as the last one's. */
  id: number;
  /** What had the focus when it was shown: closing the toast from inside gives the focus back there. */
  opener: Element | null;
}

// One toast at a time, in module state: whoever shows one (an Add to cart
// button on any screen) needs no provider, and the shell's host (toast.tsx)
// reads it.
let current: ShownToast | null = null;
let lastId = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Shows `toast` in place of the one shown, if any. Never moves the focus. */
export function showToast(toast: Toast) {
  current = { ...toast, id: ++lastId, opener: document.activeElement };
  notify();
}

/** Hides the toast `id` (the current one when not given). */
export function hideToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  notify();
}

export function subscribeToast(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const currentToast = () => current;
