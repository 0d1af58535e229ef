import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAll, StorageLimitError } from './storage';
import { LocalStorage } from './storage-local';

/** Descriptors of this process open on files under `dir` (other test files share the process). */
const openDescriptorsIn = (dir: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false; // closed in between
    }
  }).length;

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'storyhouse-local-storage-'));
    writeFileSync(path.join(root, 'track.mp3'), bytes);
    storage = new LocalStorage(root);
  });
  afterEach(() => {
    storage.close();
    vi.useRealTimers();
    rmSync(root, { recursive: true, force: true });
  });

  it('describes a file by size, time and a tag that changes with them', async () => {
    const file = await storage.stat('track.mp3');

    expect(file).toEqual({ size: bytes.length, mtime: expect.any(Date), etag: expect.stringMatching(/^"493e0-[0-9a-f]+"$/) });
    expect(await storage.stat('missing.mp3')).toBeUndefined();
    expect(await storage.stat('folder/missing.mp3')).toBeUndefined();
  });

  it('reads the whole file and any range, many at once on one open file', async () => {
    const ranges = Array.from({ length: 40 }, (_, i) => ({ start: i * 7000, end: i * 7000 + 9999 }));

    const [whole, ...parts] = await Promise.all([
      storage.read('track.mp3').then(readAll),
      ...ranges.map((r) => storage.read('track.mp3', r).then(readAll)),
    ]);

    expect(whole!.equals(bytes)).toBe(true);
    expect(parts.map((part, i) => part.equals(bytes.subarray(ranges[i]!.start, ranges[i]!.end + 1)))).not.toContain(false);
  });

  it('sees its own writes at once, and a file replaced by someone else once its open file expires', async () => {
    await storage.write('track.mp3', Buffer.from('mine'), 'audio/mpeg');
    expect((await readAll(await storage.read('track.mp3'))).toString()).toBe('mine');

    writeFileSync(path.join(root, 'track.mp3'), 'theirs');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);

    expect((await readAll(await storage.read('track.mp3'))).toString()).toBe('theirs');
  });

  it('closes what it opened: no descriptor outlives its readers once expired or closed', async () => {
    const before = openDescriptorsIn(root);
    for (let i = 0; i < 20; i++) writeFileSync(path.join(root, `f${i}.mp3`), bytes.subarray(0, 1000));

    const readEach = () =>
      Promise.all(Array.from({ length: 20 }, (_, i) => storage.read(`f${i}.mp3`, { start: 0, end: 99 }).then(readAll)));

    await readEach();
    const whileOpen = openDescriptorsIn(root);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    await readEach();

    await vi.waitFor(() => expect(openDescriptorsIn(root)).toBe(whileOpen));
    expect(whileOpen).toBe(before + 20);
    storage.close();
    await vi.waitFor(() => expect(openDescriptorsIn(root)).toBe(before));
  });

  it('keeps serving other readers when one listener leaves mid-file (its stream destroyed)', async () => {
    const leaving = await storage.read('track.mp3');
    const staying = storage.read('track.mp3', { start: 1000, end: 200_999 });
    leaving.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const part = await readAll(await staying);
    const again = await readAll(await storage.read('track.mp3', { start: 0, end: 9 }));

    expect(part.equals(bytes.subarray(1000, 201_000))).toBe(true);
    expect(again.equals(bytes.subarray(0, 10))).toBe(true);
  });

  it('streams a write into a temporary file beside the key, shown only once whole', async () => {
    const source = new PassThrough();
    const writing = storage.writeStream('uploads/audio/new.mp3', source, 'audio/mpeg', bytes.length);
    source.write(bytes.subarray(0, 100_000));
    // However loaded the machine: the temporary file is there once the write has begun (no fixed wait).
    await vi.waitFor(() =>
      expect(readdirSync(path.join(root, 'uploads/audio'))).toEqual([expect.stringMatching(/^new\.mp3\.[0-9a-f]{12}\.tmp$/)]),
    );
    expect(await storage.stat('uploads/audio/new.mp3')).toBeUndefined();
    source.end(bytes.subarray(100_000));
    expect(await writing).toBe(bytes.length);
    expect(readdirSync(path.join(root, 'uploads/audio'))).toEqual(['new.mp3']);
    expect((await readAll(await storage.read('uploads/audio/new.mp3'))).equals(bytes)).toBe(true);
  });

  it('leaves nothing of a streamed write that fails or passes its limit', async () => {
    const failing = new PassThrough();
    const failed = storage.writeStream('uploads/cut.mp3', failing, 'audio/mpeg', bytes.length);
    failing.write(bytes.subarray(0, 1000));
    // The connection drops once the write has begun (its temporary file is there), however loaded the machine.
    await vi.waitFor(() => expect(readdirSync(path.join(root, 'uploads'))).toHaveLength(1));
    failing.destroy(new Error('connection reset'));

    await expect(failed).rejects.toThrow('connection reset');
    await expect(storage.writeStream('uploads/over.mp3', Readable.from([bytes]), 'audio/mpeg', 1000)).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    expect(readdirSync(path.join(root, 'uploads'))).toEqual([]);
  });

  it('refuses keys that leave its folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../x', 'a\\b', '.hidden', 'a//b', '']) {
      await expect(storage.stat(key), key).rejects.toThrow(/Not a storage key/);
    }
  });
});
