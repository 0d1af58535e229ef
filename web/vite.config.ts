import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './scripts/service-worker-plugin.js';

const brotli = promisify(brotliCompress);
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed already; source maps only go to developer tools. */
const compressible = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|wasm)$/;
/** Smaller files are not worth it (as server/src/lib/precompressed.ts's COMPRESS_THRESHOLD). */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz form next to each compressible file of the build
 * (public files included), at the best quality, once: the server sends them
 * by Accept-Encoding instead of compressing on every request (web module).
 * index.html is left out: the server fills it in per page. scripts/check-bundle.mjs reads the .gz sizes.
 */
/**
 * The message catalogs (some 3,000 messages each) are built as `JSON.parse('…')`, not as an object literal: the
 * browser reads a string of JSON about three times faster than the same object written as script, and the page's
 * catalog is read while the app hydrates (issue 46: Lighthouse's blocking time). Vite's own `json.stringify` is
 * left as an object literal by the build.
 */
function catalogsAsJson(): Plugin {
  const catalog = /[\\/]packages[\\/]i18n[\\/]src[\\/]catalogs[\\/][a-z]{2}\.json$/;
  return {
    name: 'storyhouse-catalogs-as-json',
    enforce: 'pre',
    load(id) {
      if (!catalog.test(id)) return null;
      const json = JSON.stringify(JSON.parse(readFileSync(id, 'utf8')));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'storyhouse-precompress',
    // The server-render bundle (dist/.ssr, decision 015) is read from disk by the server, never sent.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && compressible.test(e.name) && !path.relative(outDir, e.parentPath).startsWith('.vite'))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The app uses react-router in declarative mode (BrowserRouter, Routes,
 * Route; no data router, no framework mode), but its production build keeps
 * code only those modes run, and all of it lands in the shell's first
 * download (scripts/check-bundle.mjs). Four edits of its one module let the
 * bundler drop that code; none changes what declarative mode does:
 * - `X.displayName = "…"` (a name for React's developer tools) is a write the
 *   bundler must keep, and it keeps X with it (HistoryRouter, ScrollRestoration…);
 * - `React.forwardRef(…)` is marked pure, so an unused component (Form) goes;
 * - Link asks usePrefetchBehavior, which without the framework's context
 *   always answers "no prefetch, no handlers": that answer is written in, and
 *   PrefetchPageLinks and its helpers go;
 * - NavLink's view-transition state is only read under a data router
 *   (`routerState != null`, always null here): it is false;
 * - a route's error boundary reads an error's digest and hands redirects to
 *   RSCErrorHandler only inside an RSC router (`this.context`, the
 *   RSCRouterContext, always false here): both are dropped, and the digest
 *   decoders and RSCErrorHandler go with them;
 * - useNavigate takes the data router's stable navigate only on a data route
 *   (`isDataRoute`, always false here): it is the declarative one.
 * Each edit must match as often as counted, in the one module that holds
 * Link, so an upgrade that changes the code fails the build instead of
 * silently keeping or breaking it.
 */
function reactRouterDeclarativeOnly(): Plugin {
  const edits: [RegExp, string, number][] = [
    [/^\w+\.displayName = "[^"]*";$/gm, '', 15],
    [/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(', 4],
    [
      /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/g,
      'const shouldPrefetch = false, prefetchRef = null, prefetchHandlers = {};',
      1,
    ],
    [
      /routerState != null && \/\/[^\n]*\n\s*\/\/[^\n]*\n\s*useViewTransitionState\(path\) && viewTransition === true/g,
      'false',
      1,
    ],
    [/if \(this\.context && typeof error === "object"/g, 'if (false && typeof error === "object"', 1],
    [
      /let \{ isDataRoute \} = \w+\.useContext\(RouteContext\);\s*return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);/g,
      'return useNavigateUnstable();',
      1,
    ],
    [
      /if \(this\.context\) \{\s*return \/\* @__PURE__ \*\/ \w+\.createElement\(RSCErrorHandler, \{ error \}, result\);\s*\}/g,
      '',
      1,
    ],
  ];
  let edited = false;
  return {
    name: 'storyhouse-react-router-declarative-only',
    // Only the browser's download has a budget; the server render imports react-router from node_modules.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    enforce: 'pre',
    buildStart() {
      edited = false;
    },
    buildEnd(error) {
      if (!error && !edited) throw new Error('react-router: no module with Link found to edit');
    },
    transform(code, id) {
      if (!id.startsWith(path.join(reactRouterDir, 'dist/production/chunk-')) || !code.includes('function usePrefetchBehavior('))
        return;
      edited = true;
      let out = code;
      for (const [pattern, replacement, count] of edits) {
        const found = out.match(pattern)?.length ?? 0;
        if (found !== count) throw new Error(`react-router: ${pattern} matched ${found}, not ${count} times in ${id}`);
        // The line count stays, so the source map of the unedited lines still holds.
        out = out.replace(pattern, (...m) => replacement.replace('$1', m[1]) + '\n'.repeat(m[0].split('\n').length - 1));
      }
      return { code: out, map: null };
    },
  };
}

/**
 * TanStack Query's Query runs an infinite query's page-by-page fetch
 * (infiniteQueryBehavior) when the query is infinite, so that code is in the
 * shell's first download (scripts/check-bundle.mjs) although the app has no
 * infinite query. One edit of query.js drops it (0.4 KB gzip); a module of the
 * app that asks for an infinite query fails the build, so the edit never
 * breaks one silently. The edit must match once, or the build fails.
 */
function tanstackQueryWithoutInfinite(): Plugin {
  const edit = /\(this\.#queryType === "infinite" \? infiniteQueryBehavior\(this\.options\.pages\) : this\.options\.behavior\)/g;
  const asksInfinite =
    /\b(use(Suspense)?InfiniteQuery|usePrefetchInfiniteQuery|infiniteQueryOptions|InfiniteQueryObserver|(fetch|prefetch)InfiniteQuery|ensureInfiniteQueryData)\b/;
  let edited = false;
  return {
    name: 'storyhouse-tanstack-query-without-infinite',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    enforce: 'pre',
    buildStart() {
      edited = false;
    },
    buildEnd(error) {
      if (!error && !edited) throw new Error('@tanstack/query-core: no query.js found to edit');
    },
    transform(code, id) {
      if (!id.includes('node_modules')) {
        if (/\.[cm]?[jt]sx?$/.test(id) && asksInfinite.test(code))
          throw new Error(`${id} asks for an infinite query: remove tanstackQueryWithoutInfinite from web/vite.config.ts`);
        return;
      }
      if (!/@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]query\.js$/.test(id)) return;
      const found = code.match(edit)?.length ?? 0;
      if (found !== 1) throw new Error(`@tanstack/query-core: ${edit} matched ${found}, not 1 time in ${id}`);
      edited = true;
      return { code: code.replace(edit, 'this.options.behavior'), map: null };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    catalogsAsJson(),
    react(),
    precompress(),
    reactRouterDeclarativeOnly(),
    tanstackQueryWithoutInfinite(),
    serviceWorker(),
  ],
  resolve: {
    // react-router's package exports name only its development build (with
    // its dev warnings); a build takes the production one, as small as the
    // shell's budget needs (scripts/check-bundle.mjs).
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') }]
        : [],
  },
  // The server render's bundle (decision 015) carries its libraries: a build served from elsewhere (WEB_DIST) has
  // no node_modules beside it to import them from.
  ssr: { noExternal: true },
  // ...and renders with their production builds, as the browser's build does. Vite leaves process.env.NODE_ENV to
  // the server at run time in a server bundle, and the server's NODE_ENV describes the site (development: the demo
  // content, the developer mailbox), so React rendered pages with its development build, checks and warnings, at
  // a fraction of the speed.
  define: command === 'build' && isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    target: 'es2022',
    // The public files belong to the browser's build only.
    copyPublicDir: !isSsrBuild,
    // One stylesheet for the whole app (about 11 KB compressed): a page's first paint waits for one request instead of
    // one per screen and layout, and a move to another screen never waits for its styles.
    cssCodeSplit: false,
    // No <link rel="modulepreload"> added by script for a lazy chunk's dependencies: the browser fetches a chunk's
    // imports itself as soon as it reads the chunk, while each link the preload helper appended cost the page a
    // synchronous request start on the main thread (some 25 of them as the home page hydrated: 30 ms at full speed,
    // four times that on Lighthouse's phone, issue 46). The server's HTML still names a page's first chunks (html.ts).
    modulePreload: false,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in one chunk: left to
        // itself the bundler shares it out in several small chunks by which
        // lazy screens use them too, and those compress worse (some 3 KB
        // gzip more on the shell's budget, scripts/check-bundle.mjs).
        // The app the entry asks for once the page has painted (src/app/boot.tsx, decision 081) is one chunk for the
        // same reason: boot.tsx and every module it imports statically.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'app', test: /[\\/]src[\\/]app[\\/]boot\.tsx$/, includeDependenciesRecursively: true },
          ],
        },
        // A lazy chunk is named by its hash alone: the entry lists every chunk a screen may need (its dependencies,
        // fetched beside it), some 100 names whose readable parts cost 0.8 KB gzip of the first download. The
        // source maps still name each module; `c-` keeps the <name>-<hash> form the server caches for a year
        // (server/src/modules/web/web.plugin.ts hashedAsset).
        chunkFileNames: 'assets/c-[hash].js',
      },
    },
  },
  server: {
    // `npm run dev -w web` talks to the API server started with `npm start`.
    proxy: { '/crud': 'http://localhost:3000', '/logout': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
}));
