import { type RefObject, useEffect } from 'react';

/**
 * Shows a native <dialog> as a modal while `open` (focus moves in and stays,
 * the page behind is inert, Escape closes it) and closes it when not. Its
 * close event, whatever closed it, is where the owner learns it closed.
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}
