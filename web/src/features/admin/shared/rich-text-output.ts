/**
 * What the visual editor's HTML (Tiptap's getHTML) becomes in the field,
 * less the empty paragraphs at its end: the editor keeps one after a closing
 * list or quote, for a click below it to type in, which the page would show
 * as an empty line. An empty document is empty text.
 */
export const editorHtml = (html: string) => html.replace(/(<p>\s*<\/p>)+$/, '');
