import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, Rolldown } from 'vite';

/** A precache entry as Workbox reads it: a hashed file needs no revision (its name changes with its content). */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The offline copy of the app (web/src/sw/rules.ts OFFLINE_SHELL_URL; the server renders it per site language). */
const OFFLINE_SHELL_URL = '/offline.html';

/** Code a family's visit never runs: the back office, the developer mailbox, an admin's page preview. Not precached. */
const notForFamilies = /[\\/]src[\\/](features[\\/](admin|mailbox)[\\/]|app[\\/]cms-preview-screen\.)/;

const revisionOf = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * What the worker precaches from a build: the entry chunk and every chunk it
 * may load (statically or lazily), but those only the back office loads;
 * the build's other files (the stylesheet, fonts); the public files; and the
 * offline copy of the app, revised with the page template.
 */
export function precacheEntries(bundle: Rolldown.OutputBundle, publicFiles: { url: string; content: Uint8Array }[]) {
  const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const reached = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || reached.has(chunk.fileName) || (chunk.facadeModuleId && notForFamilies.test(chunk.facadeModuleId))) return;
    reached.add(chunk.fileName);
    for (const name of [...chunk.imports, ...chunk.dynamicImports]) visit(byName.get(name));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);

  const entries: PrecacheEntry[] = [...reached].sort().map((file) => ({ url: `/${file}`, revision: null }));
  for (const file of Object.values(bundle)) {
    if (file.type === 'asset' && file.fileName.startsWith('assets/') && !file.fileName.endsWith('.map'))
      entries.push({ url: `/${file.fileName}`, revision: null });
  }
  for (const { url, content } of publicFiles) entries.push({ url, revision: revisionOf(content) });
  const template = bundle['index.html'];
  if (template?.type !== 'asset') throw new Error('service worker: no index.html in the build');
  entries.push({ url: OFFLINE_SHELL_URL, revision: revisionOf(template.source) });
  return entries;
}

/** The files of the public folder, by their address. */
async function readPublicFiles(dir: string) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return Promise.all(
    files.map(async (e) => {
      const file = path.join(e.parentPath, e.name);
      return { url: `/${path.relative(dir, file).split(path.sep).join('/')}`, content: await readFile(file) };
    }),
  );
}

/**
 * Builds the service worker (src/sw/sw.ts, decision 034) into the build's
 * root as /sw.js, with the build's precache list in place of
 * `self.__WB_MANIFEST` and the build's name (a hash of that list): a new
 * build is a new worker, a build that changes nothing is the same one.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'storyhouse-service-worker',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const entries = precacheEntries(bundle, publicDir ? await readPublicFiles(publicDir) : []);
      const manifest = JSON.stringify(entries);
      const result = await build({
        entryPoints: [path.join(root, 'src/sw/sw.ts')],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        legalComments: 'none',
        define: {
          'self.__WB_MANIFEST': manifest,
          __SW_BUILD__: JSON.stringify(revisionOf(manifest)),
          'process.env.NODE_ENV': '"production"',
        },
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error('service worker: esbuild wrote nothing');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
