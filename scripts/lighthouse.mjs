// `npm run lighthouse`: Lighthouse scores of the storefront's pages (home,
// shop, a story, a CMS subpage for visitors; the cart, both checkout steps,
// My Library and My orders signed in as the demo family; each on the English
// and the Spanish site), measured on the production server with the demo
// content. A measurement, like `npm run bench` (which runs it last): a page
// that misses a target is reported, not failed; only errors (a build, the
// server, Chrome, a page that does not load) exit non-zero.
//   npm run lighthouse                          every page, one run each
//   npm run lighthouse -- /shop /tienda         only the pages with these paths
//   npm run lighthouse -- --runs 3              the median run by performance score
//   npm run lighthouse -- --json lighthouse-reports   also keep every report (JSON)
// Lighthouse's default settings: a mobile phone emulated, with simulated
// throttling (slow 4G, 4x CPU slowdown). Chrome is Debian's Chromium
// (/usr/bin/chromium) unless CHROME_PATH names another.
// The signed-in pages: before them the script signs the demo family in
// through the API, buys an album (so the library and My orders have one)
// and leaves a CD and an album in the cart with a shipping address (so
// checkout and payment show their forms); Lighthouse then sends the
// session's cookie with every request.
// lighthouse is pinned to 12.x: 13 needs Node 22.19, we support Node 20.19+.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildStale } from './build.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The pages measured: the English site's and the Spanish site's address of each (site-lang.ts: the host picks the language). */
const PAGES = [
  { name: 'home', en: '/', es: '/' },
  { name: 'shop', en: '/shop', es: '/tienda' },
  { name: 'story', en: '/story/david-the-shepherd-boy', es: '/story/david-the-shepherd-boy' },
  // A CMS subpage of the demo content (server/src/modules/cms/demo-pages.ts).
  { name: 'about', en: '/about', es: '/quienes-somos' },
  // Signed in as the demo family (issue 27): the paths are the same on both sites.
  { name: 'cart', en: '/cart', es: '/cart', signedIn: true },
  { name: 'checkout', en: '/checkout', es: '/checkout', signedIn: true },
  { name: 'payment', en: '/payment', es: '/payment', signedIn: true },
  { name: 'library', en: '/library', es: '/library', signedIn: true },
  { name: 'orders', en: '/account/orders', es: '/account/orders', signedIn: true },
];
const HOSTS = { en: 'localhost', es: 'es.localhost' };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The targets, each with how to read it off a report and whether a value meets it. */
const TARGETS = [
  { name: 'perf', target: '≥ 95', ok: (r) => r.perf >= 95, show: (r) => r.perf },
  { name: 'LCP', target: '≤ 2.0 s', ok: (r) => r.lcp <= 2000, show: (r) => `${(r.lcp / 1000).toFixed(2)} s` },
  { name: 'CLS', target: '≤ 0.05', ok: (r) => r.cls <= 0.05, show: (r) => r.cls?.toFixed(3) },
  { name: 'TBT', target: '≤ 150 ms', ok: (r) => r.tbt <= 150, show: (r) => `${r.tbt?.toFixed(0)} ms` },
  { name: 'a11y', target: '100', ok: (r) => r.a11y >= 100, show: (r) => r.a11y, category: 'accessibility' },
  { name: 'best-practices', target: '≥ 96', ok: (r) => r.bp >= 96, show: (r) => r.bp, category: 'best-practices' },
  { name: 'SEO', target: '100', ok: (r) => r.seo >= 100, show: (r) => r.seo, category: 'seo' },
];

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A GET of a path on the local server as `host` (its body), without resolving the host name; with the session's cookie when given. */
function getAs(port, host, urlPath, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: urlPath, headers: { host: `${host}:${port}`, ...(cookie ? { cookie } : {}) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString()));
        },
      )
      .on('error', reject);
  });
}

/** The demo family (server/src/modules/accounts/accounts.seed.ts; the README lists it). */
const DEMO_FAMILY = { email: 'family@storyhouse.example', password: 'listen-along' };
/** A story whose album the family buys, and one whose CD waits in the cart. */
const BOUGHT_STORY = 'the-first-christmas';
const CART_STORY = 'david-the-shepherd-boy';

/**
 * A small API client for the local server that keeps the session cookie it
 * is given (as a browser would) and fails on any answer but 2xx.
 */
