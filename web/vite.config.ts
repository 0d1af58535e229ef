import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
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

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev -w web` talks to the API server started with `npm start`.
    proxy: { '/crud': 'http://localhost:3000', '/logout': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
