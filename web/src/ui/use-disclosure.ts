import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a list (the disclosure pattern of a menu's
 * submenu, the account menu): a click elsewhere closes it, Escape closes it
 * and gives the focus back to its button, and following one of its links
 * (any navigation) closes it, since it drops over the page.
 */
export function useDisclosure<E extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const ref = useRef<E>(null);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation by design
  useEffect(() => {
    setOpen(false);
  }, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return {
    open,
    /** On the element holding the button and the list. */
    container: {
      ref,
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          ref.current?.querySelector('button')?.focus();
        }
      },
    },
    /** On the button. */
    toggle: { 'aria-expanded': open, 'aria-controls': listId, onClick: () => setOpen((o) => !o) },
    /** On the list. */
    list: { id: listId, hidden: !open },
  };
}
