import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** An answer served many times as it is: serialized once, each encoding made once on first demand. */
export interface Serialized {
  json: string;
  /** `json` compressed (undefined when it is too small to be worth it). */
  encoded: (encoding: ContentEncoding) => Buffer | undefined;
}

export function serialized(body: unknown): Serialized {
  const json = JSON.stringify(body);
  return { json, encoded: precompressed(json) };
}

const asIs = (s: unknown) => s as string;

/**
 * Sends a serialized JSON answer as it is, compressed when the request
 * accepts br or gzip: no serialization or compression per request. The
 * caller sets Cache-Control and Vary (which must name accept-encoding).
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: Serialized): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const encoded = encoding && answer.encoded(encoding);
  // A body that already has its Content-Encoding is left alone by @fastify/compress.
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
  return sendJsonText(reply, answer.json);
}

/** Sends JSON already written (a kept page: lib/kept-pages.ts) as it is; @fastify/compress compresses it as any answer. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').serializer(asIs).send(json);
}
