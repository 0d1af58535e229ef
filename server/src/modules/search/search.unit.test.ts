import { describe, expect, it } from 'vitest';
import { FRAGMENT_BREAK as BREAK, MARK_STOP as E, MARK_START as S } from './search.repository';
import { foldAccents, safeSnippet } from './search.service';

describe('safeSnippet', () => {
  it('takes the characters from the original text at the folded headline’s positions', () => {
    const doc = 'Jonás huyó. El NIÑO duerme.';
    const headline = `${S}jonas${E} huyo. el ${S}nino${E} duerme.`;
    expect(safeSnippet(doc, headline, { html: false })).toBe('<mark>Jonás</mark> huyó. El <mark>NIÑO</mark> duerme.');
  });

  it('joins fragments with an ellipsis and collapses white space', () => {
    const doc = 'First   part about ёлка.\n\nMuch later, another ёлка here.';
    const headline = `part about ${S}елка${E}${BREAK}another ${S}елка${E} here`;
    expect(safeSnippet(doc, headline, { html: false })).toBe('part about <mark>ёлка</mark> … another <mark>ёлка</mark> here');
  });

  it('escapes everything but the marks; HTML-derived text has its character references resolved first', () => {
    const doc = 'a &lt;b&gt; &amp;amp; <i> "q" \'s\' &#233;t&#xE9;';
    const headline = foldAccents(doc).replace('q', `${S}q${E}`);
    expect(safeSnippet(doc, headline, { html: true })).toBe(
      'a &lt;b&gt; &amp;amp; &lt;i&gt; &quot;<mark>q</mark>&quot; &#39;s&#39; été',
    );
    expect(safeSnippet(doc, headline, { html: false })).toBe(
      'a &amp;lt;b&amp;gt; &amp;amp;amp; &lt;i&gt; &quot;<mark>q</mark>&quot; &#39;s&#39; &amp;#233;t&amp;#xE9;',
    );
  });

  it('shows the folded fragment, still escaped, when the texts do not line up', () => {
    // "İ" lower-cases to two characters in JavaScript: positions no longer match.
    const doc = 'İstanbul <story>';
    const headline = `i̇stanbul ${S}<story>${E}`;
    expect(safeSnippet(doc, headline, { html: false })).toBe('i̇stanbul <mark>&lt;story&gt;</mark>');
  });
});
