import { useEffect, useState, useSyncExternalStore } from 'react';
import { standAbovePlayer } from './player-room';
import { currentToast, subscribeToast } from './toast-store';
import './toast.css';

type ViewModule = typeof import('./toast-view');

/**
 * Where toasts appear (toast-store.ts shows one), placed once by the shell:
 * fixed at the foot of the screen, over the page, so a toast never pushes
 * the content. The polite live region is there from the first render,
 * empty, so screen readers hear the toast (a status: the message, its link
 * and close button) when it arrives. The link,
 * close button and timer (toast-view.tsx) load with the first toast, not
 * with the shell: the shell's first download has a budget
 * (scripts/check-bundle.mjs).
 */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToast, currentToast, () => null);
  const [view, setView] = useState<ViewModule | null>(null);
  useEffect(() => {
    if (toast && !view) import('./toast-view').then(setView, () => undefined);
  }, [toast, view]);
  const shown = view && toast;
  return (
    <div ref={standAbovePlayer} className="toast" aria-live="polite">
      {shown ? (
        <div role="status" className="toast__box">
          <p className="toast__message">{toast.message}</p>
          <view.ToastActions toast={toast} />
        </div>
      ) : null}
    </div>
  );
}
