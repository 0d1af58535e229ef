import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that shows and hides a list (the disclosure pattern of a menu's
 * submenu, the account menu): a click elsewhere closes it, Escape closes it
 * and gives the focus back to its button.
 */
export function useDisclosure<E extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const ref = useRef<E>(null);

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
