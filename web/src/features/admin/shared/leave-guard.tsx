import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { type Navigator, UNSAFE_NavigationContext, useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';

/**
 * Asks before an editor with unsaved changes is left, and leaves only when the
 * admin says so: a link or button of the app (the navigator's push and
 * replace), the browser's back and forward (undone, then done again once
 * confirmed), and closing or reloading the tab (the browser's own question,
 * beforeunload). `pass` lets the next move through unasked (a save that opens
 * what it saved), `hold` takes that back (the save failed).
 *
 * Not react-router's useBlocker: that needs a data router, whose code (some
 * 16 KB gzip) would ride in every visitor's first download, past its budget
 * (scripts/check-bundle.mjs). The app's BrowserRouter moves through the
 * navigator this guard holds while changes are unsaved; its history keeps
 * each entry's index (`idx`), so a move back or forward is undone exactly.
 */
export function useLeaveGuard(dirty: boolean): { dialog: ReactNode; pass: () => void; hold: () => void } {
  const { t } = useI18n();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  // Armed again at each address: where "here" is in the history.
  const { key } = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const passing = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key: armed again, with its place, after each move.
  useEffect(() => {
    passing.current = false;
    if (!dirty) return;
    const { push, replace } = navigator;
    const hold =
      (go: Navigator['push']): Navigator['push'] =>
      (...args) => {
        if (passing.current) go(...args);
        else setPending(() => () => go(...args));
      };
    navigator.push = hold(push);
    navigator.replace = hold(replace);

    const indexOf = (state: unknown) => (state as { idx?: unknown } | null)?.idx;
    const here = indexOf(window.history.state);
    // The browser has already moved when it says so: the move is undone (its own popstate unseen by the router), and
    // done again if the admin leaves.
    let undoing = false;
    let leaving = false;
    const onPopState = (event: PopStateEvent) => {
      if (leaving || passing.current) return;
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const to = indexOf(event.state);
      if (typeof here !== 'number' || typeof to !== 'number' || to === here) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(here - to);
      setPending(() => () => {
        leaving = true;
        window.history.go(to - here);
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // In the capture phase: before the router's own listener on the window.
    window.addEventListener('popstate', onPopState, { capture: true });
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('popstate', onPopState, { capture: true });
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, navigator, key]);

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('admin.leave.title')}
      confirmLabel={t('admin.leave.leave')}
      cancelLabel={t('admin.leave.stay')}
      onConfirm={() => {
        setPending(null);
        passing.current = true;
        pending?.();
      }}
      onCancel={() => setPending(null)}
    >
      <p>{t('admin.leave.text')}</p>
    </ConfirmDialog>
  );
  return {
    dialog,
    pass: () => {
      passing.current = true;
    },
    /** After a pass that led nowhere (the save failed): asks again. */
    hold: () => {
      passing.current = false;
    },
  };
}
