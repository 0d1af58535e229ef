import xss from 'xss';
import { decodeAttributeValue, decodeEntities } from './html-text';

// xss is CommonJS and copies parseAttr onto its exports in a loop, which Node's
// detection of CommonJS named exports misses: take everything from the default export.
const { FilterXSS, parseAttr } = xss as unknown as typeof import('xss');

/**
 * What CMS rich text may contain: formatting, lists, tables, figures, links
 * and images. No scripts, styles, frames, forms or event attributes; links
 * only to http(s), mailto and tel (or relative, never `//host`); images only
 * from http(s) or relative; classes only from the `cms-` family (the
 * CMS-listed stylesheets style those). Ids stay so in-page anchors work.
 *
 * Every rule is in this file: xss (js-xss) only splits the text into tags,
 * attributes and text; `openingTag` decides what of a tag survives.
 */
const GLOBAL_ATTRIBUTES = ['id', 'class', 'lang', 'dir', 'title'];

/** Allowed tags and their attributes (besides GLOBAL_ATTRIBUTES). `target` and `rel` of links and `loading` of images are the policy's own (openingTag), never the author's. */
const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  blockquote: [],
  q: [],
  cite: [],
  abbr: [],
  ul: [],
  ol: ['start', 'reversed'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'name', 'hreflang'],
  img: ['src', 'alt', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: ['data-day'],
  th: ['scope', 'colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  span: [],
  div: [],
  section: [],
};

/** Allowed tags written as `<br />`: they have no content and no end tag. */
const VOID = new Set(['br', 'hr', 'img']);

/**
 * Tags that go with everything up to their end tag (or the end of the text):
 * their content is code, form state or a foreign document, not prose
 * (sanitize-html's nonTextTags script, style, textarea, option, noscript,
 * plus frames, embedded objects, templates, SVG and MathML).
 */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'noembed',
  'noframes',
  'object',
  'embed',
  'applet',
  'xmp',
  'plaintext',
  'template',
  'svg',
  'math',
]);

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];

/**
 * Opening one of these tags closes the listed elements when one of them is the
 * innermost open element, as in browsers and htmlparser2 (`<p>a<p>b`, `<li>a<li>b`).
 */
const IMPLIED_CLOSE: Record<string, string[]> = {
  p: ['p'],
  h2: ['p'],
  h3: ['p'],
  h4: ['p'],
  h5: ['p'],
  h6: ['p'],
  blockquote: ['p'],
  div: ['p'],
  dl: ['p'],
  figcaption: ['p'],
  figure: ['p'],
  hr: ['p'],
  ol: ['p'],
  section: ['p'],
  table: ['p'],
  ul: ['p'],
  li: ['li'],
  dd: ['dd', 'dt'],
  dt: ['dd', 'dt'],
  tr: ['tr', 'th', 'td'],
  th: ['th'],
  td: ['thead', 'th', 'td'],
  tbody: ['thead', 'tbody'],
  tfoot: ['thead', 'tbody'],
};

/** Sanitizes CMS rich text; the only way HTML from the content store reaches a page. */
export function sanitizeCmsHtml(html: string): string {
  const open: string[] = []; // allowed elements written and not yet closed, innermost last
  const body = scan(html, (tag, raw, closing) => {
    if (!Object.hasOwn(ALLOWED, tag)) return '';
    if (closing) {
      // An end tag closes its element (and any left open inside it); one without an open element goes,
      // so CMS text can never close the page's own elements around it (`</p>` and `</br>` are read as browsers do).
      const at = open.lastIndexOf(tag);
      if (at !== -1) return closeFrom(open, at);
      return tag === 'p' ? '<p></p>' : tag === 'br' ? '<br />' : '';
    }
    if (!raw.endsWith('>')) return ''; // cut off by the end of the text: browsers drop it too
    let implied = '';
    while (open.length > 0 && IMPLIED_CLOSE[tag]?.includes(open.at(-1)!)) implied += closeFrom(open, open.length - 1);
    if (!VOID.has(tag)) open.push(tag);
    return implied + openingTag(tag, attributesOf(raw));
  });
  return body + closeFrom(open, 0);
}

