import { demoPage, expect, test } from './fixtures';

// Decision 014: a page arrives with the answers its first render needs, so
// opening it asks the API nothing: no round trip before the page shows, and
// nothing arriving later to push the page about.

const pages = (lang: 'en' | 'es') => [
  { path: '/', h1: demoPage(lang, '/index').title },
  { path: '/shop', h1: null },
  { path: '/story/david-the-shepherd-boy', h1: null },
  { path: '/free-streaming', h1: null },
  {
    path: lang === 'es' ? '/suscripcion' : '/subscription',
    h1: demoPage(lang, lang === 'es' ? '/suscripcion' : '/subscription').title,
  },
  { path: lang === 'es' ? '/privacidad' : '/privacy', h1: demoPage(lang, lang === 'es' ? '/privacidad' : '/privacy').title },
  { path: lang === 'es' ? '/apoyar' : '/support-us', h1: demoPage(lang, lang === 'es' ? '/apoyar' : '/support-us').title },
  { path: lang === 'es' ? '/tarjeta-de-regalo' : '/gift-card', h1: null },
];

test('a page opened directly shows its content without asking the API', async ({ page, siteLang }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/crud/')) asked.push(url.pathname + url.search);
  });
  for (const { path, h1 } of pages(siteLang)) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(h1 ? heading.filter({ hasText: h1 }) : heading).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked, `API calls opening ${path}`).toEqual([]);
  }
});