function apiClient(port) {
  const cookies = new Map();
  const call = async (method, urlPath, body) => {
    // By name: the server answers only its configured hosts (fetch does not let a Host header through).
    const res = await fetch(`http://localhost:${port}${urlPath}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    get: (urlPath) => call('GET', urlPath),
    post: (urlPath, body) => call('POST', urlPath, body),
    cookie: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** Buys one sku for the signed-in client with the test processor's 4242 card. */
async function buy(api, addSku, sku) {
  await addSku(sku);
  const total = await api.get('/crud/cart-session/total');
  const token = await api.post('/crud/test-payments/tokens', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
    name: 'Grace Family',
  });
  await api.post('/crud/purchases', {
    stripe_token: token.id,
    expected_total: total.fullTotal,
    cart_id: total.cart.id,
    lang_code: 'en',
    save_card: false,
  });
}

/**
 * Signs the demo family in, buys an album with the test processor's 4242
 * card, then fills the cart: a CD (or book) and another album, with a US
 * shipping address. Answers the session's Cookie header.
 */
async function prepareFamily(port) {
  const api = apiClient(port);
  await api.post('/crud/login', DEMO_FAMILY);
  const addSku = (sku) => api.post('/crud/cart-session/skus', { sku_id: sku.id, quantity: 1, auto_update: true });

  const bought = await api.get(`/crud/product-by-slug/${BOUGHT_STORY}/skus`);
  const library = await api.get('/crud/my-library?page=1');
  const owned = JSON.stringify(library).includes(`"${BOUGHT_STORY}"`);
  if (!owned && bought.digitalAlbum) await buy(api, addSku, bought.digitalAlbum);

  const product = await api.get(`/crud/product-by-slug/${CART_STORY}/skus`);
  const shipped = product.physicalAlbum ?? product.book;
  if (!shipped) throw new Error(`${CART_STORY} has no CD or book to ship`);
  await addSku(shipped);
  if (product.digitalAlbum) await addSku(product.digitalAlbum);
  const { cart } = await api.get('/crud/cart-session/total');
  await api.post(`/crud/cart/${cart.id}/address/shipping`, {
    fname: 'Grace',
    lname: 'Family',
    email: DEMO_FAMILY.email,
    phone: '555-010-2030',
    line1: '12 Garden Lane',
    country_id: 33,
    state: 'CA',
    city: 'Fresno',
    postal_code: '93701',
  });
  return api.cookie();
}

/**
 * In production a resized image is made once and then served from the cache;
 * the server here starts on a fresh data folder. So each page's images (the
 * copies its HTML names: the preloaded hero and the embedded first data) are
 * asked for once before the page is measured.
 */
async function warmUp(port, host, urlPath, cookie) {
  const html = await getAs(port, host, urlPath, cookie);
  const images = new Set(html.match(/\/media\/resized\/[^"\s,\\]+/g) ?? []);
  for (const image of images) await getAs(port, host, image);
}

async function waitHealthy(port, child, deadline) {
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return true;
    } catch {}
    await sleep(100);
  }
  return false;
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The figures of one report; null where Lighthouse could not measure. */
function figures(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
  };
}

/** Titles of the audits that cost a category points (weighted, scored below 1). */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.title);
}

const seconds = (ms) => (ms == null ? '–' : (ms / 1000).toFixed(1));
const orDash = (v, f = String) => (v == null ? '–' : f(v));

function printTable(rows) {
  const head = ['page', 'perf', 'a11y', 'best-practices', 'seo', 'LCP s', 'CLS', 'TBT ms', 'FCP s'];
  const lines = rows.map(({ label, f }) => [
    label,
    orDash(f.perf),
    orDash(f.a11y),
    orDash(f.bp),
    orDash(f.seo),
    seconds(f.lcp),
    orDash(f.cls, (v) => v.toFixed(3)),
    orDash(f.tbt, (v) => v.toFixed(0)),
    seconds(f.fcp),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(format(l));
}

/**
 * Measures the pages whose address (or name) is in `only` (all when empty),
 * `runs` times each, and prints the table (the median run by performance
 * score of each page) and the targets missed. Keeps every report in
 * `jsonDir` when given. Throws when something could not be measured, after
 * printing what was. `port`: a server already running with the demo content
 * (the bench's smoke run: the one its steps share) instead of the production
 * server on a fresh database.
 */
export async function measureLighthouse({ only = [], runs = 1, jsonDir, port: given } = {}) {
  const pages = PAGES.flatMap((p) =>
    ['en', 'es'].map((lang) => ({
      name: p.name,
      lang,
      path: p[lang],
      label: `${lang} ${p[lang]}`,
      signedIn: p.signedIn ?? false,
    })),
  ).filter((p) => only.length === 0 || only.some((o) => o === p.path || o === p.name || o === p.label));
  if (pages.length === 0)
    throw new Error(`no page matches ${only.join(' ')}; pages: ${PAGES.map((p) => `${p.en} ${p.es}`).join(' ')}`);

  if (buildStale() !== 0) throw new Error('the build failed');

  let server;
  let chrome;
  let dataDir;
  let stopping;
  const cleanUp = () => {
    stopping ??= (async () => {
      try {
        chrome?.kill();
      } catch {}
      if (server) await stopServer(server);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  const onSignal = (signal) => {
    console.error(`\n${signal}: stopping the server and Chrome`);
    cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const rows = [];
  const errors = [];
  try {
    const port = given ?? (await freePort());
    if (!given) {
      dataDir = mkdtempSync(path.join(tmpdir(), 'storyhouse-lighthouse-'));
      server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
        cwd: root,
        // A fresh database: the server seeds the demo content into it (in production only when told to: a demo site).
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PAYMENTS: 'test',
          DEMO_CONTENT: 'on',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (!(await waitHealthy(port, server, Date.now() + 180_000))) throw new Error('the server did not start');
    }

    // One Chrome for every page: Lighthouse clears the origin's cache and storage before each navigation.
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
      chromeFlags: CHROME_FLAGS,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    if (jsonDir) mkdirSync(jsonDir, { recursive: true });
    const cookie = pages.some((p) => p.signedIn) ? await prepareFamily(port) : undefined;

    for (const page of pages) {
      const url = `http://${HOSTS[page.lang]}:${port}${page.path}`;
      const session = page.signedIn ? cookie : undefined;
      await warmUp(port, HOSTS[page.lang], page.path, session);
      const results = [];
      for (let run = 1; run <= runs; run++) {
        process.stdout.write(`${page.label}${runs > 1 ? ` (run ${run}/${runs})` : ''}…\n`);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          // Signed in: the session's cookie rides on every request (the storage reset before each page clears the browser's).
          ...(session ? { extraHeaders: { Cookie: session } } : {}),
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          errors.push(`${page.label}: ${lhr?.runtimeError?.message ?? 'no result'}`);
          break;
        }
        if (jsonDir) {
          const slug = `${page.lang}-${page.name}${runs > 1 ? `-${run}` : ''}`;
          writeFileSync(path.join(jsonDir, `${slug}.report.json`), result.report);
        }
        for (const w of lhr.runWarnings) console.log(`  warning: ${w}`);
        // A page that sent the browser elsewhere (a signed-in page to /login, a checkout to /cart) was not the page measured.
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          errors.push(`${page.label}: ended on ${lhr.finalDisplayedUrl}`);
          break;
        }
        results.push(lhr);
      }
      if (results.length < runs) continue;
      // The median run by performance score (of an even number, the better middle one).
      results.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)];
      rows.push({ label: page.label, lhr, f: figures(lhr) });
    }
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanUp();
  }

  // Simulated throttling scales the CPU time observed here: on a busy or slow machine TBT and LCP grow.
  const benchmark = rows.map((r) => r.lhr.environment.benchmarkIndex).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  console.log(
    `\nLighthouse ${rows[0]?.lhr.lighthouseVersion ?? ''}, mobile (simulated throttling)${runs > 1 ? `, median of ${runs} runs` : ''}; CPU benchmark index ${benchmark?.toFixed(0) ?? '–'}:\n`,
  );
  printTable(rows);
  // Lighthouse's 4x CPU slowdown assumes a desktop-class CPU (index 1000 and more); below it the figures are worse than the site.
  const busy = rows.filter((r) => r.lhr.environment.benchmarkIndex < 1000);
  if (busy.length > 0) {
    const list = busy.map((r) => `${r.label} (${r.lhr.environment.benchmarkIndex.toFixed(0)})`).join(', ');
    console.log(`\nCPU benchmark index below 1000 (a busy or slow machine; TBT and LCP overstated): ${list}`);
  }
  const missing = rows.filter((row) => TARGETS.some((t) => !t.ok(row.f)));
  if (missing.length > 0) {
    console.log('\nTargets missed:');
    for (const row of missing) {
      const missed = TARGETS.filter((t) => !t.ok(row.f));
      console.log(`  ${row.label}: ${missed.map((t) => `${t.name} ${t.show(row.f)} (${t.target})`).join(', ')}`);
      for (const t of missed.filter((t) => t.category)) {
        for (const title of failingAudits(row.lhr, t.category)) console.log(`    ${t.category}: ${title}`);
      }
    }
  } else if (rows.length > 0) console.log('\nEvery page meets every target.');
  if (errors.length > 0) throw new Error(`could not measure:\n  ${errors.join('\n  ')}`);
  return rows.map(({ label, f }) => ({ label, ...f }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '1' }, json: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs needs a whole number of at least 1, not ${values.runs}`);
    process.exit(2);
  }
  try {
    await measureLighthouse({ only: positionals, runs, jsonDir: values.json && path.resolve(values.json) });
  } catch (err) {
    console.error(`lighthouse: ${err.message}`);
    process.exit(1);
  }
}
