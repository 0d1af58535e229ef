import { describe, expect, it } from 'vitest';
import { cmsText, sanitizeCmsHtml } from './sanitize';

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

describe('cmsText', () => {
  it('drops every tag and collapses white space', () => {
    expect(cmsText('<h2>Title</h2>\n<p>Some <b>bold</b>   text<script>x()</script></p>')).toBe('Title Some bold text');
  });

  it('gives characters as themselves, not as HTML references (the page head escapes them once)', () => {
    expect(cmsText('<p>Tom &amp; Jerry &lt;3 &quot;friends&quot;</p>')).toBe('Tom & Jerry <3 "friends"');
  });
});
