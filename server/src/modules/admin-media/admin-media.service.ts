import { randomBytes } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  ADMIN_MEDIA_PER_PAGE,
  type AdminMediaItem,
  type AdminMediaResponse,
  type MediaKind,
  type MediaUploadResponse,
  mediaMaxBytes,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { byteLimit, type Storage, StorageLimitError } from '../../providers/storage/storage';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { adminMediaRepository } from './admin-media.repository';
import { HEAD_BYTES, inspectAudio, inspectImage, typeOf } from './media-checks';

export interface UploadedPart {
  /** The file's bytes as they arrive (busboy's stream; `truncated` once past the parser's size limit). */
  file: Readable & { truncated?: boolean };
  filename: string;
}

const folders: Record<MediaKind, string> = { audio: 'uploads/audio', image: 'uploads/images' };

/** An uploaded file of a kind by its key, or undefined (a product's cover chosen on the Media page must be one). */
export const uploadedFile = (db: Db, key: string, kind: MediaKind) => adminMediaRepository(db).byKey(key, kind);

/** How the audit log names an uploaded file. */
export const mediaTarget = (key: string) => auditTarget('media', key);

/** The name the admin's computer gave the file, as text the database keeps (no control characters, 200 at most). */
const cleanName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  Array.from(name.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .slice(0, 200)
    .join('') || '-';

/**
 * Whether a stream failed because the upload's body was cut off: the
 * connection closed (Node's "aborted"), or busboy and @fastify/multipart
 * found the multipart body ending before its file did.
 */
function isCutOff(err: unknown) {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return (
    ['ECONNRESET', 'FST_MP_PREMATURE_CLOSE'].includes(code) ||
    /^aborted$|unexpected end of (form|multipart data)|terminated early/i.test(err.message)
  );
}

/** The request as the audit log reads it, with the client address it came from. */
const withAddress = (request: FastifyRequest, ip: string) =>
  new Proxy(request, { get: (target, name) => (name === 'ip' ? ip : Reflect.get(target, name, target)) });

/**
 * The first `bytes` of a stream, and the stream to read the whole file from
 * (the same one with those bytes put back, or, for a file that short, one of
 * just them).
 */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; source: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes && !ended) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    ended = await new Promise<boolean>((resolve, reject) => {
      const settle = (value: boolean | Error) => {
        stream.off('readable', onReadable).off('end', onEnd).off('error', settle);
        if (value instanceof Error) reject(value);
        else resolve(value);
      };
      const onReadable = () => settle(false);
      const onEnd = () => settle(true);
      stream.on('readable', onReadable).on('end', onEnd).on('error', settle);
    });
  }
  const head = Buffer.concat(chunks);
  if (ended) return { head, source: Readable.from([head]) };
  stream.unshift(head);
  return { head, source: stream };
}

/**
 * Issue 30 item 2: files uploaded in the back office. Each streams to the
 * media storage under a new key (never a key in use: replacing a product's
 * file means pointing it at the new key, and a family's download of the old
 * one goes on) while its content is checked; it is recorded, with the
 * audit entry, only once it is stored whole.
 */
export function adminMediaService(db: Db, storage: Storage) {
  const repository = adminMediaRepository(db);

  /** Streams a part to `key` through the byte limit and the checks; the failures in words an admin reads. */
  async function store(part: UploadedPart, kind: MediaKind, previewSeconds: number | undefined) {
    const max = mediaMaxBytes[kind];
    let cutOff = false;
    part.file.once('error', (err) => {
      cutOff = isCutOff(err);
    });
    try {
      const { head, source } = await peek(part.file, HEAD_BYTES);
      const type = typeOf(kind, head);
      const key = `${folders[kind]}/${randomBytes(16).toString('hex')}.${type.extension}`;
      const inspection = kind === 'audio' ? inspectAudio(previewSeconds) : inspectImage();
      // The callback form: a failure anywhere destroys every stream with it, so the storage sees it too.
      const checked = pipeline(source, byteLimit(max), inspection.stream, () => {});
      const size = await storage.writeStream(key, checked, type.contentType, max);
      if (part.file.truncated) {
        // The body was cut at the limit and what came was stored whole: it is not kept.
        await storage.remove?.(key).catch(() => {});
        throw new StorageLimitError(max);
      }
      return { key, type, size, lengthSeconds: inspection.lengthSeconds(), clip: inspection.clip() };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof StorageLimitError) {
        throw new AppError('too_large', 'media_too_large', { megabytes: Math.round(max / (1024 * 1024)) });
      }
      // The body ended early, not the storage failing (a 500, logged).
      if (cutOff || isCutOff(err)) throw new AppError('invalid_data', 'media_upload_incomplete');
      throw err;
    }
  }

  return {
    async upload(
      request: FastifyRequest,
      admin: { id: number; email: string },
      kind: MediaKind,
      part: UploadedPart,
      previewSeconds?: number,
    ): Promise<MediaUploadResponse> {
      // The client address as the request came: a socket closed since has none.
      const recorded = withAddress(request, request.ip);
      const stored = await store(part, kind, kind === 'audio' ? previewSeconds : undefined);
      const length = stored.lengthSeconds === undefined ? undefined : Math.round(stored.lengthSeconds);
      const originalName = cleanName(part.filename);
      let preview: MediaUploadResponse['preview'];
      try {
        // The uploader cancelled once the file was in: they were told nothing was kept, so nothing is.
        if (request.raw.socket?.destroyed === true) throw new AppError('invalid_data', 'media_upload_incomplete');
        if (stored.clip && stored.clip.bytes.length > 0) {
          const key = stored.key.replace(/\.mp3$/, '-preview.mp3');
          await storage.write(key, stored.clip.bytes, 'audio/mpeg');
          preview = { key, kind: 'audio', size: stored.clip.bytes.length, length_seconds: Math.round(stored.clip.seconds) };
        }
        await db.transaction().execute(async (trx) => {
          await adminMediaRepository(trx).insert({
            key: stored.key,
            kind,
            contentType: stored.type.contentType,
            size: stored.size,
            lengthSeconds: length ?? null,
            previewKey: preview?.key ?? null,
            originalName,
            admin,
          });
          await recordAdminAction(trx, recorded, admin, 'media.upload', mediaTarget(stored.key), {
            kind,
            original_name: originalName,
            size_bytes: stored.size,
            length_seconds: length ?? null,
            preview_key: preview?.key ?? null,
          });
        });
      } catch (err) {
        // Unrecorded files are no one's: not left behind (never listed or linked, so never served meanwhile).
        for (const key of [stored.key, preview?.key]) if (key) await storage.remove?.(key).catch(() => {});
        throw err;
      }
      return {
        key: stored.key,
        kind,
        size: stored.size,
        ...(length === undefined ? {} : { length_seconds: length }),
        ...(preview ? { preview } : {}),
      };
    },

    async list(page: number, kind: MediaKind | undefined, search = ''): Promise<AdminMediaResponse> {
      const { rows, count } = await repository.page(page, ADMIN_MEDIA_PER_PAGE, kind, search);
      const items: AdminMediaItem[] = rows.map((row) => ({
        id: row.id,
        key: row.key,
        kind: row.kind as MediaKind,
        size: row.size_bytes,
        ...(row.length_seconds === null ? {} : { length_seconds: row.length_seconds }),
        original_name: row.original_name,
        preview_key: row.preview_key,
        uploaded_by: { id: row.uploaded_by, email: row.uploaded_by_email },
        uploaded_at: row.uploaded_at.toISOString(),
      }));
      return { items, page, per_page: ADMIN_MEDIA_PER_PAGE, count };
    },
  };
}
