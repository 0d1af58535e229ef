import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from '../../lib/html-text';

const headings = ['h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * What CMS rich text may contain: formatting, lists, tables, figures, links
 * and images. No scripts, styles, frames, forms or event attributes; links
 * only to http(s), mailto and tel; classes only from the `cms-` family
 * (the CMS-listed stylesheets style those). Ids stay so in-page anchors work.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...headings,
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'q',
    'cite',
    'abbr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'section',
  ],
  allowedAttributes: {
    '*': ['id', 'class', 'lang', 'dir', 'title'],
    a: ['href', 'name', 'target', 'rel', 'hreflang'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    tr: ['data-day'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
  },
  allowedClasses: { '*': ['cms-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // External links open in a new tab (spec §2 Home); the opener never leaks.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const { target: _t, rel: _r, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Sanitizes CMS rich text; the only way HTML from the content store reaches a page. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** Plain text of CMS HTML (a page's description when it has none of its own): no tags, characters as themselves. */
export function cmsText(html: string): string {
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
}
