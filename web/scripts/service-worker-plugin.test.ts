import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { precacheEntries } from './service-worker-plugin';

/** A build's output as the bundler hands it to plugins, reduced to what the precache list reads. */
const chunk = (fileName: string, from: string, imports: string[] = [], dynamicImports: string[] = [], isEntry = false) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: `/work/web/src/${from}`,
    imports,
    dynamicImports,
    isEntry,
  }) as unknown as Rolldown.OutputChunk;
const asset = (fileName: string, source = '') => ({ type: 'asset', fileName, source }) as unknown as Rolldown.OutputAsset;

const bundle = (files: (Rolldown.OutputChunk | Rolldown.OutputAsset)[]) =>
  Object.fromEntries(files.map((f) => [f.fileName, f])) as Rolldown.OutputBundle;

const build = bundle([
  chunk(
    'assets/index-AAAAAAAA.js',
    'main.tsx',
    ['assets/shared-BBBBBBBB.js'],
    ['assets/shop-page-CCCCCCCC.js', 'assets/admin-app-DDDDDDDD.js'],
    true,
  ),
  chunk('assets/shared-BBBBBBBB.js', 'lib/shared.ts'),
  chunk('assets/shop-page-CCCCCCCC.js', 'features/shop/shop-page.tsx', ['assets/shared-BBBBBBBB.js']),
  chunk('assets/admin-app-DDDDDDDD.js', 'features/admin/admin-app.tsx', ['assets/tiptap-EEEEEEEE.js']),
  chunk('assets/tiptap-EEEEEEEE.js', 'features/admin/editor.tsx'),
  asset('assets/style-FFFFFFFF.css'),
  asset('assets/index-AAAAAAAA.js.map'),
  asset('index.html', '<html>template</html>'),
]);

describe('what the service worker precaches from a build', () => {
  const entries = precacheEntries(build, [{ url: '/favicon.svg', content: new TextEncoder().encode('<svg/>') }]);
  const urls = entries.map((e) => e.url);

  it('holds the entry and every chunk a family’s visit may load, by their hashed names', () => {
    expect(urls).toEqual(
      expect.arrayContaining(['/assets/index-AAAAAAAA.js', '/assets/shared-BBBBBBBB.js', '/assets/shop-page-CCCCCCCC.js']),
    );
    expect(entries.find((e) => e.url === '/assets/index-AAAAAAAA.js')?.revision).toBeNull();
    expect(urls).toContain('/assets/style-FFFFFFFF.css');
  });

  it('leaves out the back office’s code and the source maps', () => {
    expect(urls).not.toContain('/assets/admin-app-DDDDDDDD.js');
    expect(urls).not.toContain('/assets/tiptap-EEEEEEEE.js');
    expect(urls).not.toContain('/assets/index-AAAAAAAA.js.map');
  });

  it('revises the public files and the offline copy of the app by their content', () => {
    const favicon = entries.find((e) => e.url === '/favicon.svg')?.revision;
    const shell = entries.find((e) => e.url === '/offline.html')?.revision;
    expect(favicon).toMatch(/^[0-9a-f]{16}$/);
    expect(shell).toMatch(/^[0-9a-f]{16}$/);
    const changed = bundle([
      ...Object.values(build).filter((f) => f.fileName !== 'index.html'),
      asset('index.html', '<html>next</html>'),
    ]);
    expect(precacheEntries(changed, []).find((e) => e.url === '/offline.html')?.revision).not.toBe(shell);
  });
});
