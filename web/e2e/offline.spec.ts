import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createTranslator, type Translate } from '@storyhouse/i18n';
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };
import { demoPages } from '../../server/src/modules/cms/demo-pages';
import { appReady, expect, type SiteLang, test, translator, WITH_SERVICE_WORKER } from './fixtures';
import { goOffline } from './helpers';

// Issue 32 items 1, 2 and 4 (decision 034): the service worker registers when the page is idle or after 30 s at most
// (spec §2, on Playwright's clock); offline, the notice shows, a page seen opens and one never seen shows the offline
// title; back online the page loads again; a new build asks to reload; the site installs as an app. In English and
// Spanish (the projects' hosts) and in Russian (its host, ru.localhost). The journeys block the worker, but these.

test.use(WITH_SERVICE_WORKER);

type Lang = SiteLang | 'ru';

/** A demo page of a language (server/src/modules/cms/demo-pages.ts): "Our story", never the first page opened. */
const ourStory = (lang: Lang) => {
  const page = demoPages.find(
    (p) => p.lang_code === lang && p.title && /^(Our story|Nuestra historia|Наша история)$/.test(p.title),
  );
  if (!page) throw new Error(`no "our story" page in ${lang}`);
  return { path: page.url, title: page.title as string };
};

const translatorOf = (lang: Lang): Translate => (lang === 'ru' ? createTranslator('ru', ru) : translator(lang));

/** Whether a service worker is registered for the page's site. */
const registered = (page: Page) => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));

/** Waits until the worker controls the page (it has precached the build and claimed the page). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * A forwarding HTTP proxy in front of the test server that, once told a new
 * build is out, serves /sw.js changed (a comment added: another script, as
 * a new build's is), the way a deploy changes the file at that address.
 */
