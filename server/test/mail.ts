import { decodeHTML } from 'entities';

/**
 * What a reader sees of an HTML e-mail: the words outside the tags, entities
 * decoded, without the hidden preview line, ordinary spaces collapsed. Tests assert
 * on it as a reader would, not on markup.
 */
export function visibleText(html: string) {
  const shown = html
    .replace(/<div[^>]*data-skip-in-text="true"[^>]*>[^<]*(?:<div>[^<]*<\/div>)?<\/div>/, '')
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ');
  // Only ordinary white space: the no-break spaces of money ("9,99 $") stay what the reader sees.
  return decodeHTML(shown)
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}
