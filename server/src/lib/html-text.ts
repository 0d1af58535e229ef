import { decodeHTML, decodeHTMLAttribute } from 'entities';

/**
 * Text of sanitized HTML with its character references resolved (the tags
 * were already removed): every named reference of HTML (`&eacute;`,
 * `&ntilde;`, `&colon;`, …) and numeric ones, as a browser reads them.
 */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** An attribute value as the browser reads it (`&copy=1` in a query stays as written, unlike in text). */
export function decodeAttributeValue(value: string): string {
  return decodeHTMLAttribute(value);
}