async function deployingProxy() {
  let next = false;
  const proxy = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    const isWorker = next && target.pathname === '/sw.js';
    const headers = { ...req.headers, ...(isWorker ? { 'accept-encoding': 'identity' } : {}) };
    // Every test site is on this machine (Node does not resolve *.localhost): the Host header names the site.
    const at = { host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}` };
    const upstream = request({ ...at, method: req.method, headers }, (answer) => {
      if (!isWorker) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const parts: Buffer[] = [];
      answer.on('data', (part: Buffer) => parts.push(part));
      answer.on('end', () => {
        const body = `${Buffer.concat(parts).toString('utf8')}\n// the next build\n`;
        const { 'content-length': _, etag: __, 'last-modified': ___, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    nextBuild: () => {
      next = true;
    },
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

for (const lang of ['site', 'ru'] as const) {
  test.describe(`offline and installed (${lang === 'site' ? 'the project’s site' : 'Russian site'})`, () => {
    if (lang === 'ru') test.skip(({ siteLang }) => siteLang !== 'en', 'the Russian site once, beside the English project');

    /** The site's address and language: the project's, or the Russian host on the same port. */
    const siteOf = (baseURL: string | undefined, siteLang: SiteLang) =>
      lang === 'ru'
        ? { origin: String(baseURL ?? '').replace('//localhost', '//ru.localhost'), lang: 'ru' as Lang }
        : { origin: String(baseURL ?? ''), lang: siteLang as Lang };

    test.use({ offlineWorker: true });

    test('offline, a page seen opens, one never seen shows the offline title; back online it loads again', async ({
      page,
      context,
      baseURL,
      siteLang,
    }) => {
      const site = siteOf(baseURL, siteLang);
      const t = translatorOf(site.lang);
      const story = ourStory(site.lang);
      await page.goto(`${site.origin}/`);
      await controlledByWorker(page);
      await page.goto(`${site.origin}${story.path}`);
      await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
      // The worker keeps the page once it has read it whole (after the page shows).
      await expect.poll(() => page.evaluate(async (path) => Boolean(await caches.match(path)), story.path)).toBe(true);

      await goOffline(context, page);
      await expect(page.getByRole('alert')).toHaveText(t('shell.offline'));

      // A page seen before opens from the worker's copy, the notice over it.
      await page.goto(`${site.origin}/`);
      await page.goto(`${site.origin}${story.path}`);
      await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(t('shell.offline'));

      // A page never seen: the app opens and says there is no connection (the CMS page's offline title).
      await page.goto(`${site.origin}/never-seen-offline`);
      await expect(page.getByRole('heading', { level: 1, name: t('notFound.offlineTitle') })).toBeVisible();
      await expect(page).toHaveTitle(`${t('notFound.offlineTitle')} · ${t('app.titleSuffix')}`);

      // Back online, the last address loads again: now the server says it has no such page.
      const reloaded = page.waitForEvent('load');
      await context.setOffline(false);
      await reloaded;
      await appReady(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(/\/never-seen-offline$/);
      await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
    });

    test('a new build asks to reload, and the page then runs the new one', async ({ browser, baseURL, siteLang }) => {
      const site = siteOf(baseURL, siteLang);
      const t = translatorOf(site.lang);
      // The browser reaches the server through a proxy that can serve the next build's worker at the same address:
      // the browser fetches a worker's script itself, where Playwright's routes do not see it.
      const deploy = await deployingProxy();
      const context = await browser.newContext({ proxy: { server: deploy.address, bypass: '<-loopback>' } });
      try {
        const page = await context.newPage();
        await page.goto(`${site.origin}/`);
        await appReady(page);
        await controlledByWorker(page);

        deploy.nextBuild();
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

        const prompt = page.getByRole('status').filter({ hasText: t('shell.updateAvailable') });
        await expect(prompt).toBeVisible();
        const reloaded = page.waitForEvent('load');
        await prompt.getByRole('button', { name: t('shell.updateReload') }).click();
        await reloaded;
        await appReady(page);
        await expect(prompt).toHaveCount(0);
        // The page runs under the new worker, and none waits any more.
        expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
        expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
      } finally {
        await context.close();
        await deploy.close();
      }
    });

    test('the site installs as an app in its language', { tag: '@i18n' }, async ({ page, context, baseURL, siteLang }) => {
      const site = siteOf(baseURL, siteLang);
      const t = translatorOf(site.lang);
      await page.goto(`${site.origin}/`);
      await controlledByWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json()));
      expect(manifest).toMatchObject({ short_name: t('app.name'), lang: site.lang, start_url: '/', display: 'standalone' });
    });
  });
}

/**
 * Holds the page's idle callbacks until the test lets them run (`idle`): the page stays "busy" meanwhile. Defined
 * so that Playwright's clock, installed too, does not replace it.
 */
async function holdIdleCallbacks(page: Page) {
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    Object.defineProperty(window, 'requestIdleCallback', {
      value: (callback: () => void) => held.push(callback),
      writable: false,
      configurable: false,
    });
    Object.defineProperty(window, 'releaseIdleCallbacks', {
      value: () => {
        for (const callback of held.splice(0)) callback();
      },
    });
  });
  return { idle: () => page.evaluate(() => (window as Window & { releaseIdleCallbacks?: () => void }).releaseIdleCallbacks?.()) };
}

/**
 * Stops Playwright's clock (installed before the page opened, then left to run) a second ahead of the page's
 * time: from then on time moves only with runFor.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

test.describe('when the service worker registers (spec §2: once the app is stable, or after 30000 ms at most)', () => {
  test('once the hydrated page is idle', async ({ page }) => {
    const { idle } = await holdIdleCallbacks(page);
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    await page.clock.runFor(5_000);
    expect(await registered(page)).toBe(false);
    await idle();
    await expect.poll(() => registered(page)).toBe(true);
  });

  test('after 30 s when the page is never idle', async ({ page }) => {
    await holdIdleCallbacks(page);
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    // The page's 30 s began before it was ready (when the app hydrated), a moment before the clock stopped.
    await page.clock.runFor(27_000);
    expect(await registered(page)).toBe(false);
    await page.clock.runFor(3_000);
    await expect.poll(() => registered(page)).toBe(true);
  });

  test.describe('never on the developer pages', () => {
    // The developer mailbox answers only where e-mail goes to it (not on the test server): its page still opens.
    test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/dev\/mailbox/ }] });
    test('not after 30 s either', async ({ page }) => {
      const { idle } = await holdIdleCallbacks(page);
      await page.clock.install();
      await page.goto('/dev/mailbox');
      await pauseClock(page);
      await idle();
      await page.clock.runFor(31_000);
      expect(await registered(page)).toBe(false);
    });
  });
});