/** Plain text of CMS HTML (a page's description when it has none of its own): no tags, characters as themselves. */
export function cmsText(html: string): string {
  return decodeEntities(scan(html, () => ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Runs xss over the HTML: comments go, text is kept (with `<` and `>` escaped)
 * except inside DROPPED_WITH_CONTENT tags, and every tag is replaced by what
 * `onTag` returns for it (lower-case name, its source text, whether it is an end tag).
 */
function scan(html: string, onTag: (tag: string, raw: string, closing: boolean) => string): string {
  let dropping: string | undefined; // the DROPPED_WITH_CONTENT tag whose content is being skipped
  const text = (source: string) => {
    if (dropping) return '';
    // Text reaches here with a tag start only when that tag was cut off, by another `<` or by the end
    // of the text (`<p>Hi <a href="x`): the cut-off tag goes, as browsers drop it.
    const cut = source.search(/<[a-zA-Z/!?]/);
    return (cut === -1 ? source : source.slice(0, cut)).replace(/</g, '&lt;').replace(/>/g, '&gt;');
  };
  const filter = new FilterXSS({
    whiteList: {}, // unused: onTag answers for every tag
    allowCommentTag: false,
    css: false,
    escapeHtml: text,
    onTag: (tag, raw, info) => {
      const closing = info.isClosing === true;
      // `<` not followed by a letter, `/`, `!` or `?` starts no tag (`a < b`): it is text.
      if (!/^<[a-zA-Z/!?]/.test(raw)) return text(raw);
      if (dropping) {
        if (closing && tag === dropping) dropping = undefined;
        return '';
      }
      if (DROPPED_WITH_CONTENT.has(tag)) {
        if (!closing) dropping = tag;
        return '';
      }
      return onTag(tag, raw, closing);
    },
  });
  return filter.process(html);
}

/** The attributes of an opening tag's source (`<a href="/x" title=t>`), first of each name, values as written. */
function attributesOf(raw: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const space = raw.search(/\s/);
  if (space === -1) return attributes;
  let source = raw.slice(space + 1, -1).trim();
  if (/(^|[\s"'])\/$/.test(source)) source = source.slice(0, -1); // self-closing slash, not the end of an unquoted value
  parseAttr(source, (name, value) => {
    if (!attributes.has(name)) attributes.set(name, value);
    return '';
  });
  return attributes;
}

/** The allowed part of an opening tag, written afresh. */
function openingTag(tag: string, attributes: Map<string, string>): string {
  const allowed = ALLOWED[tag] ?? [];
  let html = `<${tag}`;
  for (const [name, value] of attributes) {
    if (!GLOBAL_ATTRIBUTES.includes(name) && !allowed.includes(name)) continue;
    const written = attributeValue(tag, name, value);
    if (written !== undefined) html += ` ${name}="${written}"`;
  }
  const href = tag === 'a' ? attributes.get('href') : undefined;
  const url = href === undefined ? undefined : decodeAttribute(href);
  // External links open in a new tab (spec §2 Home); the opener never leaks.
  if (url !== undefined && allowedUrl(url, LINK_SCHEMES) && /^https?:/i.test(compactUrl(url))) {
    html += ' target="_blank" rel="noopener noreferrer"';
  }
  if (tag === 'img') html += ' loading="lazy"';
  return `${html}${VOID.has(tag) ? ' />' : '>'}`;
}

/**
 * An allowed attribute's value (as in the source) written for a double-quoted
 * attribute, or undefined to drop the attribute. URLs are checked as the
 * browser will read them and written so it reads exactly that; other values
 * (text, numbers, names) do nothing whatever they say, so their character
 * references stay as the author wrote them.
 */
function attributeValue(tag: string, name: string, value: string): string | undefined {
  const schemes = tag === 'a' && name === 'href' ? LINK_SCHEMES : tag === 'img' && name === 'src' ? IMAGE_SCHEMES : undefined;
  if (schemes) {
    const url = decodeAttribute(value);
    return allowedUrl(url, schemes)
      ? url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
      : undefined;
  }
  if (name === 'class') {
    const classes = value.split(/\s+/).filter((c) => c.startsWith('cms-'));
    if (classes.length === 0) return undefined;
    value = classes.join(' ');
  }
  return value.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Whether a URL (character references resolved) is relative to this site or
 * has one of the schemes. Its scheme is read as a browser would, and more
 * strictly: with spaces and control characters anywhere left out
 * (browsers skip tabs and newlines: `jav&#9;ascript:`). `//host` and its
 * backslash variants are another site's address. A reference HTML does
 * not know, left as written, fails it too (to be safe).
 */
function allowedUrl(url: string, schemes: string[]): boolean {
  const compact = compactUrl(url);
  if (/^[/\\]{2}/.test(compact) || /&[a-zA-Z][a-zA-Z0-9]*;/.test(compact)) return false;
  const scheme = /^([^/?#]*?):/.exec(compact)?.[1];
  return scheme === undefined || schemes.includes(scheme.toLowerCase());
}

/** The URL without spaces or control characters (C0, DEL). */
function compactUrl(url: string): string {
  return Array.from(url)
    .filter((c) => c > ' ' && c !== '\u007f')
    .join('');
}

/** An attribute value as the browser reads it: character references resolved, numeric ones also without their `;`. */
const decodeAttribute = decodeAttributeValue;

/** End tags for `open[from..]`, innermost first; removes them from `open`. */
function closeFrom(open: string[], from: number): string {
  return open
    .splice(from)
    .reverse()
    .map((tag) => `</${tag}>`)
    .join('');
}

/**
 * A page's served texts (sanitized: their tags as `sanitizeCmsHtml` writes
 * them) with an id on every heading (h2 to h4) that has none, made from its
 * words ("Our team" is #our-team, "Наша команда" #наша-команда), so a page's
 * sections can be linked to (an "In this page" list, a link from elsewhere)
 * without an id its author must write and cannot see in the visual editor.
 * An id a text already has is kept, and no id is given twice on the page.
 */
export function withHeadingAnchors(texts: string[]): string[] {
  const taken = new Set(texts.flatMap((html) => [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!)));
  return texts.map((html) =>
    html.replace(/<(h[234])((?:\s[^>]*)?)>([\s\S]*?)<\/\1>/g, (heading, tag: string, attributes: string, inner: string) => {
      if (/\sid="/.test(attributes)) return heading;
      const words =
        cmsText(inner)
          .toLocaleLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-+|-+$/g, '') || 'section';
      let id = words;
      for (let n = 2; taken.has(id); n += 1) id = `${words}-${n}`;
      taken.add(id);
      return `<${tag} id="${id}"${attributes}>${inner}</${tag}>`;
    }),
  );
}
