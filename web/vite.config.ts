import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'storyhouse-precompress',
    apply: 'build',
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

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    // react-router's package exports name only its development build (with
    // its dev warnings); a build takes the production one, as small as the
    // shell's budget needs (scripts/check-bundle.mjs).
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') }]
        : [],
  },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in one chunk: left to
        // itself the bundler shares it out in several small chunks by which
        // lazy screens use them too, and those compress worse (some 3 KB
        // gzip more on the shell's budget, scripts/check-bundle.mjs).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    // `npm run dev -w web` talks to the API server started with `npm start`.
    proxy: { '/crud': 'http://localhost:3000', '/logout': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
}));
