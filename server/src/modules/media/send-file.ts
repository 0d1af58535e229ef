import type { ErrorBody } from '@storyhouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { isNotModified } from '../../lib/not-modified';
import type { Storage, StoredFile } from '../../providers/storage/storage';
import { parseRange } from './byte-range';

export interface SendFileOptions {
  contentType: string;
  cacheControl: string;
  /** Content-Disposition of a successful answer (a download), never of an error. */
  disposition?: string | undefined;
}

/**
 * A range up to this size is read at once and sent as one buffer where the storage can (Storage.readBytes): a
 * player's small ranges cost a read, not a stream's set-up. Larger ones, and whole files, stream.
 */
const SMALL_RANGE = 256 * 1024;

/**
 * If-Range (RFC 9110 §13.1.5): the range applies only while the client's copy
 * is current, judged by a strong tag match or the exact Last-Modified date.
 */
function ifRangeHolds(request: FastifyRequest, file: StoredFile) {
  const value = request.headers['if-range'];
  if (value === undefined) return true;
  if (typeof value !== 'string') return false;
  if (value.startsWith('"') || value.startsWith('W/')) return value === file.etag;
  return value === file.mtime.toUTCString();
}

/**
 * Sends a stored file the way a media player and a CDN expect (DESIGN.md:
 * audio with Range, Content-Type, ETag and cache headers): validators,
 * conditional 304, one byte range as 206, 416 for a range outside the file,
 * and HEAD with the same headers and no body. The body streams from storage;
 * @fastify/compress leaves it alone (audio and images are not compressible
 * types, and it never touches a 206).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Pick<Storage, 'stat' | 'read' | 'readBytes'>,
  key: string,
  { contentType, cacheControl, disposition }: SendFileOptions,
) {
  const file = await storage.stat(key);
  if (!file) throw new AppError('not_found', 'item_not_found');

  reply.header('accept-ranges', 'bytes');
  reply.header('etag', file.etag);
  reply.header('last-modified', file.mtime.toUTCString());
  reply.header('cache-control', cacheControl);

  if (isNotModified(request, file)) return reply.code(304).send();

  // Range applies to GET only (RFC 9110 §14.2); a HEAD describes the whole file.
  const range =
    request.method === 'GET' && ifRangeHolds(request, file)
      ? parseRange(request.headers.range, file.size)
      : ({ kind: 'whole' } as const);

  if (range.kind === 'unsatisfiable') {
    const body: ErrorBody = { code: 'range_not_satisfiable', message: request.t('errors.range_not_satisfiable') };
    return reply.code(416).header('content-range', `bytes */${file.size}`).type('application/json; charset=utf-8').send(body);
  }

  reply.type(contentType);
  if (disposition) reply.header('content-disposition', disposition);
  if (range.kind === 'range') {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  if (request.method === 'HEAD') return reply.send();
  if (range.kind === 'range' && storage.readBytes && range.end - range.start < SMALL_RANGE) {
    return reply.send(await storage.readBytes(key, range));
  }
  return reply.send(await storage.read(key, range.kind === 'range' ? range : undefined));
}
