import { useCallback, useEffect, useRef } from 'react';

/**
 * Spec §4/§9: a form shows an outcome (Sent, Saved, Failed…) for a while,
 * then is Ready again. Returns `resetAfter(fn, after = ms)`, which runs `fn`
 * once `after` ms have passed. A new outcome replaces the pending one, and
 * leaving the page cancels it, so nothing updates an unmounted form.
 */
export function useResetAfter(ms: number): (fn: () => void, after?: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (fn: () => void, after = ms) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(fn, after);
    },
    [ms],
  );
}
