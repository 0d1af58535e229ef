import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LangCode } from '@storyhouse/contracts';
import demo from '../../../demo/catalogue.json';
import { demoMediaDir } from '../../config';
import type { Db } from '../../db/database';
import type { Seeder } from '../../db/seeder';
import { parseCaptions } from './captions';
import { transcriptsRepository } from './transcripts.repository';
import { trackLengthMs } from './transcripts.service';

interface DemoCatalogue {
  products: { slug: string; tracks: { file: string }[] }[];
}

/** The demo folder catalogue.json's paths are relative to (server/demo). */
const DEMO_DIR = path.dirname(demoMediaDir);

/** A track's WebVTT beside its recording: media/audio/<slug>/<nn>.mp3 has media/transcripts/<slug>/<nn>.vtt. */
export const demoTranscriptPath = (trackFile: string) =>
  trackFile.replace(/^media\/audio\//, 'media/transcripts/').replace(/\.mp3$/, '.vtt');

/**
 * Loads each demo track's transcript from its WebVTT file under `demoDir`
 * when there is one (the generator writes them with exact sentence times:
 * server/demo/generate-media.mjs), read by the back office's own parser and
 * rules. A file that breaks them stops the seeding with its name and line:
 * the demo ships nothing a volunteer could not save.
 */
export async function loadDemoTranscripts(db: Db, demoDir: string = DEMO_DIR) {
  const repo = transcriptsRepository(db);
  for (const product of (demo as DemoCatalogue).products) {
    for (const [i, track] of product.tracks.entries()) {
      const file = path.join(demoDir, demoTranscriptPath(track.file));
      if (!existsSync(file)) continue;
      const sku = await db
        .selectFrom('skus')
        .innerJoin('products', 'products.id', 'skus.product_id')
        .where('products.slug', '=', product.slug)
        .where('skus.type', '=', 'digital_track')
        .where('skus.media_full', '=', track.file.replace(/^media\//, ''))
        .select(['skus.id', 'skus.length_seconds', 'products.lang_code'])
        .executeTakeFirst();
      if (!sku) throw new Error(`Demo transcript ${file}: no track ${i + 1} of ${product.slug}`);
      const parsed = await parseCaptions('vtt', readFileSync(file, 'utf8'), trackLengthMs(sku.length_seconds));
      if (!('cues' in parsed)) throw new Error(`Demo transcript ${file}: line ${parsed.line}: ${parsed.problem}`);
      await repo.replace(sku.id, sku.lang_code as LangCode, parsed.cues, null);
    }
  }
}

/** Issue 43: the demo tracks' transcripts, a seeder of its own so databases seeded before them get them too. */
export const transcriptsSeeder: Seeder = {
  name: 'transcripts.demo',
  run: (db) => loadDemoTranscripts(db),
};
