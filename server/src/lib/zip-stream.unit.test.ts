import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/library';
import { ZIP_MAX_BYTES, type ZipEntry, ZipTooLargeError, zipLength, zipStream } from './zip-stream';

async function collect(entries: ZipEntry[]) {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An entry whose bytes come in several chunks, as a file stream gives them. */
function entry(name: string, data: Buffer, size = data.length): ZipEntry {
  return {
    name,
    size,
    open: async () =>
      (async function* () {
        for (let i = 0; i < data.length; i += 7) yield data.subarray(i, i + 7);
      })(),
  };
}

describe('zipStream', () => {
  it('writes a ZIP any reader takes: stored entries, CRCs over the stream, the length it announced', async () => {
    const a = Buffer.from('The animals went in two by two.');
    const b = Buffer.alloc(1000, 0xab);
    const entries = [entry('01 - Noé.mp3', a), entry('cover.jpg', b), entry('empty.txt', Buffer.alloc(0))];
    const zip = await collect(entries);
    expect(zip.length).toBe(zipLength(entries));
    const files = readZip(zip);
    expect(files.map((f) => [f.name, f.method, f.size, f.data.toString('hex')])).toEqual([
      ['01 - Noé.mp3', 0, a.length, a.toString('hex')],
      ['cover.jpg', 0, b.length, b.toString('hex')],
      ['empty.txt', 0, 0, ''],
    ]);
    // bit 3 (data descriptor) and bit 11 (UTF-8 names)
    expect(files.every((f) => f.flags === 0x0808)).toBe(true);
  });

  it('fails rather than send a corrupt archive when a file is not the size announced', async () => {
    await expect(collect([entry('short.mp3', Buffer.alloc(10), 11)])).rejects.toThrow(/not the 11 announced/);
    await expect(collect([entry('long.mp3', Buffer.alloc(12), 11)])).rejects.toThrow(/not the 11 announced/);
  });

  it('refuses, before a byte is read, an archive past what a ZIP without ZIP64 describes (4 GB)', () => {
    expect(() => zipLength([{ name: 'big.mp3', size: ZIP_MAX_BYTES + 1 }])).toThrow(ZipTooLargeError);
    expect(() =>
      zipLength([
        { name: 'a.mp3', size: 3 * 2 ** 30 },
        { name: 'b.mp3', size: 2 ** 30 },
      ]),
    ).toThrow(ZipTooLargeError);
    expect(() => zipStream([entry('x', Buffer.alloc(1), ZIP_MAX_BYTES + 1)])).toThrow(ZipTooLargeError);
  });
});
