// The "Keep on this device" part of `npm run bench` (issue 32 "Measured"), on
// PostgreSQL holding the demo content: a bench family owns a 10-track
// album (ten demo recordings) and keeps it on the device from My Library in
// Debian's Chromium, as a family would (the button, then "Kept on this
// device"). Measured: the seconds from the click to the album shown as kept,
// the bytes kept, and the page's peak JavaScript heap meanwhile (sampled
// through the DevTools protocol), next to the heap before the click: the
// tracks are streamed into Cache Storage, never held whole by the page.
// Run alone with `node scripts/bench-keep.mjs`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { demoDatabase, insertAlbum, insertUsers, launchBrowser, sized, startServer } from './bench-helpers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const TRACKS = sized(10, 2);
const TITLE = 'Ten stories to keep';
const en = JSON.parse(readFileSync(path.join(root, 'packages/i18n/src/catalogs/en.json'), 'utf8'));

/** Ten different demo recordings (previews left out), as storage keys. */
function recordings() {
  const audio = path.join(root, 'server/demo/media/audio');
  const keys = readdirSync(audio)
    .sort()
    .flatMap((dir) =>
      readdirSync(path.join(audio, dir))
        .filter((file) => file.endsWith('.mp3') && !file.includes('preview'))
        .sort()
        .map((file) => `audio/${dir}/${file}`),
    );
  if (keys.length < TRACKS) throw new Error(`only ${keys.length} demo recordings for a ${TRACKS}-track album`);
  return keys.slice(0, TRACKS);
}

/** A bench family owning a 10-track album, bought today: the family's session cookie (`sid=…`). */
async function ownAlbum(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const [family] = await insertUsers(db, 'bench-keep', 1);
    const { productId, albumId } = await insertAlbum(db, {
      slug: 'bench-keep-album',
      title: TITLE,
      cents: 999,
      trackKeys: recordings(),
    });
    await db.query(
      `insert into ownership (user_id, sku_id, product_id, type, granted_at) values ($1, $2, $3, 'digital_album', now())`,
      [family.id, albumId, productId],
    );
    return family.cookie;
  } finally {
    await db.end();
  }
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);

export async function benchKeep() {
  const fixture = await demoDatabase('keep on this device');
  if (!fixture) return;
  let server;
  let chromium;
  let context;
  try {
    const cookie = await ownAlbum(fixture.url);
    server = await startServer(fixture.url);
    chromium = await launchBrowser();
    context = await chromium.browser.newContext({ baseURL: server.base });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.base }]);
    const page = await context.newPage();
    await page.goto('/library');
    const keep = page.getByRole('button', { name: en.library.keep.buttonLabel.replace('{title}', TITLE) });
    await keep.waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    await cdp.send('HeapProfiler.collectGarbage');
    const before = await heap();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const started = performance.now();
    await keep.click();
    await page.getByRole('button', { name: en.library.keep.removeLabel.replace('{title}', TITLE) }).waitFor({ timeout: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    peak = Math.max(peak, await heap());

    const kept = await page.evaluate(async () => {
      const cache = await caches.open('storyhouse-kept');
      let bytes = 0;
      let files = 0;
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith('/kept-on-device/')) continue;
        files += 1;
        bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
      }
      return { bytes, files };
    });
    console.log(
      `Keep on this device, a ${TRACKS}-track album (${kept.files} files, ${mib(kept.bytes)} MiB): ${seconds.toFixed(2)} s; ` +
        `page JS heap ${mib(before)} MiB before, peak ${mib(peak)} MiB (grew ${mib(peak - before)} MiB)`,
    );
  } finally {
    await context?.close();
    await chromium?.close();
    await server?.close();
    await fixture.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchKeep();
