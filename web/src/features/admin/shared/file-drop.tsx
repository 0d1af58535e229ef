import { type DragEvent, type ReactNode, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import './file-drop.css';

export interface FileDropHandle {
  /** Focus back on the zone's button (after a cancel took away the control that had it). */
  focus: () => void;
}

/**
 * The back office's file field, in place of the browser's "Choose File / No
 * file chosen" (which speaks the browser's language, not the admin's): a
 * zone a file can be dropped on, and a real button that opens the file
 * dialog (the keyboard's way, and a phone's). A real <input type=file>
 * stays inside it, labelled by the field, out of sight and out of the tab
 * order: the button opens it, and a test can still give it files.
 */
export function FileDrop({
  label,
  hint,
  accept,
  chooseText,
  dropText,
  busy = false,
  onFile,
  preview,
  actions,
  handle,
}: {
  /** The field's name ("Cover (square)"), the input's label. */
  label: string;
  hint: string;
  accept: string;
  /** The button's words: "Choose a picture". */
  chooseText: string;
  /** "or drop a picture here". */
  dropText: string;
  /** While a file is being sent: the zone takes no other. */
  busy?: boolean;
  onFile: (file: File) => void;
  /** What the field holds now (a thumbnail, a player, its name and size). */
  preview?: ReactNode;
  /** More ways to choose, beside the button (the media library). */
  actions?: ReactNode;
  handle?: Ref<FileDropHandle>;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [over, setOver] = useState(false);
  useImperativeHandle(handle, () => ({ focus: () => button.current?.focus() }), []);

  const take = (file: File | undefined) => {
    if (file && !busy) onFile(file);
  };
  const dragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setOver(true);
  };
  return (
    <div className="file-drop-field">
      <label htmlFor={inputId} className="file-drop-field__label">
        {label}
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      {/* Dropping is the pointer's shortcut; the button beside it does the same from the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; its button is the accessible way */}
      <div
        className={`file-drop${over ? ' file-drop--over' : ''}`}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          take(event.dataTransfer.files[0]);
        }}
      >
        {preview}
        <div className="file-drop__choose">
          <button
            ref={button}
            type="button"
            className="button button--secondary"
            aria-describedby={hintId}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) input.current?.click();
            }}
          >
            {chooseText}
            <span className="visually-hidden"> ({label})</span>
          </button>
          {actions}
          <span className="file-drop__or" aria-hidden="true">
            {dropText}
          </span>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          accept={accept}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            const field = event.currentTarget;
            take(field.files?.[0]);
            // The same file may be chosen again (after a cancel or a refusal).
            field.value = '';
          }}
        />
      </div>
    </div>
  );
}
