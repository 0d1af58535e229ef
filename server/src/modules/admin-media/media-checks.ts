import { Transform } from 'node:stream';
import { MEDIA_MAX_PIXELS, type MediaKind } from '@storyhouse/contracts';
import { type IAudioMetadata, parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import { type Clip, looksLikeMp3, MpegFrames } from './mpeg-frames';

/**
 * The checks of an upload by its content (issue 30 item 2), run on the bytes
 * as they stream to storage: the first bytes must be the kind's (magic
 * bytes), then the whole file must parse or decode. A check that fails
 * fails the stream, so the storage keeps nothing; the end of the stream
 * waits for the verdict, so a file is stored only once it has passed.
 */

/** Bytes read before the type is judged: enough for every signature below. */
export const HEAD_BYTES = 16;

export interface ImageType {
  contentType: string;
  extension: string;
}

/** A picture's type by its signature: JPEG, PNG, GIF or WebP (SVG never: it can carry script). */
export function imageTypeOf(head: Buffer): ImageType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { contentType: 'image/png', extension: 'png' };
  }
  const ascii = head.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return { contentType: 'image/gif', extension: 'gif' };
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return { contentType: 'image/webp', extension: 'webp' };
  return undefined;
}

/** The type of an upload's first bytes, or the refusal of its kind. */
export function typeOf(kind: MediaKind, head: Buffer): ImageType {
  if (kind === 'audio') {
    if (!looksLikeMp3(head)) throw new AppError('invalid_data', 'media_not_mp3');
    return { contentType: 'audio/mpeg', extension: 'mp3' };
  }
  const type = imageTypeOf(head);
  if (!type) throw new AppError('invalid_data', 'media_not_image');
  return type;
}

export interface Inspection {
  /** Passes the bytes on, and fails or ends only once the content is judged. */
  stream: Transform;
  /** For audio: the track's length in seconds, once the stream has ended. */
  lengthSeconds(): number | undefined;
  /** For audio with a preview asked for: the clip cut from the start. */
  clip(): Clip | undefined;
}

/**
 * A pass-through that also hands every chunk to `check` (with backpressure)
 * and, at the end, waits for its verdict before ending: a refusal fails the
 * stream before the storage sees its end.
 */
function inspecting(check: { write(chunk: Buffer): Promise<void>; verdict(): Promise<void> }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      check.write(chunk).then(() => done(null, chunk), done);
    },
    flush(done) {
      check.verdict().then(() => done(), done);
    },
  });
}

/** How much of an MP3's start music-metadata reads: its ID3 tag and this much after (the first frames, a Xing header). */
const AUDIO_HEAD_AFTER_TAG = 256 * 1024;
/** An ID3 tag bigger than this (a huge embedded picture) is not read whole: the frames' own count gives the length. */
const AUDIO_HEAD_MAX = 16 * 1024 * 1024;

/**
 * An MP3: every byte after the ID3 tag is walked as MPEG frames as it
 * streams by (a renamed program behind an MP3's first bytes is mostly no
 * frames, and is refused), and at the end music-metadata reads the track's
 * format and length from its start and its size (the Xing/VBRI frame count,
 * or a constant bitrate's data size: how players read it). Reading every
 * frame through music-metadata would cost about 10 s for 60 MB. Where it
 * reads no length, or one the frames' own count belies by more than 2% (a
 * Xing header copied from another file), the frames' count is the length.
 * With `previewSeconds`, the first seconds are kept as a clip.
 */
export function inspectAudio(previewSeconds: number | undefined): Inspection {
  const frames = new MpegFrames(previewSeconds ?? 0);
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let length: number | undefined;
  const refuse = () => new AppError('invalid_data', 'media_no_audio');
  const stream = inspecting({
    async write(chunk) {
      frames.push(chunk);
      size += chunk.length;
      const wanted = Math.min((frames.tagSize ?? 0) + AUDIO_HEAD_AFTER_TAG, AUDIO_HEAD_MAX);
      if (headBytes < wanted) {
        head.push(chunk.subarray(0, wanted - headBytes));
        headBytes += Math.min(chunk.length, wanted - headBytes);
      }
    },
    async verdict() {
      const count = frames.result();
      // Most of what follows the tag must be frames: a stray byte of sync is not a track.
      if (count.frames === 0 || count.frameBytes < count.otherBytes) throw refuse();
      let metadata: IAudioMetadata;
      try {
        metadata = await parseBuffer(Buffer.concat(head), { mimeType: 'audio/mpeg', size }, { skipCovers: true });
      } catch {
        throw refuse();
      }
      const { format } = metadata;
      if (format.container !== 'MPEG' || !/Layer 3/.test(format.codec ?? '')) throw refuse();
      const read = format.duration && Number.isFinite(format.duration) ? format.duration : undefined;
      // A Xing/Info count that the frames belie (files joined end to end keep the first one's) gives way to the frames.
      length = read !== undefined && Math.abs(read - count.seconds) <= Math.max(1, count.seconds * 0.02) ? read : count.seconds;
    },
  });
  return { stream, lengthSeconds: () => length, clip: () => frames.clip() };
}

/**
 * A picture: decoded whole by sharp once it has arrived (pictures are at most
 * 20 MB), after its size in pixels is read from its header, so a 30,000 ×
 * 30,000 "bomb" is refused before any of it is decoded, and a damaged or cut
 * off one fails the decode (sharp's default: a warning is a failure).
 */
export function inspectImage(): Inspection {
  const chunks: Buffer[] = [];
  const stream = inspecting({
    async write(chunk) {
      chunks.push(chunk);
    },
    async verdict() {
      const data = Buffer.concat(chunks);
      chunks.length = 0;
      let width: number | undefined;
      let height: number | undefined;
      try {
        ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
      } catch {
        throw new AppError('invalid_data', 'media_image_unreadable');
      }
      if (!width || !height) throw new AppError('invalid_data', 'media_image_unreadable');
      if (width * height > MEDIA_MAX_PIXELS) {
        throw new AppError('invalid_data', 'media_too_many_pixels', { megapixels: MEDIA_MAX_PIXELS / 1_000_000 });
      }
      try {
        await sharp(data, { limitInputPixels: MEDIA_MAX_PIXELS }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
      } catch {
        throw new AppError('invalid_data', 'media_image_unreadable');
      }
    },
  });
  return { stream, lengthSeconds: () => undefined, clip: () => undefined };
}
