import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { type Navigator, UNSAFE_NavigationContext, useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { holdHistory } from '../../../lib/history-hold';
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
 * navigator this guard holds while changes are unsaved, and the browser's
 * back and forward reach it only through lib/history-hold.ts; its history
 * keeps each entry's index (`idx`), so such a move is undone exactly.
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
    // The browser has already moved when it says so: the move is undone (the router never hears of it, nor of its
    // undoing), and done again if the admin leaves.
    let undoing = false;
    const release = holdHistory((event) => {
      if (passing.current) return false;
      if (undoing) {
        undoing = false;
        return true;
      }
      const to = indexOf(event.state);
      if (typeof here !== 'number' || typeof to !== 'number' || to === here) return false;
      undoing = true;
      window.history.go(here - to);
      setPending(() => () => window.history.go(to - here));
      return true;
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      release();
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
