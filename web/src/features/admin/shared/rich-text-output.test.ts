import { describe, expect, it } from 'vitest';
import { editorHtml } from './rich-text-output';

describe('editorHtml', () => {
  it('drops the empty paragraphs the editor keeps at the end, and nothing else', () => {
    expect(editorHtml('<p>One</p><ul><li><p>Two</p></li></ul><p></p>')).toBe('<p>One</p><ul><li><p>Two</p></li></ul>');
    expect(editorHtml('<blockquote><p>Said</p></blockquote><p></p><p> </p>')).toBe('<blockquote><p>Said</p></blockquote>');
    expect(editorHtml('<p></p><p>Kept after an empty line</p>')).toBe('<p></p><p>Kept after an empty line</p>');
  });

  it('makes an empty document empty text', () => {
    expect(editorHtml('<p></p>')).toBe('');
    expect(editorHtml('')).toBe('');
  });
});
