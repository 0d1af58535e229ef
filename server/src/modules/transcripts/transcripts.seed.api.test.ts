import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Product, transcriptPaths } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../../demo/catalogue.json';
import { createTestApp, type TestApp } from '../../../test/app';
import { demoMediaDir } from '../../config';
import { runSeeders } from '../../db/seed';
import { catalogueSeeder } from '../catalogue/catalogue.seed';
import { demoTranscriptPath, loadDemoTranscripts, transcriptsSeeder } from './transcripts.seed';

/** Issue 43: the demo tracks ship with their transcripts, read from the WebVTT beside each recording. */
let t: TestApp;
let dir: string;
const [first] = demo.products;

beforeAll(async () => {
  t = await createTestApp({ webRoot: null });
  await runSeeders(t.db, [catalogueSeeder]);
  dir = mkdtempSync(path.join(tmpdir(), 'demo-transcripts-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const trackIds = async (slug: string) =>
  (
    await t.db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .where('products.slug', '=', slug)
      .where('skus.type', '=', 'digital_track')
      .select('skus.id')
      .orderBy('skus.position')
      .execute()
  ).map((r) => r.id);

describe('the demo transcripts', () => {
  it('loads the WebVTT of a track that has one, and none for the others', async () => {
    const track = first?.tracks[0];
    if (!first || !track) throw new Error('the demo catalogue has no track');
    const file = path.join(dir, demoTranscriptPath(track.file));
    expect(demoTranscriptPath(track.file)).toBe(`media/transcripts/${first.slug}/01.vtt`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'WEBVTT\n\n00:00.000 --> 00:03.250\nLong, long ago.\n\n00:03.250 --> 00:06.000\nGod was there.\n');
    await loadDemoTranscripts(t.db, dir);

    const [id, ...others] = await trackIds(first.slug);
    const res = await t.app.inject({ method: 'GET', url: transcriptPaths.track(id as number) });
    expect(res.json()).toMatchObject({
      cues: [
        { start_ms: 0, end_ms: 3250, text: 'Long, long ago.' },
        { start_ms: 3250, end_ms: 6000, text: 'God was there.' },
      ],
    });
    const story = (await t.app.inject({ method: 'GET', url: `/crud/product-by-slug/${first.slug}/skus` })).json() as Product;
    expect(story.tracks.map((tr) => tr.transcript_url)).toEqual([transcriptPaths.track(id as number), ...others.map(() => null)]);
  });

  it('refuses a demo file that breaks the rules, naming it and its line', async () => {
    const track = first?.tracks[0];
    if (!first || !track) throw new Error('the demo catalogue has no track');
    writeFileSync(
      path.join(dir, demoTranscriptPath(track.file)),
      'WEBVTT\n\n00:00.000 --> 00:03.000\nA.\n\n00:02.000 --> 00:04.000\nB.\n',
    );
    await expect(loadDemoTranscripts(t.db, dir)).rejects.toThrow(/01\.vtt: line 6: cue_overlap/);
  });

  it('gives every demo track whose WebVTT exists its transcript', async () => {
    // Only what the demo folder holds: not the files of the tests above.
    await t.db.deleteFrom('transcripts').execute();
    await transcriptsSeeder.run(t.db);
    for (const product of demo.products) {
      const ids = await trackIds(product.slug);
      const has = await t.db
        .selectFrom('transcripts')
        .select('sku_id')
        .where('sku_id', 'in', ids.length ? ids : [0])
        .execute();
      const expected = product.tracks.flatMap((tr, i) =>
        existsSync(path.join(path.dirname(demoMediaDir), demoTranscriptPath(tr.file))) ? [ids[i]] : [],
      );
      expect(has.map((r) => r.sku_id).sort(), product.slug).toEqual(expected.sort());
    }
  });
});
