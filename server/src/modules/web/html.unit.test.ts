import { describe, expect, it } from 'vitest';
import { translators } from '../../i18n';
import { defaultHead, renderPage } from './html';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Storyhouse</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('renderPage', () => {
  it('sets the page language and head, and leaves the rest of the build alone', () => {
    const html = renderPage(template, 'es', { title: 'Inicio', description: 'Historias' });

    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Inicio</title>');
    expect(html).toContain('<meta name="description" content="Historias">');
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('escapes text it puts in the head', () => {
    const html = renderPage(template, 'en', {
      title: 'Tom & Jerry <script>',
      description: 'Say "hi" it\'s',
      alternates: { es: 'http://es.localhost/a"><script>' },
    });

    expect(html).toContain('<title>Tom &amp; Jerry &lt;script&gt;</title>');
    expect(html).toContain('content="Say &quot;hi&quot; it&#39;s"');
    expect(html).toContain('href="http://es.localhost/a&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('<script>');
  });

  it('links each language version, with English as the default', () => {
    const html = renderPage(template, 'en', {
      title: 'Home',
      alternates: { en: 'http://localhost/', es: 'http://es.localhost/' },
    });

    expect(html).toContain('<link rel="alternate" hreflang="en" href="http://localhost/">');
    expect(html).toContain('<link rel="alternate" hreflang="es" href="http://es.localhost/">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost/">');
  });

  it('preloads the page’s largest image with its srcset and sizes, escaped, and nothing when it has none', () => {
    const preload = { srcset: '/media/resized/a/400/covers/"x".jpg.webp 400w', sizes: '(max-width: 30rem) 100vw, 400px' };
    const html = renderPage(template, 'en', { title: 'Story', preload });

    expect(html).toContain(
      '<link rel="preload" as="image" imagesrcset="/media/resized/a/400/covers/&quot;x&quot;.jpg.webp 400w" imagesizes="(max-width: 30rem) 100vw, 400px" fetchpriority="high">',
    );
    expect(renderPage(template, 'en', { title: 'Story' })).not.toContain('rel="preload"');
  });

  it('puts a server render in the root and then fetches the app’s code at low priority, without preloading the screen’s', () => {
    const built = template.replace('</head>', '<script type="module" crossorigin src="/assets/index-1.js"></script></head>');
    const head = {
      title: 'Story',
      modules: ['/assets/story-page-1.js'],
      styles: ['/assets/story-page-1.css'],
      fonts: ['/assets/face-1.woff2'],
    };

    const rendered = renderPage(built, 'en', head, '{}', '<main>Story</main>');
    expect(rendered).toContain('<div id="root"><main>Story</main></div>');
    expect(rendered).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(rendered).not.toContain('modulepreload');
    expect(rendered).toContain('<link rel="stylesheet" crossorigin href="/assets/story-page-1.css">');
    // The headings' face is asked for beside the stylesheet, as the CORS request a font is.
    expect(rendered).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/face-1.woff2">');

    // A page the browser renders needs its code first.
    const browser = renderPage(built, 'en', head, '{}');
    expect(browser).toContain('<div id="root"></div>');
    expect(browser).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(browser).toContain('<link rel="modulepreload" crossorigin href="/assets/story-page-1.js">');
  });
});

describe('defaultHead', () => {
  it('titles pages with the site name and tagline, and the not-found page as such', () => {
    expect(defaultHead(translators.en, false)).toEqual({
      title: 'Storyhouse: Audio stories for the whole family',
      description: 'Dramatized Bible stories and adventures for children, in English, Spanish and Russian.',
    });
    expect(defaultHead(translators.ru, true)).toEqual({ title: 'Страница не найдена · Storyhouse' });
  });
});
