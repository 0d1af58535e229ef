import { type ReactNode, useId, useRef } from 'react';
import './confirm-dialog.css';
import { useModal } from './use-modal';

/**
 * A modal yes/no question (spec §6 Confirmations) on the native <dialog>:
 * focus moves into it and stays there, Escape cancels, and focus returns
 * to where it was when it closes. The safe choice comes first, so it is
 * the one focused when the dialog opens, but it is the quiet one: the
 * prominent button is the action asked about (red when it loses something,
 * issue 27 item 10), never the way out.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirmTone = 'danger',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A confirmation that loses something is red (the default); one that goes ahead (approve a payment) is the primary button. */
  confirmTone?: 'danger' | 'primary';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useModal(ref, open);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Every way out (the buttons, Escape) closes the dialog first, so focus
      // is back on the page before the choice is acted on.
      onClose={(e) => {
        const choice = e.currentTarget.returnValue;
        e.currentTarget.returnValue = '';
        if (choice === 'confirm') onConfirm();
        else onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={textId}>{children}</div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => ref.current?.close('cancel')}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={confirmTone === 'danger' ? 'button button--danger' : 'button'}
          onClick={() => ref.current?.close('confirm')}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
