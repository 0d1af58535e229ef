import type { AdminCmsEntryRow } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { mainPages, pageMatches, sitePages } from './site-pages';

const name = (key: string) => key.split('.').at(-1) ?? key;
const cms = (url: string, title: string): AdminCmsEntryRow => ({
  id: 1,
  lang_code: 'es',
  type: 'standard' as AdminCmsEntryRow['type'],
  url,
  title,
  status: 'published',
  has_draft: false,
  translation_key: null,
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('the pages a menu item can open', () => {
  it('has the storefront’s main pages at their paths in the menu’s language', () => {
    const es = mainPages('es', name);
    expect(es).toContainEqual({ title: 'shop', path: '/tienda', source: 'main' });
    expect(es).toContainEqual({ title: 'contact', path: '/contactar', source: 'main' });
    expect(mainPages('en', name)).toContainEqual({ title: 'shop', path: '/shop', source: 'main' });
    // Never a page reached only by an e-mailed link or a step of the checkout.
    expect(mainPages('en', name).map((p) => p.path)).not.toContain('/payment');
  });

  it('gives a CMS page’s own title over the back office’s name for the same path, and the home page at /', () => {
    const pages = sitePages(
      [cms('/contactar', 'Escríbenos'), cms('/index', 'Historias bíblicas'), cms('/quienes-somos', 'Nuestra historia')],
      mainPages('es', name),
      'es',
      '',
    );
    expect(pages.filter((p) => p.path === '/contactar')).toEqual([{ title: 'Escríbenos', path: '/contactar', source: 'cms' }]);
    expect(pages.filter((p) => p.path === '/')).toEqual([{ title: 'Historias bíblicas', path: '/', source: 'cms' }]);
    expect(pages.map((p) => p.path)).toContain('/quienes-somos');
  });

  it('finds a main page by every word of the search, in its title or path, accents and case aside', () => {
    const shop = { title: 'Tienda de música', path: '/tienda', source: 'main' as const };
    expect(pageMatches(shop, 'MUSICA')).toBe(true);
    expect(pageMatches(shop, 'tienda musica')).toBe(true);
    expect(pageMatches(shop, 'tienda libros')).toBe(false);
    // The CMS pages come searched by the server; the main pages the search does not find are left out.
    expect(sitePages([], [shop], 'es', 'libros')).toEqual([]);
  });

  it('lists them by title in the language’s order', () => {
    const pages = sitePages([cms('/b', 'Él'), cms('/a', 'Zeta'), cms('/c', 'Árbol')], [], 'es', '');
    expect(pages.map((p) => p.title)).toEqual(['Árbol', 'Él', 'Zeta']);
  });
});
