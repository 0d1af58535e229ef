// The media part of `npm run bench` (never the tests): a scratch folder with a
// 10 MB MP3 (demo recordings joined end to end) and a scratch embedded
// database, migrated by the server's own migrator, holding one free track
// that points at it. The server under test runs on both (DATA_DIR, MEDIA_DIR).
// The smoke run gives a data folder of its own (`dataDir`: a copy of one
// migrated already) to put the track in.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoMediaDir } from '../src/config';
import { openEmbedded } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

export interface MediaFixture {
  /** DATA_DIR of the server under test (its database). */
  dataDir: string;
  /** MEDIA_DIR of the server under test, and nginx's root. */
  mediaDir: string;
  /** The recording's storage key (and path under mediaDir). */
  key: string;
  size: number;
  /** The track sku whose full recording is the file. */
  skuId: number;
  remove(): void;
}

const SIZE = 10 * 1024 * 1024;
const KEY = 'audio/bench/long-story.mp3';

export async function createMediaFixture(opts: { dataDir?: string } = {}): Promise<MediaFixture> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-media-'));
  // Readable by nginx's worker, which runs as another user.
  chmodSync(dir, 0o755);
  const dataDir = opts.dataDir ?? path.join(dir, 'data');
  const mediaDir = path.join(dir, 'media');

  // Real MP3 frames, repeated up to exactly 10 MiB.
  const demoAlbum = path.join(demoMediaDir, 'audio', 'noahs-big-boat');
  const parts = readdirSync(demoAlbum)
    .filter((f) => f.endsWith('.mp3') && !f.includes('preview'))
    .map((f) => readFileSync(path.join(demoAlbum, f)));
  const chunks: Buffer[] = [];
  for (let total = 0, i = 0; total < SIZE; i++) {
    const part = parts[i % parts.length]!;
    chunks.push(part);
    total += part.length;
  }
  mkdirSync(path.dirname(path.join(mediaDir, KEY)), { recursive: true });
  writeFileSync(path.join(mediaDir, KEY), Buffer.concat(chunks).subarray(0, SIZE));

  const database = await openEmbedded(dataDir);
  try {
    await migrateToLatest(database.db);
    const product = await database.db
      .insertInto('products')
      .values({ slug: 'bench-long-story', title: 'A long story', lang_code: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sku = await database.db
      .insertInto('skus')
      .values({
        product_id: product.id,
        type: 'digital_track',
        title: 'A long story, read aloud',
        full_price_cents: 0,
        length_seconds: 3600,
        // Free, so the full recording streams for everyone after the access rule runs.
        is_free: true,
        media_full: KEY,
        lang_code: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      dataDir,
      mediaDir,
      key: KEY,
      size: SIZE,
      skuId: sku.id,
      remove: () => {
        rmSync(dir, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}
