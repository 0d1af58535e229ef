// `npm run bench`, part 13 (issue 32): a repeat visit to / with the service
// worker active, in Chromium (scripts/chromium.mjs), on the production server
// with the demo content (embedded database):
//  - the first contentful paint of / with the browser offline (Playwright's
//    offline mode; the page and its files come from the worker), median of 5;
//  - the bytes the browser fetches on a repeat visit online, by kind, counted
//    by a forwarding proxy between the browser and the server (it sees the
//    worker's own requests too): only the page and API answers, nothing the
//    precache holds (/assets/, the public files);
//  - for reference, the bytes of the first visit (the page, then the precache).
// A measurement, never a test: numbers are printed, nothing fails on them.
//   node scripts/bench-offline.mjs
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { launchBrowser, sized, startDemoServer } from './bench-helpers.mjs';

const RUNS = sized(5, 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The kind of an address, for the byte count. */
const kindOf = (pathname) =>
  pathname.startsWith('/crud/')
    ? 'API answers'
    : pathname.startsWith('/assets/')
      ? 'build files (/assets/)'
      : pathname.startsWith('/media/')
        ? 'images and media'
        : pathname === '/sw.js'
          ? 'worker script'
          : /\.[a-z0-9]+$/i.test(pathname) && pathname !== '/offline.html'
            ? 'public files'
            : 'pages';

/** A forwarding proxy to our server on `port` that counts the bytes of each answer (headers and body as sent) by kind. */
async function countingProxy(port) {
  let counts = new Map();
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    const upstream = http.request(
      { host: '127.0.0.1', port, path: `${target.pathname}${target.search}`, method: req.method, headers: req.headers },
      (answer) => {
        const kind = kindOf(target.pathname);
        let bytes = answer.rawHeaders.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0);
        answer.on('data', (part) => {
          bytes += part.length;
        });
        answer.on('end', () => {
          const c = counts.get(kind) ?? { requests: 0, bytes: 0 };
          counts.set(kind, { requests: c.requests + 1, bytes: c.bytes + bytes });
        });
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `http://127.0.0.1:${server.address().port}`,
    /** The counts since the last call. */
    take: () => {
      const taken = counts;
      counts = new Map();
      return taken;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const report = (title, counts) => {
  const total = [...counts.values()].reduce((n, c) => n + c.bytes, 0);
  console.log(`  ${title}: ${kb(total)}`);
  for (const [kind, c] of [...counts].sort((a, b) => b[1].bytes - a[1].bytes))
    console.log(`    ${kind.padEnd(24)} ${String(c.requests).padStart(3)} requests ${kb(c.bytes).padStart(10)}`);
};

/** Waits until the page's network is quiet for a moment (the app's API calls and the worker's revalidations done). */
const settle = async (page) => {
  await page.waitForLoadState('networkidle');
  await sleep(500);
};

export async function benchOffline() {
  const server = await startDemoServer('offline');
  const proxy = await countingProxy(server.port);
  const chromium = await launchBrowser();
  let context;
  try {
    context = await chromium.browser.newContext({ proxy: { server: proxy.address, bypass: '<-loopback>' } });
    const site = `http://localhost:${server.port}`;
    const first = await context.newPage();
    await first.goto(`${site}/`);
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await settle(first);
    await first.close();
    console.log('Offline app (issue 32): / with the service worker active');
    report('first visit (the page, then the precache)', proxy.take());

    const repeat = await context.newPage();
    await repeat.goto(`${site}/`);
    await settle(repeat);
    await repeat.close();
    report('repeat visit online', proxy.take());

    await context.setOffline(true);
    const paints = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage();
      // Playwright takes a worker offline a moment after its pages: wait until a request through it fails.
      await page.goto(`${site}/`);
      await page.waitForFunction(
        () =>
          fetch('/media/offline-probe').then(
            () => false,
            () => true,
          ),
        undefined,
        { polling: 100 },
      );
      await page.reload();
      const fcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const seen = performance.getEntriesByName('first-contentful-paint')[0];
            if (seen) return resolve(seen.startTime);
            new PerformanceObserver((list) => resolve(list.getEntries()[0]?.startTime)).observe({
              type: 'paint',
              buffered: true,
            });
          }),
      );
      paints.push(fcp);
      await page.close();
    }
    paints.sort((a, b) => a - b);
    console.log(
      `  first contentful paint offline: median ${paints[Math.floor(RUNS / 2)].toFixed(0)} ms (${RUNS} runs: ${paints.map((p) => p.toFixed(0)).join(', ')} ms)`,
    );
  } finally {
    await context?.close();
    await chromium.close();
    await proxy.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchOffline();
