// The queue part of `npm run bench` (issue 41 item 3: the next track starts
// within 1 s of the end of the previous one). The server on the embedded
// database with the demo content; Debian's Chromium plays the free-streaming
// demo album from its story page, as a family would (Play album), and each
// track is sent to its last half second. Measured in the page: the time from
// the audio element's `ended` to its next `playing` (the next track's file
// asked for, loaded and started), for each change of track.
// Run alone with `node scripts/bench-queue.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, sized, startDemoServer } from './bench-helpers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ALBUM = '/story/in-the-beginning';
const TARGET_MS = 1000;
/** How many tracks the demo album has (server/demo/catalogue.json). */
const TRACKS = JSON.parse(readFileSync(path.join(root, 'server/demo/catalogue.json'), 'utf8')).products.find(
  (p) => `/story/${p.slug}` === ALBUM,
).tracks.length;
const en = JSON.parse(readFileSync(path.join(root, 'packages/i18n/src/catalogs/en.json'), 'utf8'));

/** Before the app runs: every audio element the player makes notes when a track ends and when one starts playing. */
function watchAudio() {
  const Original = window.Audio;
  window.__gaps = { ended: [], playing: [], audio: null };
  window.Audio = function Audio(...args) {
    const audio = new Original(...args);
    audio.addEventListener('ended', () => window.__gaps.ended.push(performance.now()));
    audio.addEventListener('playing', () => {
      window.__gaps.playing.push(performance.now());
      window.__gaps.audio = audio;
    });
    return audio;
  };
  window.Audio.prototype = Original.prototype;
}

export async function benchQueue() {
  const server = await startDemoServer('queue');
  const chromium = await launchBrowser();
  let page;
  try {
    const { base } = server;
    page = await chromium.browser.newPage({ baseURL: base });
    await page.addInitScript(watchAudio);
    await page.goto(ALBUM);
    // The server's HTML answers before the app: a click before it runs does nothing.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: en.catalogue.playAlbum }).click();
    const gaps = [];
    for (let change = 1; change < sized(TRACKS, 2); change++) {
      // The track playing (a playing event since the last end): to its last half second, then wait for the next to play.
      const playingSince = (n) => {
        const { ended, playing, audio } = window.__gaps;
        const from = n > 0 ? ended[n - 1] : 0;
        return ended.length === n && audio?.duration > 0 && playing.some((t) => t > from);
      };
      await page.waitForFunction(playingSince, change - 1, { timeout: 30_000 });
      await page.evaluate(() => {
        const { audio } = window.__gaps;
        audio.currentTime = Math.max(0, audio.duration - 0.5);
      });
      await page.waitForFunction(playingSince, change, { timeout: 30_000 });
      gaps.push(
        await page.evaluate((n) => {
          const end = window.__gaps.ended[n - 1];
          return window.__gaps.playing.find((t) => t > end) - end;
        }, change),
      );
    }
    const worst = Math.max(...gaps);
    console.log(
      `Queue (issue 41): from one track's end to the next one playing, in Chromium, ${gaps.length} changes of track: ` +
        `${gaps.map((g) => `${g.toFixed(0)} ms`).join(', ')}; worst ${worst.toFixed(0)} ms, ` +
        `${(worst / TARGET_MS).toFixed(2)}× the 1 s target`,
    );
  } finally {
    await page?.close();
    await chromium.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchQueue();
