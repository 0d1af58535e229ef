import type { FastifyRequest } from 'fastify';

/** RFC 9110 §8.8.3.2 weak comparison: the opaque tags match, W/ aside. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a conditional GET is answered 304: If-None-Match, or If-Modified-Since when there is no If-None-Match
 * (RFC 9110 §13.2.2), against the file's tag and modification time (a stored file, a file of the web build).
 */
export function isNotModified(request: FastifyRequest, file: { etag: string; mtime: Date }) {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    return noneMatch.split(',').some((tag) => opaque(tag) === opaque(file.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(file.mtime.getTime() / 1000) * 1000 <= since;
}
