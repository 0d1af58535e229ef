import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserScreenTable, cmsPageSource, displayFaceSources, screenAssets, screenSources } from './screen-modules';

const web = path.resolve(import.meta.dirname, '../../../../web');

describe('the screens a page links to ahead', () => {
  it('name modules of the web app (a moved screen fails here, not silently in the browser)', () => {
    for (const source of [...Object.values(screenSources), browserScreenTable, cmsPageSource])
      expect(existsSync(path.join(web, source)), source).toBe(true);
  });

  const root = mkdtempSync(path.join(tmpdir(), 'storyhouse-manifest-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_shared-1.js'],
        // The app, which the entry imports once the page has painted (decision 081).
        dynamicImports: ['_boot-1.js'],
        css: ['assets/index-1.css'],
      },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_boot-1.js': { file: 'assets/boot-1.js', name: 'app', imports: ['_shared-1.js', '_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_card-1.js': { file: 'assets/card-1.js', imports: ['index.html', '_shared-1.js'], css: ['assets/card-1.css'] },
      'src/features/home/home-layout.tsx': {
        file: 'assets/home-layout-1.js',
        src: 'src/features/home/home-layout.tsx',
        imports: ['index.html', '_card-1.js'],
        css: ['assets/home-1.css'],
      },
      '../packages/i18n/src/catalogs/es.json': { file: 'assets/es-1.js', src: '../packages/i18n/src/catalogs/es.json' },
      [displayFaceSources.ru[0] as string]: { file: 'assets/nunito-latin-1.woff2', src: displayFaceSources.ru[0] },
      [displayFaceSources.ru[1] as string]: { file: 'assets/nunito-cyrillic-1.woff2', src: displayFaceSources.ru[1] },
    }),
  );

  it('are the app, the language’s messages and the screen with what each imports, never what the entry already brings', () => {
    expect(screenAssets(root)('es', 'home-page')).toEqual({
      modules: ['/assets/boot-1.js', '/assets/react-1.js', '/assets/es-1.js', '/assets/home-layout-1.js', '/assets/card-1.js'],
      styles: ['/assets/home-1.css', '/assets/card-1.css'],
      fonts: ['/assets/nunito-latin-1.woff2'],
    });
  });

  it('preload the display face’s files the language’s headings use: latin, and cyrillic for Russian', () => {
    expect(screenAssets(root)('en', undefined).fonts).toEqual(['/assets/nunito-latin-1.woff2']);
    expect(screenAssets(root)('ru', undefined).fonts).toEqual([
      '/assets/nunito-latin-1.woff2',
      '/assets/nunito-cyrillic-1.woff2',
    ]);
  });

  it('take the table of the browser-rendered pages’ screens with them, when the build has it', () => {
    const withTable = mkdtempSync(path.join(tmpdir(), 'storyhouse-manifest-'));
    try {
      mkdirSync(path.join(withTable, '.vite'));
      writeFileSync(
        path.join(withTable, '.vite/manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-1.js', isEntry: true },
          [browserScreenTable]: { file: 'assets/c-table1.js', src: browserScreenTable, imports: ['index.html'] },
          'src/features/cart/cart-page.tsx': { file: 'assets/c-cart1.js', src: 'src/features/cart/cart-page.tsx' },
          [cmsPageSource]: { file: 'assets/c-cms1.js', src: cmsPageSource },
        }),
      );
      expect(screenAssets(withTable)('en', 'cart').modules).toEqual(['/assets/c-table1.js', '/assets/c-cart1.js']);
      expect(screenAssets(withTable)('en', undefined).modules).toEqual(['/assets/c-table1.js']);
      // A CMS template's layout comes with the CMS page it is drawn in.
      expect(screenAssets(withTable)('en', 'free-mp3').modules).toEqual(['/assets/c-table1.js', '/assets/c-cms1.js']);
    } finally {
      rmSync(withTable, { recursive: true, force: true });
    }
  });

  it('are the app alone for a screen or language the build does not have', () => {
    expect(screenAssets(root)('ru', 'shop')).toMatchObject({ modules: ['/assets/boot-1.js', '/assets/react-1.js'], styles: [] });
  });
});
