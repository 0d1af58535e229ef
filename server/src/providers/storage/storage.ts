import { type Readable, Transform } from 'node:stream';

/** An inclusive byte range of a file, as Content-Range writes it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a stored file looks like to HTTP: its size, modification time and a strong validator. */
export interface StoredFile {
  size: number;
  mtime: Date;
  /** A quoted strong entity tag, e.g. `"3e8-18f2a7c9b40"`. */
  etag: string;
}

/**
 * Where audio and image files live (DESIGN.md 3): a local folder, or an
 * S3-compatible bucket in production. Keys are relative paths such as
 * `audio/noahs-big-boat/01.mp3`; every implementation refuses a key that
 * isStorageKey rejects.
 */
export interface Storage {
  /** The file's size, time and tag, or undefined when there is no such file. */
  stat(key: string): Promise<StoredFile | undefined>;
  /** The file's bytes, or one inclusive range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * A small range's bytes at once, where the storage has a cheaper way than a stream (a local file: one read of the
   * open file, sendStoredFile's 64 KiB ranges of a player). Throws as read does when the file is gone.
   */
  readBytes?(key: string, range: ByteRange): Promise<Buffer>;
  /** Stores a file whole; readers never see it half-written. */
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream under a key as it arrives, holding only a little of it in
   * memory (an upload of hundreds of MB), and resolves with its size once it
   * is stored whole. The key shows nothing until then; a stream that fails
   * (an upload cut off, a check refusing it) or passes `limit` bytes
   * (StorageLimitError) leaves nothing behind.
   */
  writeStream(key: string, source: Readable, contentType: string, limit: number): Promise<number>;
  /** Deletes a file (an upload the uploader gave up on once it was stored); a reader already streaming it keeps it. */
  remove?(key: string): Promise<void>;
  /**
   * Deletes what a server that died mid-write left behind (a local folder's temporary files), at start and with the
   * hourly sweep; answers how many. Only what nothing has written to for a while: another server on the same folder
   * (the new one of a rolling upgrade) may be writing its own.
   */
  removeLeftovers?(): Promise<number>;
  /** Releases what the storage holds open (the app is closing). */
  close?(): void;
}

const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);

/**
 * The one check of a storage key: relative, slash-separated segments of
 * letters, digits, `.`, `_` and `-`, none starting with a dot. That rules out
 * `..`, absolute paths, backslashes, empty segments and hidden files, so a
 * key can never leave the media folder or bucket prefix.
 */
export function isStorageKey(key: string): boolean {
  return key.length <= 500 && KEY.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

export function assertStorageKey(key: string) {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/**
 * The storage did not answer (no connection, no answer in time, a 5xx of the
 * object store): the request fails with 503 storage_unavailable and may be
 * tried again; a write that failed so leaves nothing behind (writeStream).
 */
export class StorageUnavailableError extends Error {}

/** A stream passed the byte limit of writeStream. */
export class StorageLimitError extends Error {
  constructor(readonly limit: number) {
    super(`More than ${limit} bytes`);
  }
}

/** Passes bytes through, counting them, and fails with StorageLimitError past `limit`. */
export function byteLimit(limit: number, counted: (bytes: number) => void = () => {}) {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      counted(bytes);
      done(bytes > limit ? new StorageLimitError(limit) : null, chunk);
    },
  });
}

/** Collects a stream (a source image, a test download) into one buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
