import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isNotModified } from '../../lib/not-modified';
import { type ContentEncoding, negotiateEncoding } from '../../lib/precompressed';

/** A build output named after its content (Vite: assets/<name>-<hash>.<ext>): it never changes, so it is cached for a year. */
export const hashedAsset = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/;
/** The forms of a file the web build precompressed next to it (web/vite.config.ts). */
export const compressedForm = /\.(br|gz)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT_CACHE = 'public, max-age=3600';

/**
 * What the build's assets folder holds, by extension (Vite emits scripts, styles, their source maps, fonts and the
 * pictures the app imports); anything else is sent as bytes, as @fastify/static does.
 */
const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The files kept in memory at most, in bytes (each with its .br and .gz forms): the build's assets are some 4 MB
 * without their source maps, 12 MB with them. Past it a file is read from disk on each request.
 */
const MEMORY_MAX = 32 * 1024 * 1024;

interface Form {
  body: Buffer;
  etag: string;
  mtime: Date;
  lastModified: string;
}

interface Asset {
  type: string;
  cacheControl: string;
  plain: Form;
  br?: Form;
  gzip?: Form;
}

async function formOf(file: string): Promise<Form | undefined> {
  try {
    const [body, s] = await Promise.all([readFile(file), stat(file)]);
    // Size and modification time, as @fastify/send builds its tag (a weak one: each form has its own).
    return {
      body,
      etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`,
      mtime: s.mtime,
      lastModified: s.mtime.toUTCString(),
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The web build's assets folder (issue 47 item 6), from memory: its files are named by their content and never
 * change, so each is read once, on first demand, with its precompressed forms, and then answered as a buffer — no
 * open, stat, read or close per request, which were most of what @fastify/static spent on each. The files are those
 * the folder held at start (as @fastify/static's own routes are), chosen by Accept-Encoding as before: .br, then
 * .gz, then the file itself, with Vary: accept-encoding; a compressed form is never asked for by name. Conditional
 * requests (If-None-Match, If-Modified-Since) answer 304; Range is not honoured (a 200 with the whole file, as
 * RFC 9110 allows), and no Accept-Ranges is sent. Answers the glob that @fastify/static must then leave out.
 */
export function serveBuildAssets(app: FastifyInstance, root: string): string[] {
  const folder = path.join(root, 'assets');
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !compressedForm.test(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  const known = new Set(names);
  const loaded = new Map<string, Promise<Asset | undefined>>();
  let kept = 0;

  const load = async (name: string): Promise<Asset | undefined> => {
    const file = path.join(folder, name);
    const [plain, br, gzip] = await Promise.all([formOf(file), formOf(`${file}.br`), formOf(`${file}.gz`)]);
    if (!plain) return undefined;
    return {
      type: types[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: hashedAsset.test(file) ? IMMUTABLE : SHORT_CACHE,
      plain,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    };
  };

  const assetOf = (name: string) => {
    const hit = loaded.get(name);
    if (hit) return hit;
    const pending = load(name);
    if (kept < MEMORY_MAX) {
      loaded.set(name, pending);
      pending.then(
        (asset) => {
          const size = asset ? [asset.plain, asset.br, asset.gzip].reduce((sum, form) => sum + (form?.body.length ?? 0), 0) : 0;
          if (!asset || kept + size > MEMORY_MAX) loaded.delete(name);
          else kept += size;
        },
        () => loaded.delete(name),
      );
    }
    return pending;
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/assets/:name',
    schema: { hide: true },
    // Sent as built: nothing for @fastify/compress to do.
    compress: false,
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      const asset = known.has(name) ? await assetOf(name) : undefined;
      if (!asset) return reply.callNotFound();
      const encoding: ContentEncoding | undefined = negotiateEncoding(request.headers['accept-encoding']);
      const form = (encoding && asset[encoding]) || asset.plain;
      reply
        .header('cache-control', asset.cacheControl)
        .header('vary', 'accept-encoding')
        .header('etag', form.etag)
        .header('last-modified', form.lastModified)
        .type(asset.type);
      if (form !== asset.plain && encoding) reply.header('content-encoding', encoding);
      if (isNotModified(request, form)) return reply.code(304).send();
      return reply.header('content-length', form.body.length).send(form.body);
    },
  });
  return ['assets/*'];
}
