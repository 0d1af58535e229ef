// The "Keep on this device" part of `npm run bench` (issue 32 "Measured"), on
// PostgreSQL holding the demo content: the demo customer owns a 10-track
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
import { chromium } from '@playwright/test';
import pg from 'pg';
import { demoDatabase, startServer, stop } from './bench-helpers.mjs';
import { CHROMIUM_FLAGS, JOURNEY_BROWSER_PATH } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3317;
const CUSTOMER = { email: 'family@storyhouse.example', password: 'listen-along' };
const TRACKS = 10;
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

/** A 10-track album the demo customer owns, bought today. */
async function ownAlbum(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: users } = await db.query('select id from users where email = $1', [CUSTOMER.email]);
    if (!users[0]) throw new Error(`no demo customer ${CUSTOMER.email}`);
    await db.query('begin');
    const { rows: products } = await db.query(
      `insert into products (slug, title, lang_code, primary_image, release_date)
       values ('bench-keep-album', $1, 'en', 'covers/in-the-beginning.jpg', current_date) returning id`,
      [TITLE],
    );
    const productId = products[0].id;
    const { rows: album } = await db.query(
      `insert into skus (product_id, type, title, full_price_cents, lang_code)
       values ($1, 'digital_album', $2, 999, 'en') returning id`,
      [productId, `${TITLE} (MP3 album)`],
    );
    for (const [i, key] of recordings().entries()) {
      await db.query(
        `insert into skus (product_id, type, title, full_price_cents, position, length_seconds, media_full, media_preview, lang_code)
         values ($1, 'digital_track', $2, 99, $3, 30, $4, $4, 'en')`,
        [productId, `Story ${i + 1}`, i + 1, key],
      );
    }
    await db.query(
      `insert into ownership (user_id, sku_id, product_id, type, granted_at) values ($1, $2, $3, 'digital_album', now())`,
      [users[0].id, album[0].id, productId],
    );
    await db.query('commit');
  } finally {
    await db.end();
  }
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);

export async function benchKeep() {
  const fixture = await demoDatabase('keep on this device');
  if (!fixture) return;
  let server;
  let browser;
  try {
    await ownAlbum(fixture.url);
    server = await startServer(PORT, fixture.url);
    browser = await chromium.launch({ executablePath: JOURNEY_BROWSER_PATH, args: CHROMIUM_FLAGS });
    const context = await browser.newContext({ baseURL: server.base });
    const login = await context.request.post('/crud/login', { data: CUSTOMER });
    if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
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
    await browser?.close();
    if (server) await stop(server.child);
    await fixture.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchKeep();
