import {
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type Response,
  type TestType,
} from '@playwright/test';
import { type Catalog, createTranslator, type Translate } from '@storyhouse/i18n';
import en from '@storyhouse/i18n/catalogs/en.json' with { type: 'json' };
import es from '@storyhouse/i18n/catalogs/es.json' with { type: 'json' };
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };
import { demoPages, subscriptionPages } from '../../server/src/modules/cms/demo-pages';

/** The languages every journey tagged @i18n runs in: one Playwright project each. */
export type SiteLang = 'en' | 'es';
/** A project's language: those, and Russian, whose project runs only the journeys tagged @ru (`ruTest`). */
export type ProjectLang = SiteLang | 'ru';

export interface SiteOptions {
  /**
   * The language the project's host serves (playwright.config.ts). Typed as
   * the @i18n languages for the journeys that index their data by it; the
   * Russian project runs only `ruTest`'s journeys, which see 'ru' too.
   */
  siteLang: SiteLang;
}

const catalogs: Record<ProjectLang, Catalog> = { en, es, ru };

/** The catalog's text for a key, as the app formats it; a missing key fails the test. */
export function translator(lang: ProjectLang): Translate {
  return createTranslator(lang, catalogs[lang], (key) => {
    throw new Error(`Missing message: ${lang}:${key}`);
  });
}

export interface DemoMenuItem {
  title: string;
  children?: string[];
}

/** The site navigation the demo content loads (server/src/modules/cms/cms.seed.ts). */
export const demoNavigation: Record<ProjectLang, DemoMenuItem[]> = {
  en: [
    { title: 'Home' },
    { title: 'Shop' },
    { title: 'Listen', children: ['Free streaming', 'Get a free MP3', 'Bible lessons'] },
    { title: 'About us', children: ['Our story', 'Russian program', 'Guest book', 'Contact'] },
    { title: 'Support us', children: ['Donate', 'Gift cards', 'Subscriptions'] },
  ],
  es: [
    { title: 'Inicio' },
    { title: 'Tienda' },
    { title: 'Escuchar', children: ['Escuchar gratis', 'MP3 gratis', 'Lecciones bíblicas'] },
    { title: 'Quiénes somos', children: ['Nuestra historia', 'Programa ruso', 'Libro de visitas', 'Contacto'] },
    { title: 'Apóyanos', children: ['Donar', 'Tarjetas de regalo', 'Suscripciones'] },
  ],
  ru: [
    { title: 'Главная' },
    { title: 'Магазин' },
    { title: 'Слушать', children: ['Слушать бесплатно', 'Бесплатный MP3', 'Библейские уроки'] },
    { title: 'О нас', children: ['Наша история', 'Русская программа', 'Гостевая книга', 'Контакты'] },
    { title: 'Поддержать' },
  ],
};

/** A demo CMS page (server/src/modules/cms/demo-pages.ts) of a site language by its stored path ('/index' is home). */
export function demoPage(lang: ProjectLang, url: string) {
  const page = [...demoPages, ...subscriptionPages].find((p) => p.lang_code === lang && p.url === url);
  if (!page) throw new Error(`no demo page ${lang}:${url}`);
  return page as typeof page & { title: string };
}

export const otherLang = (lang: SiteLang): SiteLang => (lang === 'en' ? 'es' : 'en');

/**
 * The server answers an unknown path with the not-found page and status 404
 * on purpose, and Chromium reports every non-2xx document in the console.
 * That message, for a page address (not an API call or an asset), is the
 * only one a test may produce.
 */
function isExpectedNotFoundDocument(msg: ConsoleMessage) {
  if (msg.text() !== 'Failed to load resource: the server responded with a status of 404 (Not Found)') return false;
  const { pathname } = new URL(msg.location().url);
  // The CMS page asks for the entry of the path it shows: a 404 there is the not-found page.
  if (pathname === '/crud/content/entry/by/url') return true;
  return !pathname.startsWith('/crud/') && !pathname.startsWith('/assets/');
}

/**
 * A failed API call a test expects (an unknown story answers 404): Chromium
 * reports it in the console like any failed request; a test names the
 * status and path it provokes with `test.use({ expectedApiErrors: [e] })`.
 * Playwright reads a two-item array in test.use as [value, options], so
 * two or more go as `[[e1, e2], { scope: 'test' }]`.
 */
export interface ExpectedApiError {
  status: number;
  path: RegExp;
}

function isExpectedApiError(msg: ConsoleMessage, expected: ExpectedApiError[] | ExpectedApiError) {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(msg.text())?.[1];
  if (!status) return false;
  const { pathname } = new URL(msg.location().url);
  return [expected].flat().some((e) => e.status === Number(status) && pathname.startsWith('/crud/') && e.path.test(pathname));
}

/**
 * A request the browser could not send because the test took the context
 * offline (context.setOffline): images of the page below the fold load
 * lazily and may start while it is offline.
 */
const isOfflineFailure = (msg: ConsoleMessage) => msg.text() === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED';

/**
 * The same through the service worker (decision 034), for the journeys that
 * take it offline (`offlineWorker`): a request it passes on to the network,
 * or an answer it keeps no copy of, fails with Chromium's generic word.
 */
