import { CmsLink, mediaPaths, opensInVisualEditor } from '@storyhouse/contracts';
import Image from '@tiptap/extension-image';
import type { EditorView } from '@tiptap/pm/view';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { CmsHtml } from '../../../components/cms/cms-html';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { FieldError } from '../../../ui/form/fields';
import { MediaUpload } from './media-upload';
import { editorHtml } from './rich-text-output';
import './rich-text.css';

/**
 * Scrolls the page so the caret shows between the top of the screen and what
 * is kept at its foot (the editor's sticky bar, the player: the page's
 * scroll-padding, action-bar.css), which ProseMirror's own scrolling does not
 * know: typing at the foot of the screen never goes on under the bar.
 */
function keepCaretInView(view: EditorView): boolean {
  const caret = view.coordsAtPos(view.state.selection.head);
  const kept = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockEnd) || 0;
  const margin = 8;
  const bottom = window.innerHeight - kept - margin;
  if (caret.bottom > bottom) window.scrollBy(0, caret.bottom - bottom);
  else if (caret.top < margin) window.scrollBy(0, caret.top - margin);
  return true;
}

/**
 * How the field shows its text: the visual editor; the "Advanced: HTML" view
 * the admin chose; or, for text holding HTML the visual editor cannot keep
 * (contracts opensInVisualEditor), the choice between the two, before either.
 */
type Mode = 'visual' | 'html' | 'choose';

/**
 * A rich-text field of the back office (a CMS page's texts, a product's
 * description): a Tiptap (ProseMirror) editor with a toolbar (bold, italic,
 * headings, lists, quote, link, picture, undo, redo) that is one tab stop,
 * its buttons reached with the arrow keys (WAI-ARIA toolbar). The HTML itself
 * is under "Advanced: HTML", which the admin opens on purpose and which says
 * what it is for; text the visual editor cannot keep (decision 063) opens on
 * neither until the admin chooses, so opening a page never loses anything.
 * What it writes goes to the server, whose sanitizer cleans it (the
 * storefront's own). Mounted with its value: a new value (a reload) remounts it.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const [mode, setMode] = useState<Mode>(() => (opensInVisualEditor(value) ? 'visual' : 'choose'));
  const [converting, setConverting] = useState(false);
  const describedBy = (...ids: (string | false)[]) =>
    [...ids, hint ? hintId : false, error ? errorId : false].filter(Boolean).join(' ') || undefined;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        // The sanitizer gives external links their target and rel; links are written plain.
        link: { openOnClick: false, autolink: false, HTMLAttributes: { target: null, rel: null } },
      }),
      // In the line of the text, as an <img> in a paragraph shows on the site.
      Image.configure({ inline: true }),
    ],
    content: mode === 'visual' ? value : '',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy() ? { 'aria-describedby': describedBy() as string } : {}),
        class: 'rich-text__content',
      },
      handleScrollToSelection: keepCaretInView,
    },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e.getHTML())),
  });

  /** To the visual editor: what it cannot keep goes (asked first when there is any), and the field holds what it keeps. */
  const toVisual = (confirmed = false) => {
    if (!editor) return;
    const lossless = opensInVisualEditor(value);
    if (!lossless && !confirmed) {
      setConverting(true);
      return;
    }
    editor.commands.setContent(value, { emitUpdate: false });
    if (!lossless) onChange(editorHtml(editor.getHTML()));
    setMode('visual');
  };

  let body: ReactNode;
  if (mode === 'choose') {
    body = (
      <div className="rich-text__beyond">
        <p className="rich-text__warning" id={noteId}>
          {t('admin.richText.beyond')}
        </p>
        <div className="rich-text__preview">
          <CmsHtml html={value} />
        </div>
        <div className="rich-text__choices">
          <button type="button" className="button button--secondary" aria-describedby={noteId} onClick={() => setMode('html')}>
            {t('admin.richText.openHtml')}
          </button>
          <button type="button" className="button button--secondary" aria-describedby={noteId} onClick={() => toVisual()}>
            {t('admin.richText.toVisual')}
          </button>
        </div>
      </div>
    );
  } else if (mode === 'html') {
    body = (
      <>
        <p className="rich-text__warning" id={noteId}>
          <strong>{t('admin.richText.htmlTitle')}</strong> {t('admin.richText.htmlWarning')}
        </p>
        <textarea
          aria-labelledby={labelId}
          aria-describedby={describedBy(noteId)}
          aria-invalid={error ? true : undefined}
          className="rich-text__html"
          rows={10}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="button button--quiet rich-text__mode" onClick={() => toVisual()}>
          {t('admin.richText.visual')}
        </button>
      </>
    );
  } else {
    body = editor ? (
      <>
        <Toolbar editor={editor} label={t('admin.richText.toolbar', { field: label })} />
        <EditorContent editor={editor} />
        <button type="button" className="button button--quiet rich-text__mode" onClick={() => setMode('html')}>
          {t('admin.richText.html')}
        </button>
      </>
    ) : null;
  }

  return (
    <div className={`field rich-text${error ? ' field--invalid' : ''}`}>
      <span className="rich-text__label" id={labelId}>
        {label}
      </span>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {body}
      <FieldError id={errorId} error={error} />
      <ConfirmDialog
        open={converting}
        title={t('admin.richText.toVisualTitle', { field: label })}
        confirmLabel={t('admin.richText.toVisual')}
        cancelLabel={t('admin.richText.keepHtml')}
        onConfirm={() => {
          setConverting(false);
          toVisual(true);
        }}
        onCancel={() => setConverting(false)}
      >
        <p>{t('admin.richText.toVisualText')}</p>
      </ConfirmDialog>
    </div>
  );
}

