import { randomBytes } from 'node:crypto';
import { close, createReadStream, createWriteStream, fstat, open, read, readSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { assertStorageKey, type ByteRange, byteLimit, type Storage, StorageUnavailableError, type StoredFile } from './storage';

const openFile = promisify(open);
const fstatFile = promisify(fstat);
const ignore = () => {};

/**
 * The file functions the read streams use. `autoClose: false` only stops a
 * stream closing its descriptor when it ends: destroying it (a listener who
 * leaves mid-file) still closes it, under every other reader of the shared
 * descriptor, whose next read then fails with EBADF, or reads whatever the
 * reused number now is (ESPIPE). Here closing is the cache's job alone.
 */
const sharedDescriptor = { open, read, close: (_fd: number, done: (err: NodeJS.ErrnoException | null) => void) => done(null) };

/** Bigger reads than the 64 KiB default: fewer trips through the event loop for a 10 MB track. */
const READ_CHUNK = 256 * 1024;
/** An upload's 64 KiB network chunks gathered into writes of up to this (writev): fewer trips to the disk. */
const WRITE_CHUNK = 1024 * 1024;

/**
 * How long an open file is reused, like nginx's open_file_cache: a player asks
 * for many ranges of one track in a row, and each would otherwise cost an
 * open, a stat and a close. A file replaced on disk is seen within this time
 * (until then the old one is served whole, with its own tag).
 */
const OPEN_FILE_MS = 5000;
const OPEN_FILES_MAX = 500;

/** The temporary file a write streams into beside its key (`<key>.<12 hex>.tmp`), renamed over the key once whole. */
const temporaryName = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;
/**
 * A temporary file unchanged for this long is a crashed write's: a write under way adds to its file every few
 * seconds at worst (an upload is refused long before: the client's connection times out), and one of another server
 * on the same folder (the new one of a rolling upgrade starting while the old one still takes an upload) is left be.
 */
const LEFTOVER_MS = 15 * 60 * 1000;

/** Errors that mean "no such file" for a key (a folder in the way, a name too long, ...). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/**
 * Errors of the folder itself, not of the key: no permission, a full or read-only disk, a failing one, no
 * descriptors left. The request fails with 503 storage_unavailable (decision 033), as with an object store that
 * does not answer, instead of a 500; the operator's log has the cause.
 */
const UNAVAILABLE = new Set(['EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE', 'EBUSY']);

/** A folder error (UNAVAILABLE) as StorageUnavailableError; any other error (a client gone, the byte limit) as it is. */
function unavailable(err: unknown, what: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code && UNAVAILABLE.has(code) ? new StorageUnavailableError(`${what}: ${code}`, { cause: err }) : err;
}

interface OpenFile {
  fd: number;
  file: StoredFile;
  until: number;
  /** Streams reading the descriptor now; it is closed once retired and unused. */
  readers: number;
  retired: boolean;
}

/** Files in a folder on this machine: the default media storage, and the resized-image cache. */
export class LocalStorage implements Storage {
  private readonly open = new Map<string, Promise<OpenFile | undefined>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly root: string) {
    this.sweeper = setInterval(() => this.sweep(), OPEN_FILE_MS);
    this.sweeper.unref();
  }

  private file(key: string) {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  /**
   * The open file of a key, opened (and stat'ed through its descriptor) when
   * not open or too old. With `reading`, the caller is counted as a reader in
   * the same step as the freshness check, so the descriptor cannot be closed
   * (and its number reused for another file) under it.
   */
  private async acquire(key: string, reading: boolean): Promise<OpenFile | undefined> {
    for (;;) {
      const pending = this.open.get(key) ?? this.startOpening(key);
      const entry = await pending;
      if (!entry) return undefined;
      if (!entry.retired && entry.until > Date.now()) {
        if (reading) entry.readers += 1;
        return entry;
      }
      this.drop(key, pending);
    }
  }

  private startOpening(key: string) {
    const pending = this.openFresh(key);
    this.open.set(key, pending);
    const forgetMissing = () => {
      if (this.open.get(key) === pending) this.open.delete(key);
    };
    pending.then((entry) => entry ?? forgetMissing(), forgetMissing);
    if (this.open.size > OPEN_FILES_MAX) {
      const [oldest, oldestPending] = this.open.entries().next().value!;
      this.drop(oldest, oldestPending);
    }
    return pending;
  }

  private async openFresh(key: string): Promise<OpenFile | undefined> {
    let fd: number;
    try {
      fd = await openFile(this.file(key), 'r');
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw unavailable(err, `open ${key}`);
    }
    try {
      const s = await fstatFile(fd);
      if (!s.isFile()) {
        close(fd, ignore);
        return undefined;
      }
      // Size and modification time, as nginx and Apache build theirs: a replaced file gets a new tag.
      const file = { size: s.size, mtime: s.mtime, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` };
      return { fd, file, until: Date.now() + OPEN_FILE_MS, readers: 0, retired: false };
    } catch (err) {
      close(fd, ignore);
      throw unavailable(err, `stat ${key}`);
    }
  }

  /** Stops handing out a key's open file; its descriptor closes when its last reader is done. */
  private drop(key: string, pending: Promise<OpenFile | undefined>) {
    if (this.open.get(key) === pending) this.open.delete(key);
    pending.then((entry) => {
      if (!entry || entry.retired) return;
      entry.retired = true;
      if (entry.readers === 0) close(entry.fd, ignore);
    }, ignore);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, pending] of this.open) {
      pending.then((entry) => {
        if (entry && entry.until <= now) this.drop(key, pending);
      }, ignore);
    }
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    return (await this.acquire(key, false))?.file;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const entry = await this.acquire(key, true);
    if (!entry) throw Object.assign(new Error(`No such file: ${key}`), { code: 'ENOENT' });
    // Positional reads (start is always given), so streams can share the descriptor.
    const stream = createReadStream('', {
      fd: entry.fd,
      autoClose: false,
      start: range?.start ?? 0,
      end: range?.end ?? Math.max(entry.file.size - 1, 0),
      highWaterMark: READ_CHUNK,
      fs: sharedDescriptor,
    });
    // Released when the stream ends, fails or is destroyed (a listener gone mid-file).
    finished(stream, () => {
      entry.readers -= 1;
      if (entry.retired && entry.readers === 0) close(entry.fd, ignore);
    });
    return stream;
  }

  /**
   * One positional read of the open file, on this thread: no stream, no trip through libuv's thread pool (whose
   * hand-off, and the stream's set-up, were most of a 64 KiB range's cost, issue 47 item 8). A read of a file the
   * page cache holds is a copy; the size is bounded by the caller (sendStoredFile: SMALL_RANGE), as nginx's own
   * reads are blocking ones.
   */
  async readBytes(key: string, range: ByteRange): Promise<Buffer> {
    const entry = await this.acquire(key, true);
    if (!entry) throw Object.assign(new Error(`No such file: ${key}`), { code: 'ENOENT' });
    try {
      const length = range.end - range.start + 1;
      const bytes = Buffer.allocUnsafe(length);
      let got = 0;
      while (got < length) {
        const n = readSync(entry.fd, bytes, got, length - got, range.start + got);
        if (n === 0) break;
        got += n;
      }
      // Shorter than its stat said (cut since): the answer's Content-Length would be wrong, so there is no answer.
      if (got < length) throw new Error(`${key}: ${got} of ${length} bytes read`);
      return bytes;
    } catch (err) {
      throw unavailable(err, `read ${key}`);
    } finally {
      entry.readers -= 1;
      if (entry.retired && entry.readers === 0) close(entry.fd, ignore);
    }
  }

  /** The content type is not kept: a local file's type comes from its key. */
  async write(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true }).catch((err) => {
      throw unavailable(err, `write ${key}`);
    });
    // Write aside, then rename: another process reading the key sees the old file or the new one, never half.
    const temp = temporaryName(file);
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true }).catch(ignore);
      throw unavailable(err, `write ${key}`);
    }
    // This instance sees its own write at once.
    const cached = this.open.get(key);
    if (cached) this.drop(key, cached);
  }

  /**
   * Streams into a temporary file beside the key's (same folder, so the
   * rename is atomic), flushed to disk, then renamed over the key: a reader
   * sees no file or the whole one. On any failure the temporary file goes.
   * The content type is not kept, as in write.
   */
  async writeStream(key: string, source: Readable, _contentType: string, limit: number): Promise<number> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true }).catch((err) => {
      throw unavailable(err, `write ${key}`);
    });
    const temp = temporaryName(file);
    let size = 0;
    const out = createWriteStream(temp, { flags: 'wx', flush: true, highWaterMark: WRITE_CHUNK });
    try {
      await pipeline(
        source,
        byteLimit(limit, (bytes) => {
          size = bytes;
        }),
        out,
      );
      await rename(temp, file);
    } catch (err) {
      // A failure before the file was even opened: it is opened (and made) still, then closed. Gone only after that.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true }).catch(ignore);
      throw unavailable(err, `write ${key}`);
    }
    const cached = this.open.get(key);
    if (cached) this.drop(key, cached);
    return size;
  }

  /**
   * Deletes a file (the image cache evicting one), then the folders it leaves
   * empty: each resized image has folders of its own, which would otherwise
   * pile up. A reader already streaming the file keeps its descriptor.
   */
  async remove(key: string): Promise<void> {
    const file = this.file(key);
    const cached = this.open.get(key);
    if (cached) this.drop(key, cached);
    await rm(file, { force: true }).catch((err) => {
      throw unavailable(err, `remove ${key}`);
    });
    for (let dir = path.dirname(file); dir.startsWith(`${this.root}${path.sep}`); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (or already gone): the folders above are in use too
      }
    }
  }

  /**
   * Deletes the temporary files a crash left (a server killed mid-upload): any under the folder that nothing has
   * written to for LEFTOVER_MS. Answers how many went.
   */
  async removeLeftovers(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.root, { recursive: true });
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return 0;
      throw unavailable(err, 'list the media folder');
    }
    let removed = 0;
    for (const name of names.filter((n) => TEMPORARY.test(n))) {
      const file = path.join(this.root, name);
      const written = await stat(file).then((s) => (s.isFile() ? s.mtimeMs : undefined), ignore);
      if (written === undefined || now - written < LEFTOVER_MS) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Closes every open file (the app is shutting down). */
  close() {
    clearInterval(this.sweeper);
    for (const [key, pending] of [...this.open]) this.drop(key, pending);
  }
}
