import { CmsLink } from '@storyhouse/contracts';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { FieldError } from '../../../ui/form/fields';

/**
 * HTML the visual editor (Tiptap's StarterKit: paragraphs, headings, lists,
 * quotes, bold, italic, links) cannot hold: tables, figures, images, boxes,
 * classes and anchors' ids. Such text opens as HTML, so opening it never loses them.
 */
const BEYOND_VISUAL = /<(table|figure|img|div|section|span|dl|sup|sub|small|abbr)\b|\s(class|id|data-[\w-]+)=/i;

/** What Tiptap writes for an empty document: empty text. */
const emptyDoc = (html: string) => (/^<p>\s*<\/p>$/.test(html) ? '' : html);

/**
 * A rich-text field of a CMS page (issue 30 item 3): a Tiptap (ProseMirror)
 * editor with a toolbar (bold, italic, headings, lists, link, undo, redo)
 * that is one tab stop, its buttons reached with the arrow keys (WAI-ARIA
 * toolbar), and the HTML itself one click away. What it writes goes to the
 * server, whose sanitizer cleans it (the storefront's own). Mounted with its
 * value: a new value (a reload) remounts it.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const [beyond] = useState(() => BEYOND_VISUAL.test(value));
  const [asHtml, setAsHtml] = useState(beyond);
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
    ],
    content: beyond ? '' : value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        class: 'rich-text__content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(emptyDoc(e.getHTML())),
  });

  const toggleHtml = () => {
    if (asHtml && editor) editor.commands.setContent(value, { emitUpdate: false });
    setAsHtml(!asHtml);
  };

  return (
    <div className={`field rich-text${error ? ' field--invalid' : ''}`}>
      <span className="rich-text__label" id={labelId}>
        {label}
      </span>
      {beyond ? (
        <p className="field__hint" id={noteId}>
          {t('admin.pages.unknownHtml')}
        </p>
      ) : null}
      {asHtml ? (
        <textarea
          aria-labelledby={labelId}
          aria-describedby={[beyond ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          className="rich-text__html"
          rows={10}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : editor ? (
        <>
          <Toolbar editor={editor} label={t('admin.richText.toolbar', { field: label })} />
          <EditorContent editor={editor} />
        </>
      ) : null}
      {beyond ? null : (
        <button type="button" className="button button--quiet rich-text__mode" onClick={toggleHtml}>
          {asHtml ? t('admin.richText.visual') : t('admin.richText.html')}
        </button>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type Action = { key: string; label: string; pressed?: boolean; run: () => void; disabled?: boolean };

/** The formatting toolbar: one tab stop, arrows (and Home, End) move along its buttons. */
function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useI18n();
  const [focused, setFocused] = useState(0);
  const [linking, setLinking] = useState(false);
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
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
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
    { key: 'link', label: t('admin.richText.link'), pressed: state.link || linking, run: () => setLinking(!linking) },
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
      {linking ? <LinkForm editor={editor} onClose={() => setLinking(false)} /> : null}
    </>
  );
}

/** The link of the selected text: an address checked as the server checks it (a site path or http(s)), or removed. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState<string>();
  const apply = () => {
    const parsed = CmsLink.safeParse(href);
    if (!parsed.success || parsed.data === '') {
      setError(t('admin.pages.linkInvalid'));
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      setError(t('admin.richText.linkNeedsText'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: parsed.data }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return (
    <div className={`rich-text__link field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{t('admin.richText.linkAddress')}</label>
      <div className="field__row">
        <input
          id={id}
          type="text"
          inputMode="url"
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setHref(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            // Enter applies the link, not the page's form; Escape goes back to the text.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onClose();
              editor.commands.focus();
            }
          }}
        />
        <button type="button" className="button button--secondary" onClick={apply}>
          {t('admin.richText.linkApply')}
        </button>
        {editor.isActive('link') ? (
          <button type="button" className="button button--secondary" onClick={remove}>
            {t('admin.richText.linkRemove')}
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
