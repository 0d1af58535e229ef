import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** Smaller bodies are sent as they are: compressing them saves less than it costs (app.ts uses it too). */
export const COMPRESS_THRESHOLD = 1024;

export type ContentEncoding = 'br' | 'gzip';
const encodings: ContentEncoding[] = ['br', 'gzip'];

/** The encoding to answer a request with, from its Accept-Encoding (q-values honoured), or undefined for none. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  return acceptEncoding ? ((negotiate(acceptEncoding, encodings) as ContentEncoding | null) ?? undefined) : undefined;
}

/**
 * A text that is served many times as it is (a cached CMS page): each
 * encoding is made once, on first demand, at the best quality, instead of on
 * every request as @fastify/compress would. Undefined below the threshold.
 */
export function precompressed(text: string): (encoding: ContentEncoding) => Buffer | undefined {
  if (Buffer.byteLength(text) < COMPRESS_THRESHOLD) return () => undefined;
  const made: Partial<Record<ContentEncoding, Buffer>> = {};
  return (encoding) => {
    made[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(text, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          })
        : gzipSync(text, { level: 9 });
    return made[encoding];
  };
}
