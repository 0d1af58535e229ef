/**
 * What the back office's visual editor keeps of rich text (a CMS page's
 * texts, a product's description), tag by tag with the attributes it keeps
 * on each: paragraphs, headings 2 to 4, lists, quotes, bold, italic,
 * underline, strike-through, links, pictures, line breaks and rules (Tiptap's
 * StarterKit and its Image, as features/admin/shared/rich-text-field.tsx
 * configures them). A link's target and rel and a picture's loading are the
 * server sanitizer's own (it writes them again on every save), so losing them
 * in the editor loses nothing.
 */
const VISUAL_TAGS: Readonly<Record<string, readonly string[]>> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
};

/** The attribute an element cannot do without in the editor: a link without an address is no link, a picture without a source none. */
const REQUIRED: Readonly<Record<string, string>> = { a: 'href', img: 'src' };

const TAG =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/**
 * Whether rich text opens in the visual editor without losing anything a
 * visitor sees: every tag is one the editor keeps, with only the attributes
 * it keeps (no classes, ids, styles or data a volunteer cannot see). Plain
 * text does (it becomes a paragraph). Text that does not opens in the
 * "Advanced: HTML" view, and only when the admin chooses it. The web uses it
 * to choose the view; the server's tests hold the demo content to it. The
 * server's sanitizer, not this rule, decides what is safe.
 */
export function opensInVisualEditor(html: string): boolean {
  let text = ''; // what is between the tags
  let at = 0;
  for (const match of html.matchAll(TAG)) {
    text += html.slice(at, match.index);
    at = match.index + match[0].length;
    const [source, closing, name, attributes = ''] = match;
    if (source.startsWith('<!--')) continue; // a comment: never shown to a visitor
    const kept = VISUAL_TAGS[name!.toLowerCase()];
    if (!kept) return false;
    if (closing) continue;
    const names = [...attributes.matchAll(ATTRIBUTE)].map((a) => a[1]!.toLowerCase());
    if (names.some((a) => !kept.includes(a))) return false;
    const required = REQUIRED[name!.toLowerCase()];
    if (required && !names.includes(required)) return false;
  }
  // A tag the pattern could not read (`<p class="a>`, cut off) is not one the editor keeps.
  return !/<\/?[a-zA-Z]/.test(text + html.slice(at));
}
