import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAll, StorageLimitError, StorageUnavailableError } from './storage';
import { LocalStorage } from './storage-local';

/**
 * The media folder failing under the server (a full disk, a folder it may no longer write, a failing disk): the
 * request is told the storage is unavailable (503 storage_unavailable, decision 033), never a 500, and nothing is
 * left half-written. The faults are made by the file functions themselves (this file's mock of node:fs/promises):
 * the tests run as root, for whom permissions never fail.
 */
const fault = vi.hoisted(() => ({ next: undefined as string | undefined }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const code = fault.next;
      if (!code) return fn(...args);
      fault.next = undefined;
      return Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));
    };
  return { ...fs, writeFile: failing(fs.writeFile), rename: failing(fs.rename), rm: failing(fs.rm) };
});

describe('LocalStorage when its folder fails', () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'storyhouse-local-faults-'));
    storage = new LocalStorage(root);
  });
  afterEach(() => {
    fault.next = undefined;
    storage.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['ENOSPC', 'EACCES', 'EROFS', 'EIO'])(
    'a write failing with %s is "storage unavailable", and leaves no file',
    async (code) => {
      fault.next = code;

      const written = storage.write('covers/a.jpg', Buffer.from('image'));

      await expect(written).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(written).rejects.toThrow(`write covers/a.jpg: ${code}`);
      expect(readdirSync(path.join(root, 'covers'))).toEqual([]);
      expect(await storage.stat('covers/a.jpg')).toBeUndefined();
    },
  );

  it('a streamed upload whose rename fails is "storage unavailable", and its temporary file is gone', async () => {
    fault.next = 'ENOSPC';

    const written = storage.writeStream('tracks/a.mp3', Readable.from([Buffer.alloc(1000, 1)]), 'audio/mpeg', 10_000);

    await expect(written).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(readdirSync(path.join(root, 'tracks'))).toEqual([]);
  });

  it('an upload over its limit stays a limit error, not a storage fault', async () => {
    const written = storage.writeStream('tracks/a.mp3', Readable.from([Buffer.alloc(2000, 1)]), 'audio/mpeg', 1000);

    await expect(written).rejects.toBeInstanceOf(StorageLimitError);
  });

  it('an error that is not the folder’s (a missing file to remove is fine) passes as it is', async () => {
    fault.next = 'EINVAL';

    await expect(storage.write('covers/a.jpg', Buffer.from('image'))).rejects.not.toBeInstanceOf(StorageUnavailableError);

    await storage.write('covers/a.jpg', Buffer.from('image'));
    expect((await readAll(await storage.read('covers/a.jpg'))).toString()).toBe('image');
  });

  it('a removal failing with EACCES is "storage unavailable"', async () => {
    await storage.write('covers/a.jpg', Buffer.from('image'));
    fault.next = 'EACCES';

    await expect(storage.remove('covers/a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
