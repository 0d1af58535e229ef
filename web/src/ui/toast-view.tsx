import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { hideToast, type ShownToast } from './toast-store';

/** How long a toast stays. What it says is on the page too (the button says Added), so it may go by itself. */
export const TOAST_MS = 8000;

/**
 * The toast's link and close button, and its timer, loaded with the first
 * toast (toast.tsx). The timer waits while the pointer is over the toast or
 * the focus is in it, so it never vanishes under a visitor's hand. Closing
 * it from inside (the button, Escape) gives the focus back to what had it
 * when the toast appeared; nothing else here moves the focus.
 */
export function ToastActions({ toast }: { toast: ShownToast }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const { id, opener } = toast;

  // Closing from inside: the focus goes back to what had it (it would fall to the page's body).
  const close = useCallback(() => {
    const hadFocus = ref.current?.parentElement?.contains(document.activeElement);
    hideToast(id);
    if (hadFocus && opener instanceof HTMLElement && opener.isConnected) opener.focus();
  }, [id, opener]);

  useEffect(() => {
    const box = ref.current?.parentElement;
    if (!box) return;
    let timer = 0;
    const start = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => hideToast(id), TOAST_MS);
    };
    const pause = () => window.clearTimeout(timer);
    const resume = () => {
      if (!box.matches(':hover') && !box.contains(document.activeElement)) start();
    };
    const blur = (e: FocusEvent) => {
      if (!box.contains(e.relatedTarget as Node | null)) resume();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    start();
    box.addEventListener('pointerenter', pause);
    box.addEventListener('pointerleave', resume);
    box.addEventListener('focusin', pause);
    box.addEventListener('focusout', blur);
    box.addEventListener('keydown', key);
    return () => {
      window.clearTimeout(timer);
      box.removeEventListener('pointerenter', pause);
      box.removeEventListener('pointerleave', resume);
      box.removeEventListener('focusin', pause);
      box.removeEventListener('focusout', blur);
      box.removeEventListener('keydown', key);
    };
  }, [id, close]);

  return (
    <div ref={ref} className="toast__actions">
      {toast.link ? (
        <Link to={toast.link.to} className="toast__link" onClick={() => hideToast(id)}>
          {toast.link.label}
        </Link>
      ) : null}
      <button type="button" className="toast__close" aria-label={t('shell.closeToast')} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
