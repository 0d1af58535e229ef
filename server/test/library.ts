import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Insertable } from 'kysely';
import { demoMediaDir } from '../src/config';
import type { Db } from '../src/db/database';
import type { Products } from '../src/db/schema';

/** The demo recordings the test albums point at (real MP3s in the demo media folder). */
export const RECORDINGS = ['audio/noahs-big-boat/01.mp3', 'audio/noahs-big-boat/02.mp3', 'audio/noahs-big-boat/03.mp3'] as const;
export const COVER = 'covers/in-the-beginning.jpg';
export const mediaFile = (key: string) => readFileSync(path.join(demoMediaDir, key));

let albums = 0;

export interface TestAlbum {
  id: number;
  slug: string;
  title: string;
  /** The digital album sku. */
  album: number;
  /** The CD sku. */
  cd: number;
  /** The track skus, in album order. */
  tracks: number[];
}

/**
 * An album of `tracks` tracks (each 60 s long, pointing at the demo
 * recordings in turn), with a digital album sku and a CD, and a cover.
 */
export async function audioAlbum(
  db: Db,
  {
    title,
    tracks = 3,
    trackTitles,
    free = [],
    ...product
  }: Partial<Insertable<Products>> & { tracks?: number; trackTitles?: string[]; free?: number[] } = {},
): Promise<TestAlbum> {
  albums += 1;
  const name = title ?? `Album ${albums}`;
  const slug = `library-album-${albums}-${Math.random().toString(36).slice(2, 8)}`;
  const { id } = await db
    .insertInto('products')
    .values({ slug, title: name, lang_code: 'en', primary_image: COVER, ...product })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = async (values: { type: string; title: string; full_price_cents: number } & Record<string, unknown>) =>
    (
      await db
        .insertInto('skus')
        .values({ product_id: id, lang_code: product.lang_code ?? 'en', ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const album = await sku({ type: 'digital_album', title: `${name} (MP3 album)`, full_price_cents: 899 });
  const cd = await sku({ type: 'physical', title: `${name} (CD)`, full_price_cents: 1299 });
  const ids: number[] = [];
  for (let i = 0; i < tracks; i++) {
    ids.push(
      await sku({
        type: 'digital_track',
        title: trackTitles?.[i] ?? `${name} track ${i + 1}`,
        full_price_cents: 99,
        position: i + 1,
        length_seconds: 60,
        is_free: free.includes(i),
        media_full: RECORDINGS[i % RECORDINGS.length],
        media_preview: RECORDINGS[i % RECORDINGS.length],
      }),
    );
  }
  return { id, slug, title: name, album, cd, tracks: ids };
}

/** Records that the user owns a sku (as a paid order or a claimed gift would), at `at` (default now). */
export async function grant(
  db: Db,
  userId: number,
  album: TestAlbum,
  what: 'album' | 'cd' | { track: number },
  at: Date = new Date(),
) {
  const [skuId, type] =
    what === 'album' ? [album.album, 'digital_album'] : what === 'cd' ? [album.cd, 'physical'] : [what.track, 'digital_track'];
  await db
    .insertInto('ownership')
    .values({ user_id: userId, sku_id: skuId, product_id: album.id, type, granted_at: at })
    .execute();
}

export interface ZipFile {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  data: Buffer;
}

/**
 * Reads a ZIP the way an unzip tool does: the end of central directory, then
 * each central directory entry, then the entry's local header and data.
 * Throws when a structure is out of place or a CRC does not match its bytes.
 */
export function readZip(zip: Buffer): ZipFile[] {
  const eocd = zip.length - 22;
  if (zip.readUInt32LE(eocd) !== 0x06054b50) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  const dirSize = zip.readUInt32LE(eocd + 12);
  let at = zip.readUInt32LE(eocd + 16);
  if (at + dirSize !== eocd) throw new Error('central directory is not where it says');
  const files: ZipFile[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`entry ${i}: no central header`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extra + comment;
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: no local header`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    if (crc32(data) >>> 0 !== crc) throw new Error(`${name}: CRC does not match its bytes`);
    if (flags & 0x0008) {
      const d = start + compressedSize;
      if (zip.readUInt32LE(d) !== 0x08074b50 || zip.readUInt32LE(d + 4) !== crc || zip.readUInt32LE(d + 12) !== size) {
        throw new Error(`${name}: data descriptor does not match`);
      }
    }
    files.push({ name, method, flags, crc, compressedSize, size, data: Buffer.from(data) });
  }
  return files;
}