const isWorkerOfflineFailure = (msg: ConsoleMessage) => msg.text() === 'Failed to load resource: net::ERR_FAILED';

/**
 * Chromium's hint that an image the server preloads (the page's hero or
 * cover, decision 014) was not used "within a few seconds of the window's
 * load event": it depends only on how busy the machine is when the first
 * render runs; the first-data and layout-shift journeys check that the
 * image is in the first render.
 */
const isPreloadTimingHint = (msg: ConsoleMessage) =>
  msg.type() === 'warning' && /was preloaded using link preload but not used within a few seconds/.test(msg.text());

/** Playwright's own word that it blocked the service worker's registration, as the journeys do unless WITH_SERVICE_WORKER. */
const isBlockedServiceWorker = (msg: ConsoleMessage) => msg.text() === 'Service Worker registration blocked by Playwright';

/**
 * The developer mailbox's sandboxed frame (an e-mail's HTML part, no scripts allowed) refusing the scripts Playwright
 * itself injects into every frame (its clock, axe): the sandbox doing its job, not the page's error.
 */
const isSandboxedMailFrame = (msg: ConsoleMessage) =>
  msg.text() ===
  "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set.";

interface Fixtures {
  /** Catalog text in the project's language. */
  t: Translate;
  /** The h1 of the demo home page (a CMS page) in the project's language. */
  homeTitle: string;
  /** API failures this test provokes on purpose; none unless a test says so. */
  expectedApiErrors: ExpectedApiError[];
  /** The journey takes the service worker offline: its failed requests are expected (isWorkerOfflineFailure). */
  offlineWorker: boolean;
  /** Fails the test on any console error or warning and any uncaught page error. */
  consoleGuard: undefined;
}

/** Waits until the app runs the page it shows (after a load the app itself started, such as its reload when back online). */
export const appReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

/** Whether a navigation's answer is a page of the app (not a file, a feed or an API answer). */
const isAppPage = (response: Response | null) => response?.headers()['content-type']?.startsWith('text/html') === true;

export const test = base.extend<Fixtures & SiteOptions>({
  siteLang: ['en', { option: true }],
  // Decision 015: a page for visitors arrives rendered, and the app takes it over a moment later. A person cannot act
  // before that on a real phone's timescale, but a journey can: goto and reload wait until the app runs the page
  // (`<html data-app-ready>`), so what a journey does is what the app does, never what the bare markup does.
  page: async ({ page }, use) => {
    const ready = async (response: Response | null) => {
      if (isAppPage(response)) await appReady(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => ready(await goto(url, options));
    page.reload = async (options) => ready(await reload(options));
    await use(page);
  },
  t: async ({ siteLang }, use) => use(translator(siteLang)),
  homeTitle: async ({ siteLang }, use) => use(demoPage(siteLang, '/index').title),
  expectedApiErrors: [[], { option: true }],
  offlineWorker: [false, { option: true }],
  consoleGuard: [
    async ({ context, expectedApiErrors, offlineWorker }, use) => {
      const problems: string[] = [];
      context.on('console', (msg) => {
        if (
          (msg.type() === 'error' || msg.type() === 'warning') &&
          !isExpectedNotFoundDocument(msg) &&
          !isOfflineFailure(msg) &&
          !(offlineWorker && isWorkerOfflineFailure(msg)) &&
          !isPreloadTimingHint(msg) &&
          !isBlockedServiceWorker(msg) &&
          !isSandboxedMailFrame(msg) &&
          !isExpectedApiError(msg, expectedApiErrors)
        ) {
          problems.push(`console.${msg.type()}: ${msg.text()} (at ${msg.location().url})`);
        }
      });
      context.on('weberror', (err) => {
        const e = err.error();
        problems.push(`page error: ${e.stack || e.message || String(e)} (in ${err.page()?.url()})`);
      });
      await use(undefined);
      expect(problems, 'console errors, warnings and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** `test` for the journeys tagged @ru: the same fixtures, `siteLang` including Russian (its project's language). */
export const ruTest = test as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & Fixtures & { siteLang: ProjectLang },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/**
 * The journeys run without the service worker (decision 034): playwright.config.ts blocks it, since in every fresh
 * context it would install and precache the whole build, and what a page shows online is the server's and the app's,
 * not the worker's. Playwright also lifts its offline emulation from a worker a moment after the page, so a reload
 * in that moment would fail through the worker, where a real browser has one network for both: the shell's offline
 * notice, reload and offline pages are tried without it. The journeys of the worker itself (offline.spec.ts,
 * keep-on-device.spec.ts) opt in with `test.use(WITH_SERVICE_WORKER)`; offline.spec.ts opens pages under it.
 * A context a journey opens itself (browser.newContext) takes none of the config's options: it allows the worker
 * unless it passes WITHOUT_SERVICE_WORKER.
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/** The sidebar navigation landmark. */
export const mainNavigation = (page: Page, t: Translate) => page.getByRole('navigation', { name: t('shell.mainNavigation') });

/**
 * A client-side navigation to a path no in-app link leads to: React Router
 * follows the address on popstate, the way it does for the back button.
 */
export async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
