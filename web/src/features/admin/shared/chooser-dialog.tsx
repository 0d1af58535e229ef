import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useModal } from '../../../components/dialog/use-modal';
import { useI18n } from '../../../lib/i18n';
import './chooser.css';

/**
 * A modal list to choose one thing from, with a search field above it (the
 * media library, a product, a page of the site), shown while it is mounted:
 * the owner renders it to open it and leaves it out once closed (so a
 * closed one names nothing on the page). The native <dialog>: focus moves
 * into the search field and stays in the dialog, Escape or Close closes it,
 * and focus returns to the button that opened it, however it went away. The results
 * (`children`) are buttons, one per thing, each named by what it chooses.
 * How many were found is said politely as the search changes.
 */
export function ChooserDialog({
  title,
  searchLabel,
  search,
  onSearch,
  found,
  onClose,
  children,
}: {
  title: string;
  searchLabel: string;
  search: string;
  onSearch: (search: string) => void;
  /** "3 pictures found", "No page matches": said as the list changes. */
  found: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const searchId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The control that opened it gets focus back, also when a choice takes the dialog away.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  useModal(ref, true);
  useEffect(() => input.current?.focus(), []);
  return (
    <dialog ref={ref} className="dialog chooser" aria-labelledby={titleId} onClose={onClose}>
      <div className="chooser__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="button button--secondary button--small" onClick={() => ref.current?.close()}>
          {t('admin.picker.close')}
        </button>
      </div>
      <div className="field chooser__search">
        <label htmlFor={searchId}>{searchLabel}</label>
        <input
          ref={input}
          id={searchId}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          // The list follows the typing; Enter must not send a form the dialog happens to sit in.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
      </div>
      <p className="chooser__found" role="status">
        {found}
      </p>
      <div className="chooser__results">{children}</div>
    </dialog>
  );
}
