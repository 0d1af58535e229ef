import { describe, expect, it } from 'vitest';
import { opensInVisualEditor } from './visual-text';

describe('opensInVisualEditor', () => {
  it('opens plain text and the editor’s own blocks and marks', () => {
    expect(opensInVisualEditor('')).toBe(true);
    expect(opensInVisualEditor('Six bright days of wonder: light & dark, 3 < 4.')).toBe(true);
    expect(
      opensInVisualEditor(
        '<h2>How we began</h2>\n<p>In <strong>2009</strong>, with <em>a</em> <b>borrowed</b> <i>microphone</i>,<br> <u>u</u> <s>s</s>.</p><hr />' +
          '<h3>Sub</h3><h4>Subsub</h4><blockquote><p>Quoted</p></blockquote>' +
          '<ul><li><p>One</p></li><li>Two</li></ul><ol start="3"><li>Three</li></ol><p></p>',
      ),
    ).toBe(true);
  });

  it('opens links and pictures as the sanitizer writes them (its target, rel and loading included)', () => {
    expect(
      opensInVisualEditor(
        '<p><a href="/contact">write to us</a>, <a href="https://example.org" target="_blank" rel="noopener noreferrer">a friend</a>, ' +
          '<a href="#our-team">our team</a>, <img src="/media/pages/a.jpg" alt="A hill" width="20" loading="lazy" /></p>',
      ),
    ).toBe(true);
    expect(opensInVisualEditor('<P><A HREF="/x">Upper case</A></P>')).toBe(true);
  });

  it('sends to the HTML view what a volunteer cannot see or the editor would lose: classes, ids, styles, data', () => {
    expect(opensInVisualEditor('<h2 id="team">Our team</h2>')).toBe(false);
    expect(opensInVisualEditor('<p class="cms-note">Note</p>')).toBe(false);
    expect(opensInVisualEditor('<p style="color:red">Red</p>')).toBe(false);
    expect(opensInVisualEditor('<ul><li data-day="1">Monday</li></ul>')).toBe(false);
    expect(opensInVisualEditor('<p lang="ru">Привет</p>')).toBe(false);
    expect(opensInVisualEditor('<a name="top">Top</a>')).toBe(false);
    expect(opensInVisualEditor('<img alt="No source">')).toBe(false);
  });

  it('sends to the HTML view the blocks the editor has not: tables, figures, boxes, other headings', () => {
    expect(opensInVisualEditor('<table><tr><td>Mon</td></tr></table>')).toBe(false);
    expect(opensInVisualEditor('<figure><img src="/a.jpg" alt=""><figcaption>A</figcaption></figure>')).toBe(false);
    expect(opensInVisualEditor('<div>Box</div>')).toBe(false);
    expect(opensInVisualEditor('<p><span>Span</span></p>')).toBe(false);
    expect(opensInVisualEditor('<h1>Title</h1>')).toBe(false);
    expect(opensInVisualEditor('<h5>Small</h5>')).toBe(false);
    expect(opensInVisualEditor('<p>x<sup>2</sup></p>')).toBe(false);
  });

  it('does not let a tag it cannot read pass as text', () => {
    expect(opensInVisualEditor('<p class="a>Broken</p>')).toBe(false);
    expect(opensInVisualEditor('<p>Cut <a href="/x"')).toBe(false);
    expect(opensInVisualEditor('<p>Comment <!-- <div class="x"> --> gone</p>')).toBe(true);
  });
});
