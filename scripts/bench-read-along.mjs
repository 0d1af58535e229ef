// The read-along part of `npm run bench` (issue 43: rendering and following
// the transcript of a 30-minute track, about 400 sentences, keeps the main
// thread's longest task under 50 ms on a phone). The server on the embedded
// database with the demo content; Debian's Chromium as a phone (390 px wide,
// touch, the CPU slowed 4×, as Lighthouse's mobile profile does) opens a
// free-streaming demo story and taps Read along on its first track, as a
// family would: the player plays it and Now Playing shows its words. The
// demo tracks are half a minute long, so the page is given a 30-minute track
// of 400 sentences in their place (its recording, silence, and its
// transcript answered by the browser itself): what is measured is the
// page's work, not the server's. The voice then moves through every
// sentence (the audio element sent to each one's start, as it reaches it
// while playing), and the page highlights it and scrolls it into view.
// The phone is named by Lighthouse's BenchmarkIndex (its own page function),
// measured in the page before and under the slowdown: a 4× slowdown is a
// faster or slower phone on a faster or slower machine, and the index says
// which (READ_ALONG_PHONE_INDEX=440 sets the slowdown for that phone instead).
// Measured in Chromium's trace of the page's main thread: the longest task
// from the press (once the page is hydrated and idle) until the voice first
// moves on, the text shown meanwhile, and for each change of sentence the main
// thread's work (reading the audio's time, cueAt, the highlight's and the
// scroll's DOM work) and its longest task, against the 50 ms of a long task.
// Run alone with `node scripts/bench-read-along.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchBrowser, SMOKE, sized, startDemoServer } from './bench-helpers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ALBUM = '/story/in-the-beginning';
const MINUTES = sized(30, 2);
const SENTENCES = sized(400, 20);
/** What a task may take before it is a long task (the 50 ms the issue names). */
const LONG_TASK_MS = 50;
/** Lighthouse's mobile profile: the CPU 4× slower, unless a phone's BenchmarkIndex is asked for. */
const CPU_SLOWDOWN = 4;
const PHONE_INDEX = Number(process.env.READ_ALONG_PHONE_INDEX) || undefined;
/**
 * READ_ALONG_TRACE=file.json keeps the trace, with the JavaScript's stacks and samples (for DevTools' Performance
 * panel or Perfetto): what each long task is made of. It slows the page, so its numbers are not the bench's.
 */
const TRACE_FILE = process.env.READ_ALONG_TRACE;
const CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];
const TRACE_CATEGORIES = [
  ...CATEGORIES,
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
];
const en = JSON.parse(readFileSync(path.join(root, 'packages/i18n/src/catalogs/en.json'), 'utf8'));
const firstTrack = JSON.parse(readFileSync(path.join(root, 'server/demo/catalogue.json'), 'utf8')).products.find(
  (p) => `/story/${p.slug}` === ALBUM,
).tracks[0].title;

const WORDS = (
  'the little boat rocked on the water while the wind sang softly and every animal waited for morning ' +
  'Noah looked up at the sky and saw a bright new rainbow stretching over the hills where the children played'
).split(' ');

/** A story's sentence: 6 to 25 words, the same for the same `i`. */
function sentence(i) {
  const length = 6 + ((i * 7) % 20);
  const words = Array.from({ length }, (_, w) => WORDS[(i * 13 + w * 5) % WORDS.length]);
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** The transcript of a 30-minute track: 400 sentences, one every 4.5 s, a short pause between them. */
function transcript(skuId) {
  const span = (MINUTES * 60_000) / SENTENCES;
  const cues = Array.from({ length: SENTENCES }, (_, i) => ({
    start_ms: Math.round(i * span) + 300,
    end_ms: Math.round((i + 1) * span) - 300,
    text: sentence(i),
  }));
  return { sku_id: skuId, lang_code: 'en', scope: 'full', cues };
}

/** 30 minutes of silence as WAV (8 kHz, 8-bit, mono: 14 MB), which the audio element plays and seeks like the MP3. */
function silence(seconds, rate = 8000) {
  const size = rate * seconds;
  const wav = Buffer.alloc(44 + size, 0x80);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + size, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // bytes per sample
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36);
  wav.writeUInt32LE(size, 40);
  return wav;
}

/**
 * Lighthouse's BenchmarkIndex of the page's CPU, as Lighthouse measures it (a second of string building and array
 * copying): about 2,000 for a desktop, 125-800 for Lighthouse's mid-tier phones, 264 for the low-tier phone that
 * Chrome DevTools' calibrated throttling names.
 */
