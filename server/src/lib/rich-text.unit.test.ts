import { describe, expect, it } from 'vitest';
import { cmsText, sanitizeCmsHtml, withHeadingAnchors } from './rich-text';

describe('sanitizeCmsHtml', () => {
  it('keeps formatting, headings with ids, lists, tables and images', () => {
    const html =
      '<h2 id="schedule">Schedule</h2><p><strong>Bold</strong> and <em>soft</em></p><ul><li>One</li></ul>' +
      '<table class="cms-schedule"><tr data-day="1"><td>Mon</td></tr></table><img src="/media/banners/a.jpg" alt="A">';

    expect(sanitizeCmsHtml(html)).toBe(
      '<h2 id="schedule">Schedule</h2><p><strong>Bold</strong> and <em>soft</em></p><ul><li>One</li></ul>' +
        '<table class="cms-schedule"><tr data-day="1"><td>Mon</td></tr></table><img src="/media/banners/a.jpg" alt="A" loading="lazy" />',
    );
  });

  it('removes scripts, styles, frames, forms and event attributes', () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><style>p{}</style><iframe src="https://x"></iframe>' +
      '<form action="/x"><input name="a"></form><img src="/a.jpg" onerror="alert(1)" alt="">';

    expect(sanitizeCmsHtml(html)).toBe('<p>Hi</p><img src="/a.jpg" alt="" loading="lazy" />');
  });

  it('refuses javascript: and data: links and foreign classes', () => {
    expect(sanitizeCmsHtml('<a href="javascript:alert(1)">x</a><a href="data:text/html,x">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(sanitizeCmsHtml('<p class="admin cms-note">x</p>')).toBe('<p class="cms-note">x</p>');
  });

  it('opens external links in a new tab without an opener, and keeps internal links as they are', () => {
    expect(sanitizeCmsHtml('<a href="https://example.org" target="_self">out</a><a href="/shop" target="_blank">in</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">out</a><a href="/shop">in</a>',
    );
  });
});

describe('sanitizeCmsHtml against classic attacks', () => {
  /** What no sanitized output may contain: a script, an event handler, a script URL, a frame or an SVG. */
  function expectInert(html: string) {
    expect(html).not.toMatch(/<\s*(script|style|iframe|svg|object|embed)/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  }

  it.each([
    ['an entity tab in the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['a decimal entity tab in the scheme', '<a href="jav&#9;ascript:alert(1)">x</a>'],
    ['a raw newline in the scheme', '<a href="java\nscript:alert(1)">x</a>'],
    ['leading white space', '<a href=" javascript:alert(1)">x</a>'],
    ['a leading control character', '<a href="\u0001javascript:alert(1)">x</a>'],
    ['mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['entity-encoded letters', '<a href="&#106;&#x61;vascript:alert(1)">x</a>'],
    ['entities without semicolons', '<a href="&#0000106&#0000097vascript:alert(1)">x</a>'],
    ['a named colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['a protocol-relative link', '<a href="//evil.example">x</a>'],
    ['a backslash protocol-relative link', '<a href="/\\evil.example">x</a>'],
    ['a spaced protocol-relative link', '<a href=" //evil.example">x</a>'],
  ])('drops a link href with %s', (_, html) => {
    expect(sanitizeCmsHtml(html)).toBe('<a>x</a>');
  });

  it('keeps relative, anchor, mailto and tel links', () => {
    expect(
      sanitizeCmsHtml(
        '<a href="/shop?a=1&amp;b=2">s</a><a href="#top">t</a><a href="mailto:a@b.example">m</a><a href="tel:+1555">p</a>',
      ),
    ).toBe('<a href="/shop?a=1&amp;b=2">s</a><a href="#top">t</a><a href="mailto:a@b.example">m</a><a href="tel:+1555">p</a>');
  });

  it('drops image sources other than http(s) and relative ones', () => {
    expect(sanitizeCmsHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="a">')).toBe(
      '<img alt="a" loading="lazy" />',
    );
    expect(sanitizeCmsHtml('<img src="javascript:alert(1)"><img src="//evil.example/a.png"><img src="mailto:a@b">')).toBe(
      '<img loading="lazy" /><img loading="lazy" /><img loading="lazy" />',
    );
    expect(sanitizeCmsHtml('<img src="https://cdn.example/a.png" loading="eager" srcset="x 2x">')).toBe(
      '<img src="https://cdn.example/a.png" loading="lazy" />',
    );
  });

  it('removes event attributes and unquoted tricks', () => {
    expect(sanitizeCmsHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x" loading="lazy" />');
    expect(sanitizeCmsHtml('<P CLASS="cms-x" ONCLICK="y">Up</P>')).toBe('<p class="cms-x">Up</p>');
    expect(sanitizeCmsHtml('<img/src=x/onerror=alert(1)>')).toBe('');
    expect(sanitizeCmsHtml('<a/href="javascript:alert(1)">x</a>')).toBe('x');
  });

  it('drops scripts, styles, frames, SVG and form fields with their content', () => {
    expect(sanitizeCmsHtml('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeCmsHtml('<style>p{color:red}</style>ok')).toBe('ok');
    expect(sanitizeCmsHtml('<iframe src="https://x">frame</iframe>ok')).toBe('ok');
    expect(sanitizeCmsHtml('<svg onload=alert(1)><text>t</text></svg>ok')).toBe('ok');
    expect(
      sanitizeCmsHtml('<textarea><p>x</p></textarea><noscript><p>y</p></noscript><select><option>o</option></select>ok'),
    ).toBe('ok');
    expect(sanitizeCmsHtml('<script>var s = "</p><img src=x onerror=alert(1)>";</script>ok')).toBe('ok');
    expect(sanitizeCmsHtml('<p>a</p><script>alert(1)')).toBe('<p>a</p>');
  });

  it('keeps only the cms- classes', () => {
    expect(sanitizeCmsHtml('<p class="cms-note evil">x</p>')).toBe('<p class="cms-note">x</p>');
    expect(sanitizeCmsHtml('<p class="evil">x</p>')).toBe('<p>x</p>');
  });

  it("replaces an external link's target and rel, and drops them on internal links", () => {
    expect(sanitizeCmsHtml('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeCmsHtml('<a rel="opener" href="/in" target="_top">x</a>')).toBe('<a href="/in">x</a>');
  });

  it('removes comments, including ones that hide tags', () => {
    expect(sanitizeCmsHtml('<!-- note --><p>x</p><!-- open')).toBe('<p>x</p>');
    expect(sanitizeCmsHtml('<scr<!-- -->ipt>alert(1)</script>')).toBe('');
  });

  it('writes unterminated and malformed markup as inert text or drops it', () => {
    for (const html of [
      '<a href="x',
      '<a href="javascript:alert(1)',
      '<p>Hi <a href="javascript:alert(1)',
      '<<script>script>alert(1)<</script>/script>',
      '<a href="https://x"<script>alert(1)</script>',
      '<p title="</p><script>alert(1)</script>">x</p>',
      '<p>a < b and c > d</p>',
    ]) {
      expectInert(sanitizeCmsHtml(html));
    }
    expect(sanitizeCmsHtml('<<script>script>alert(1)<</script>/script>')).toBe('&lt;/script&gt;');
    expect(sanitizeCmsHtml('<p>Hi <a href="javascript:alert(1)')).toBe('<p>Hi </p>');
    expect(sanitizeCmsHtml('<p>Hi <a href="x" <b>bold</b></p>')).toBe('<p>Hi <b>bold</b></p>');
    expect(sanitizeCmsHtml('<p>a < b and c > d</p>')).toBe('<p>a &lt; b and c &gt; d</p>');
    expect(sanitizeCmsHtml('<p title="</p><script>x</script>">x</p>')).toBe(
      '<p title="&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;">x</p>',
    );
  });

  it('closes what it opens and never closes elements around it', () => {
    expect(sanitizeCmsHtml('<div><p>x</div></div></section></main>tail')).toBe('<div><p>x</p></div>tail');
    expect(sanitizeCmsHtml('<ul><li>a<li>b</ul><p>one<p>two')).toBe('<ul><li>a</li><li>b</li></ul><p>one</p><p>two</p>');
  });
});

describe('cmsText', () => {
  it('drops every tag and collapses white space', () => {
    expect(cmsText('<h2>Title</h2>\n<p>Some <b>bold</b>   text<script>x()</script></p>')).toBe('Title Some bold text');
  });

  it('gives characters as themselves, not as HTML references (the page head escapes them once)', () => {
    expect(cmsText('<p>Tom &amp; Jerry &lt;3 &quot;friends&quot;</p>')).toBe('Tom & Jerry <3 "friends"');
  });

  it('resolves every named reference an editor may type', () => {
    expect(cmsText('<p>Canci&oacute;n del ni&ntilde;o &mdash; caf&eacute;&nbsp;&#233;</p>')).toBe('Canción del niño — café é');
  });
});

describe('withHeadingAnchors', () => {
  it('gives each heading without an id one made of its words, in any alphabet', () => {
    expect(
      withHeadingAnchors([
        '<h2>How we began</h2><p>In 2009.</p><h3>Our <em>team</em> &amp; friends</h3>',
        '<h2>Cómo empezamos</h2><h4>Наша команда</h4><h2>¿?</h2>',
      ]),
    ).toEqual([
      '<h2 id="how-we-began">How we began</h2><p>In 2009.</p><h3 id="our-team-friends">Our <em>team</em> &amp; friends</h3>',
      '<h2 id="cómo-empezamos">Cómo empezamos</h2><h4 id="наша-команда">Наша команда</h4><h2 id="section">¿?</h2>',
    ]);
  });

  it('keeps the ids a text has, and never gives one twice on the page', () => {
    expect(
      withHeadingAnchors([
        '<h2>Team</h2><p id="team-2">x</p>',
        '<h2 id="team" class="cms-a">Team</h2><h2>Team</h2><h5>Team</h5>',
      ]),
    ).toEqual([
      '<h2 id="team-3">Team</h2><p id="team-2">x</p>',
      '<h2 id="team" class="cms-a">Team</h2><h2 id="team-4">Team</h2><h5>Team</h5>',
    ]);
  });
});