type Action = { key: string; label: string; pressed?: boolean; run: () => void; disabled?: boolean };

/** The formatting toolbar: one tab stop, arrows (and Home, End) move along its buttons. */
function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useI18n();
  const [focused, setFocused] = useState(0);
  const [form, setForm] = useState<'link' | 'image'>();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggleForm = (which: 'link' | 'image') => setForm(form === which ? undefined : which);
  const actions: Action[] = [
    { key: 'bold', label: t('admin.richText.bold'), pressed: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: t('admin.richText.italic'), pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'h2', label: t('admin.richText.heading2'), pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t('admin.richText.heading3'), pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bullet', label: t('admin.richText.bulletList'), pressed: state.bullet, run: () => chain().toggleBulletList().run() },
    {
      key: 'ordered',
      label: t('admin.richText.orderedList'),
      pressed: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: 'quote', label: t('admin.richText.quote'), pressed: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'link', label: t('admin.richText.link'), pressed: state.link || form === 'link', run: () => toggleForm('link') },
    { key: 'image', label: t('admin.richText.image'), pressed: state.image || form === 'image', run: () => toggleForm('image') },
    { key: 'undo', label: t('admin.richText.undo'), run: () => chain().undo().run(), disabled: !state.undo },
    { key: 'redo', label: t('admin.richText.redo'), run: () => chain().redo().run(), disabled: !state.redo },
  ];
  const move = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focused === last
          ? 0
          : focused + 1
        : event.key === 'ArrowLeft'
          ? focused === 0
            ? last
            : focused - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <div role="toolbar" aria-label={label} className="rich-text__toolbar" onKeyDown={move}>
        {actions.map((action, i) => (
          <button
            key={action.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className={`rich-text__button rich-text__button--${action.key}`}
            tabIndex={i === focused ? 0 : -1}
            aria-pressed={action.pressed === undefined ? undefined : action.pressed}
            aria-disabled={action.disabled || undefined}
            // Keeps the text's selection: the button acts on it.
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setFocused(i)}
            onClick={() => {
              if (!action.disabled) action.run();
            }}
          >
            {action.label}
          </button>
        ))}
      </div>
      {form === 'link' ? <LinkForm editor={editor} onClose={() => setForm(undefined)} /> : null}
      {form === 'image' ? <ImageForm editor={editor} onClose={() => setForm(undefined)} /> : null}
    </>
  );
}

/** A small form under the toolbar: its fields, then its buttons; Enter applies it (not the page's form), Escape goes back to the text. */
function InlineForm({
  editor,
  children,
  onApply,
  onClose,
}: {
  editor: Editor;
  children: ReactNode;
  onApply: () => void;
  onClose: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter and Escape of the fields inside; the fields are the controls.
    <div
      className="rich-text__inline-form"
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          onApply();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
          editor.commands.focus();
        }
      }}
    >
      {children}
    </div>
  );
}

/** A text field of an inline form, with its message. */
function InlineField({
  label,
  value,
  error,
  onChange,
  inputMode,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  inputMode?: 'url';
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** An address checked as the server checks a link: a site path or http(s), not empty. */
function checkedAddress(value: string): string | undefined {
  const parsed = CmsLink.safeParse(value);
  return parsed.success && parsed.data !== '' ? parsed.data : undefined;
}

/** The link of the selected text: an address checked as the server checks it (a site path or http(s)), or removed. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useI18n();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState<string>();
  const apply = () => {
    const address = checkedAddress(href);
    if (!address) {
      setError(t('admin.pages.linkInvalid'));
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      setError(t('admin.richText.linkNeedsText'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return (
    <InlineForm editor={editor} onApply={apply} onClose={onClose}>
      <InlineField
        label={t('admin.richText.linkAddress')}
        value={href}
        error={error}
        inputMode="url"
        onChange={(v) => {
          setHref(v);
          setError(undefined);
        }}
      />
      <div className="field__row">
        <button type="button" className="button button--secondary" onClick={apply}>
          {t('admin.richText.linkApply')}
        </button>
        {editor.isActive('link') ? (
          <button type="button" className="button button--secondary" onClick={remove}>
            {t('admin.richText.linkRemove')}
          </button>
        ) : null}
      </div>
    </InlineForm>
  );
}

/** A picture in the text, where the cursor is: its address (a site path, as /media/… of the media library, or http(s)) and its description. */
function ImageForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useI18n();
  const current = editor.isActive('image') ? editor.getAttributes('image') : {};
  const [src, setSrc] = useState<string>((current.src as string | undefined) ?? '');
  const [alt, setAlt] = useState<string>((current.alt as string | undefined) ?? '');
  const [error, setError] = useState<string>();
  const apply = () => {
    const address = checkedAddress(src);
    if (!address) {
      setError(t('admin.pages.linkInvalid'));
      return;
    }
    editor.chain().focus().setImage({ src: address, alt: alt.trim() }).run();
    onClose();
  };
  return (
    <InlineForm editor={editor} onApply={apply} onClose={onClose}>
      <MediaUpload
        kind="image"
        label={t('admin.richText.imagePick')}
        value={null}
        onChosen={(file) => {
          setSrc(mediaPaths.image(file.key));
          setError(undefined);
        }}
      />
      <InlineField
        label={t('admin.richText.imageAddress')}
        value={src}
        error={error}
        inputMode="url"
        onChange={(v) => {
          setSrc(v);
          setError(undefined);
        }}
      />
      <InlineField label={t('admin.richText.imageAlt')} value={alt} onChange={setAlt} />
      <div className="field__row">
        <button type="button" className="button button--secondary" onClick={apply}>
          {t('admin.richText.imageApply')}
        </button>
      </div>
    </InlineForm>
  );
}