const benchmarkIndex = (page) => page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);

/** At most this much of the recording per answer: a seek asks for the rest again, as from a real server. */
const CHUNK = 256 * 1024;

/** Answers the audio element's requests for `wav`, by byte range. */
function serveRange(wav) {
  return (route) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers().range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = Math.min(range?.[2] ? Number(range[2]) : wav.length - 1, start + CHUNK - 1, wav.length - 1);
    return route.fulfill({
      status: 206,
      headers: {
        'content-type': 'audio/wav',
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${wav.length}`,
      },
      body: wav.subarray(start, end + 1),
    });
  };
}

/** Before the app runs: the app's one audio element (never in the document) is remembered when it first plays. */
function rememberAudio() {
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function rememberedPlay() {
    window.__benchAudio = this;
    return play.call(this);
  };
}

/**
 * In the page: the voice reaches each sentence in turn (the audio sent to its start), and the next waits until the
 * page has highlighted it and had two more frames (the scroll that follows the highlight). A user-timing mark
 * before each change splits the trace. Resolves with how many sentences were never highlighted.
 */
async function followEverySentence(starts) {
  const audio = window.__benchAudio;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const highlighted = () =>
    Number(document.querySelector('.read-along__cue[aria-current="true"]')?.getAttribute('data-start-ms') ?? -1);
  let missed = 0;
  for (const [i, start] of starts.entries()) {
    performance.mark(`read-along-${i}`);
    audio.currentTime = start / 1000 + 0.05;
    for (let frames = 0; highlighted() !== start && frames < 120; frames++) await frame();
    if (highlighted() !== start) missed++;
    await frame();
    await frame();
  }
  performance.mark(`read-along-${starts.length}`);
  return missed;
}

/** What runs the page's script, in Chromium's trace. */
const SCRIPT = new Set(['FireAnimationFrame', 'FunctionCall', 'EventDispatch', 'TimerFire', 'RunMicrotasks']);

/** The renderer main threads' tasks (start and duration in ms) and the user-timing marks of Chromium's trace. */
function readTrace(buffer) {
  const events = JSON.parse(buffer.toString()).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The bench's own probes (Playwright's look for the text, its wait for the audio): a DevTools message each, run on
  // the page's main thread, not the page's work.
  const probes = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession' &&
        mains.has(`${e.pid}:${e.tid}`),
    )
    .map((e) => e.ts);
  // A task of the main thread (its name differs between Chromium's versions), outermost only: a nested run loop's
  // tasks are inside their caller's.
  const tasks = [];
  let end = 0;
  for (const e of events
    .filter((e) => e.ph === 'X' && /^(?:ThreadControllerImpl::)?RunTask$/.test(e.name) && mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    // Its thread time too: what the main thread ran (the slowdown's share included), without the time it waited for
    // one of this machine's cores, which the bench's server, the browser's other processes and the recording's
    // delivery (above) share with it.
    if (!probes.some((at) => at >= e.ts && at < end))
      tasks.push({ start: e.ts / 1000, ms: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
  }
  // The page's script within those tasks (the animation frame's callback: the audio's time and cueAt; React's render
  // and commit of the highlight, with the style and layout it reads): outermost calls only.
  const scripts = [];
  end = 0;
  for (const e of events
    .filter((e) => e.ph === 'X' && SCRIPT.has(e.name) && mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue;
    scripts.push({ start: e.ts / 1000, ms: e.dur / 1000 });
    end = e.ts + e.dur;
  }
  const marks = new Map(
    events
      .filter((e) => e.cat?.includes('blink.user_timing') && /^read-along-(?:\d+|press)$/.test(e.name))
      .map((e) => [e.name, e.ts / 1000]),
  );
  return { tasks, scripts, marks };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (n) => `${n.toFixed(1)} ms`;

export async function benchReadAlong() {
  const server = await startDemoServer('read-along');
  const chromium = await launchBrowser();
  const { browser } = chromium;
  let context;
  try {
    context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      // The page's own requests reach the routes below (a service worker would answer some itself).
      serviceWorkers: 'block',
    });
    await context.route('**/crud/transcripts/track/*', (route) =>
      route.fulfill({ json: transcript(Number(new URL(route.request().url()).pathname.split('/').pop())) }),
    );
    await context.route('**/crud/media/track/*/full.mp3', serveRange(silence(MINUTES * 60)));
    const page = await context.newPage();
    await page.addInitScript(rememberAudio);
    const cdp = await context.newCDPSession(page);
    // The smoke run's numbers mean nothing: it does not spend the two seconds.
    const machine = SMOKE ? undefined : await benchmarkIndex(page);
    const slowdown = PHONE_INDEX && machine ? machine / PHONE_INDEX : CPU_SLOWDOWN;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const phone = SMOKE ? undefined : await benchmarkIndex(page);
    await page.goto(ALBUM);
    // The server's HTML answers before the app: a press before it runs does nothing.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The server's page is hydrated in slices after that, and a press would hurry the rest of it: the press waits
    // for an idle main thread, so what is measured from it is the press's own work.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));

    // Where the finger goes, found before the trace: a locator's click looks for its button in the page (its role,
    // its name, whether it can take the click) inside the window, and that work is Playwright's, not the page's.
    const readAlong = page.getByRole('button', { name: en.readAlong.openLabel.replace('{title}', firstTrack) });
    await readAlong.scrollIntoViewIfNeeded();
    const box = await readAlong.boundingBox();
    if (!box) throw new Error('Read along is not on screen');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));

    await browser.startTracing(page, { categories: TRACE_FILE ? TRACE_CATEGORIES : CATEGORIES });
    const shownFrom = Date.now();
    await page.evaluate(() => performance.mark('read-along-press'));
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const text = page.getByRole('dialog', { name: en.player.nowPlaying }).locator('.read-along__cue');
    await text.nth(SENTENCES - 1).waitFor({ state: 'attached', timeout: 60_000 });
    const shownIn = Date.now() - shownFrom;
    await page.waitForFunction(() => window.__benchAudio?.duration > 60, null, { timeout: 60_000 });
    const starts = transcript(0).cues.map((cue) => cue.start_ms);
    const missed = await page.evaluate(followEverySentence, starts);
    const trace = await browser.stopTracing();
    if (TRACE_FILE) writeFileSync(TRACE_FILE, trace);
    const { tasks, scripts, marks } = readTrace(trace);

    const [pressed, followFrom] = [marks.get('read-along-press'), marks.get('read-along-0')];
    if (pressed === undefined || followFrom === undefined) throw new Error('the trace has no user-timing marks');
    // The longest task on the clock, and the longest in the main thread's CPU time.
    const longest = (list) => ({
      ms: list.reduce((most, task) => Math.max(most, task.ms), 0),
      cpu: list.reduce((most, task) => Math.max(most, task.cpu), 0),
    });
    // From the press to the first change of sentence; the task that marks it is the bench's own script, measured with
    // neither.
    const showing = longest(tasks.filter((task) => task.start >= pressed && task.start + task.ms < followFrom));
    const changes = starts.map((_, i) => {
      const [from, to] = [marks.get(`read-along-${i}`), marks.get(`read-along-${i + 1}`)];
      const within = (list) => list.filter((task) => task.start >= from && task.start < to);
      const sum = (list) => list.reduce((total, task) => total + task.ms, 0);
      return { work: sum(within(tasks)), script: sum(within(scripts)), longest: longest(within(tasks)) };
    });
    const work = changes.map((c) => c.work).sort((a, b) => a - b);
    const script = changes.map((c) => c.script).sort((a, b) => a - b);
    const worst = longest(changes.map((c) => c.longest));
    const longestOf = (task) =>
      `${ms(task.ms)} (${(task.ms / LONG_TASK_MS).toFixed(2)}× the ${LONG_TASK_MS} ms of a long task; in CPU time ` +
      `${ms(task.cpu)}, ${(task.cpu / LONG_TASK_MS).toFixed(2)}×)`;
    console.log(
      `Read along (issue 43), a ${MINUTES}-minute track of ${SENTENCES} sentences on a phone (390 px, CPU ${slowdown.toFixed(1)}× slower` +
        `${phone ? `: Lighthouse's BenchmarkIndex ${Math.round(phone)}, this machine's ${Math.round(machine)}` : ''}), ` +
        `in Chromium: the text shown ${shownIn} ms after Read along, its longest main-thread task ${longestOf(showing)}; ` +
        `following the voice through every sentence (${missed} not highlighted), per change of sentence the page's ` +
        `script (cueAt and the highlight's DOM update) median ${ms(quantile(script, 0.5))}, 95th percentile ` +
        `${ms(quantile(script, 0.95))}, and the main thread's whole work (with style, layout, paint) median ` +
        `${ms(quantile(work, 0.5))}, 95th percentile ${ms(quantile(work, 0.95))}; ` +
        `longest task ${longestOf(worst)}`,
    );
  } finally {
    await context?.close();
    await chromium.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchReadAlong();
