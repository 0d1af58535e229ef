import { mkdir, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, type Locator, type Page, type Request, request } from '@playwright/test';
import type { CartTotal, MailboxResponse, Product } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import type { AxeResults, RunOptions } from 'axe-core';
import { appReady, expect, type ProjectLang, type SiteLang, test } from './fixtures';

const axePath = createRequire(import.meta.url).resolve('axe-core');

/**
 * axe's serious and critical findings on the page as it is now (DESIGN.md:
 * axe finds nothing serious). axe goes in as an inline script, which the
 * site's Content-Security-Policy forbids: a test that calls this runs with
 * `test.use({ bypassCSP: true })`. `more` adds to axe's options (`{ iframes: false }`
 * where a frame is sandboxed, which axe cannot enter).
 */
export async function seriousViolations(page: Page, more: RunOptions = {}) {
  const violations = await runAxe(page, more);
  return described(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/** Every axe finding, whatever its impact, in the part of the page `within` (a CSS selector) picks: the player. */
export async function violationsWithin(page: Page, within: string) {
  return described(await runAxe(page, {}, within));
}

async function runAxe(page: Page, more: RunOptions, within?: string) {
  // Contrast is judged on the page at rest: a fade-in still running (the CMS page's 200 ms) would read as faint text.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Once a document: a second check of the same page (after it changed) runs the axe already there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const options: RunOptions = { resultTypes: ['violations'], ...more };
  const results = await page.evaluate(
    ([opts, selector]) =>
      (window as unknown as { axe: { run: (ctx: unknown, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        selector ? { include: [[selector]] } : document,
        opts,
      ),
    [options, within] as const,
  );
  return results.violations;
}

const described = (violations: AxeResults['violations']) =>
  violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));

/**
 * The URLs of the requests the page makes that `match` picks, collected as
 * they go out: what a form sent, or that it sent nothing.
 */
export function watchRequests(page: Page, match: (request: Request) => boolean): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (match(request)) urls.push(request.url());
  });
  return urls;
}

/** The demo accounts (server/src/modules/accounts/accounts.seed.ts), shared by parallel tests: sign in, never change them. */
export const DEMO_ADMIN = { email: 'admin@storyhouse.example', password: 'storyhouse-admin' };
/** The demo customer: the developer mailbox is not for them; gift cards were sent to them. */
export const DEMO_CUSTOMER = { email: 'family@storyhouse.example', password: 'listen-along' };

export interface Credentials {
  email: string;
  password: string;
}

/** The site the running test's project browses (playwright.config.ts): http://localhost:port or http://es.localhost:port. */
const siteURL = () => new URL(String(test.info().project.use.baseURL));

/**
 * An API client of the site the test browses, from Node: it calls 127.0.0.1
 * (Node does not resolve es.localhost) with the site's Host header, so the
 * server answers as that site (its language, its links).
 */
const siteClient = (storageState?: Awaited<ReturnType<APIRequestContext['storageState']>>) => {
  const site = siteURL();
  return request.newContext({
    baseURL: `http://127.0.0.1:${site.port}`,
    extraHTTPHeaders: { host: site.host },
    storageState,
  });
};

/**
 * Calls the site's API as the browser context of `page`: the calls carry the
 * context's cookies of the site, and the cookies the server sets or clears
 * (a session after a login or a new account, a guest cart) land back in the
 * browser. No page load: the page can stay where it is, or on about:blank.
 */
export async function asBrowser<T>(page: Page, calls: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const context = page.context();
  const site = siteURL();
  const before = await context.cookies(site.origin);
  const api = await siteClient({ cookies: before.map((c) => ({ ...c, domain: '127.0.0.1' })), origins: [] });
  try {
    const result = await calls(api);
    const after = (await api.storageState()).cookies;
    for (const c of before) {
      if (!after.some((a) => a.name === c.name)) await context.clearCookies({ name: c.name, domain: c.domain, path: c.path });
    }
    if (after.length > 0) await context.addCookies(after.map((c) => ({ ...c, domain: site.hostname })));
    return result;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs the browser of `page` in through the login API (POST /crud/login):
 * every journey whose subject is not the login form itself (login.spec.ts
 * drives the form, with loginFromPage).
 */
export async function signIn(page: Page, account: Credentials = DEMO_ADMIN) {
  await asBrowser(page, async (api) => {
    const res = await api.post('/crud/login', { data: account });
    expect(res.status(), `login of ${account.email}: ${await res.text()}`).toBe(200);
  });
}

/** Signs the page's browser in as the demo admin (the developer mailbox shows only to an admin). */
export const signInAsAdmin = (page: Page) => signIn(page, DEMO_ADMIN);

/** An e-mail no other test or run uses (the demo accounts are shared: never touch them). */
export const freshEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * Creates an account through the create-account API as the browser of
 * `page`, which that signs in (as the page's form does), or with
 * `{ signIn: false }` from another client (the browser stays a visitor);
 * returns its e-mail.
 */
export async function createAccount(
  page: Page,
  user: { email: string; password: string; firstName?: string; lastName?: string },
  { signIn = true } = {},
): Promise<string> {
  const { email, password, firstName = 'Rosa', lastName = 'Tester' } = user;
  const create = async (api: APIRequestContext) => {
    const res = await api.post('/crud/user-account', {
      data: { user: { firstName, lastName, email, emailConfirm: email, password, passwordConfirm: password } },
    });
    expect(res.status(), `create account ${email}: ${await res.text()}`).toBe(200);
  };
  if (signIn) await asBrowser(page, create);
  else {
    const api = await siteClient();
    await create(api).finally(() => api.dispose());
  }
  return email;
}

/**
 * The status of POST /crud/login with these credentials from a client of its
 * own (another device): whether they sign in, the browser's session untouched.
 */
export async function loginStatus(account: Credentials) {
  const api = await siteClient();
  try {
    return (await api.post('/crud/login', { data: account })).status();
  } finally {
    await api.dispose();
  }
}

/**
 * Logs in through the login form of the page (spec §4 Login), which must
 * show it: only for journeys about the form; others sign in with signIn().
 */
export async function loginFromPage(page: Page, t: Translate, account: Credentials) {
  await expect(page.getByRole('heading', { level: 1, name: t('accountsLogin.title') })).toBeVisible();
  await page.getByLabel(t('accountsLogin.email')).fill(account.email);
  await page.getByLabel(t('accountsLogin.password')).fill(account.password);
  await page.getByRole('button', { name: t('accountsLogin.submit') }).click();
}

/** The messages of the developer mailbox page (/dev/mailbox, DESIGN "e-mail"), newest first. */
export const mailboxMessages = (page: Page, t: Translate) =>
  page.getByRole('list', { name: t('mailbox.list') }).getByRole('listitem');

/**
 * Signs the page in as the admin, opens the developer mailbox page and the
 * one message with this subject; returns that message. The page stays
 * signed in as the admin: call it last, after what the visitor does.
 */
export async function openMail(page: Page, t: Translate, subject: string) {
  await signInAsAdmin(page);
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: t('mailbox.title') })).toBeVisible();
  const mail = mailboxMessages(page, t).filter({ hasText: subject });
  await expect(mail).toHaveCount(1);
  await mail.getByText(subject).click();
  return mail;
}

/** One admin-signed-in API client per server (worker), made on first use: one login per worker. */
const adminClients = new Map<string, Promise<APIRequestContext>>();

/**
 * An API client signed in as the demo admin, apart from the page's browser
 * (which stays the visitor it is). It calls the server at 127.0.0.1, one of
 * its allowed hosts: Node does not resolve es.localhost, and the mailbox is
 * the same on every site.
 */
function adminClient() {
  const baseURL = `http://127.0.0.1:${siteURL().port}`;
  let client = adminClients.get(baseURL);
  if (!client) {
    client = (async () => {
      const api = await request.newContext({ baseURL });
      const res = await api.post('/crud/login', { data: DEMO_ADMIN });
      if (!res.ok()) throw new Error(`demo admin login: ${res.status()} ${await res.text()}`);
      return api;
    })();
    adminClients.set(baseURL, client);
  }
  return client;
}

/** The developer mailbox as its API lists it, read as the admin without touching the page's own session. */
export async function readMailbox(to?: string) {
  // The newest 20 only: with journeys running beside this one, a family's mail sent a minute ago may be past them,
  // so a journey reading its own mail later names the address.
  const res = await (await adminClient()).get(to ? `/crud/dev/mailbox?to=${encodeURIComponent(to)}` : '/crud/dev/mailbox');
  expect(res.status(), 'GET /crud/dev/mailbox as the admin').toBe(200);
  return (await res.json()) as MailboxResponse;
}

/**
 * A GET of the API from the page, with its cookies: the same browser
 * context as the page (the Spanish site's host name resolves only in
 * Chromium, so not through page.request). Expects a 200.
 */
/** Calls the site's API from the page (same origin: its cookies, its site language); answers the status and JSON body. */
export function apiFromPage(page: Page, method: string, path: string, data?: unknown) {
  return page.evaluate(
    async ({ method, path, data }) => {
      const res = await fetch(path, {
        method,
        headers: data === undefined ? {} : { 'content-type': 'application/json' },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { method, path, data },
  );
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    return { status: res.status, body: await res.json() };
  }, path);
  expect(status, path).toBe(200);
  return body as T;
}

/**
 * Pays for the cart of the signed-in client `api` with the test processor's
 * 4242 card, as the payment page does (checkout.spec.ts clicks through it;
 * journeys about what an order gives pay this way).
 */
export async function payCart(api: APIRequestContext, lang: ProjectLang) {
  const total = (await (await api.get('/crud/cart-session/total')).json()) as CartTotal;
  const token = await api.post('/crud/test-payments/tokens', {
    data: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Grace' },
  });
  expect(token.status(), `card token: ${await token.text()}`).toBe(200);
  const { id } = (await token.json()) as { id: string };
  const paid = await api.post('/crud/purchases', {
    // A monthly donation renews with the card: it is kept (spec §5 Payment).
    data: { stripe_token: id, expected_total: total.fullTotal, cart_id: total.cart.id, lang_code: lang, save_card: true },
  });
  expect(paid.status(), `purchase: ${await paid.text()}`).toBe(200);
  const { order_id } = (await paid.json()) as { order_id: number };
  return { orderId: order_id, total: total.fullTotal };
}

/** A demo story with both a CD and a digital album, per site (cart.spec.ts; Russian: after-paying.spec.ts). */
export const storyWithCd: Record<ProjectLang, string> = { en: 'noahs-big-boat', es: 'jesus-vive', ru: 'iosif-i-ego-bratya' };

/**
 * A new family, signed in in the page's browser, buys the story's CD and its digital album through the API, the CD
 * posted to `to` (a name on the label; Rosa Tester unless said) in Chicago; returns the family's e-mail and the order.
 */
export async function familyBuysCdAndAlbum(
  page: Page,
  lang: ProjectLang,
  { tag = 'admin-orders', to = { fname: 'Rosa', lname: 'Tester' } }: { tag?: string; to?: { fname: string; lname: string } } = {},
) {
  const email = await createAccount(page, { email: freshEmail(tag), password: 'listen-along-1' });
  const { orderId } = await asBrowser(page, async (api) => {
    const product = (await (await api.get(`/crud/product-by-slug/${storyWithCd[lang]}/skus`)).json()) as Product;
    for (const sku of [product.physicalAlbum, product.digitalAlbum]) {
      expect((await api.post('/crud/cart-session/skus', { data: { sku_id: sku?.id } })).status(), 'adding to the cart').toBe(200);
    }
    await shipCartToChicago(api, email, to);
    return payCart(api, lang);
  });
  return { email, orderId };
}

/** Sends the cart of the signed-in client `api` to a Chicago address, as the checkout saves it. */
export async function shipCartToChicago(api: APIRequestContext, email: string, to = { fname: 'Rosa', lname: 'Tester' }) {
  const { cart } = (await (await api.get('/crud/cart-session/total')).json()) as CartTotal;
  const address = {
    ...to,
    email,
    phone: '+1 312 555 0100',
    line1: '12 Elm Street',
    country_id: 33,
    state: 'IL',
    city: 'Chicago',
    postal_code: '60601',
  };
  expect((await api.post(`/crud/cart/${cart.id}/address/shipping`, { data: address })).status(), 'the address').toBe(200);
}

/** Buys the digital album of the story `slug` as the page's signed-in browser, through the API; returns the product as bought. */
export function buyDigitalAlbum(page: Page, slug: string, lang: SiteLang) {
  return asBrowser(page, async (api) => {
    const product = (await (await api.get(`/crud/product-by-slug/${slug}/skus`)).json()) as Product;
    const added = await api.post('/crud/cart-session/skus', { data: { sku_id: product.digitalAlbum?.id } });
    expect(added.status(), 'adding the album').toBe(200);
    return { product, ...(await payCart(api, lang)) };
  });
}

/** An album of each project's language that a family's journey buys (bought on the English checkout). */
export const ALBUM_TO_BUY = { en: 'noahs-big-boat', es: 'noahs-big-boat', ru: 'iosif-i-ego-bratya' } as const satisfies Record<
  ProjectLang,
  string
>;

/**
 * A new account with `ALBUM_TO_BUY` of the project's language bought (on the English checkout: the payment page is not
 * what these journeys try), signed in on the English site and on the project's site (`baseURL`, ru.localhost for
 * Russian) alike.
 */
export async function familyWithAlbum(
  page: Page,
  context: BrowserContext,
  { baseURL, lang, tag, password }: { baseURL: string; lang: ProjectLang; tag: string; password: string },
) {
  const email = await createAccount(page, { email: freshEmail(tag), password });
  const { product } = await buyDigitalAlbum(page, ALBUM_TO_BUY[lang], 'en');
  const host = new URL(baseURL).hostname;
  const cookies = await context.cookies('http://localhost');
  await context.addCookies(cookies.map((c) => ({ ...c, domain: host })));
  return { email, productId: product.id };
}

/** A sign-out made offline, still to send (web/src/lib/device-session-keys.ts). */
const SIGN_OUT_KEY = 'storyhouse-sign-out';

/**
 * Back online after signing out offline (decision 044): the page loads again for the network's return (spec §2), the
 * device sends the kept sign-out (and may load the page once more), the server has ended the session, and the page
 * shows the family signed out. Only then may they sign in here again, or the kept sign-out would end the new
 * session. (Signing in through the app drops it: features/login/api/login.ts; journeys sign in through the API.)
 */
export async function backOnlineSignedOut(context: BrowserContext, page: Page, t: Translate) {
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SIGN_OUT_KEY).catch(() => 'loading')).toBeNull();
  await expect
    .poll(() =>
      apiGet<{ logged_in: boolean }>(page, '/crud/session').then(
        (session) => session.logged_in,
        () => 'loading',
      ),
    )
    .toBe(false);
  await appReady(page);
  await expect(page.getByRole('link', { name: t('shell.login') }).first()).toBeVisible();
}

/**
 * Watches the page's requests from now on; `settled()` resolves once none is
 * in flight across two animation frames (what a page asks for after its
 * first data has arrived, lazy chunks, images in view and the requests they
 * lead to; not a track's audio stream). Playwright's `networkidle` waits 500 ms of quiet on top of that,
 * which a journey measuring many pages pays on every one; a journey that
 * asserts nothing more is asked for keeps `networkidle`.
 */
export function watchInFlight(page: Page) {
  const inFlight = new Set<Request>();
  // Audio is left out: a playing track's stream stays open as long as the element reads it, and no layout waits on it.
  const started = (r: Request) => {
    if (r.resourceType() !== 'media') inFlight.add(r);
  };
  const ended = (r: Request) => inFlight.delete(r);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const frames = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  return {
    async settled() {
      await expect
        .poll(
          async () => {
            if (inFlight.size > 0) return [...inFlight].map((r) => r.url());
            await frames();
            return [...inFlight].map((r) => r.url());
          },
          { message: 'requests still in flight', intervals: [20, 50, 100] },
        )
        .toEqual([]);
    },
    /** Stops watching. */
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Runs `steps` while no other journey holds `name` (a shared thing two
 * journeys change: the test processor's clock, a language's home-page
 * lists, a page both edit): a directory made with mkdir is the lock every
 * worker sees; it is the run's own (beside its data folder), so one left by
 * a crash never outlives the run.
 */
export async function withRunLock<T>(name: string, steps: () => Promise<T>): Promise<T> {
  const lock = `${process.env.E2E_DATA_DIR ?? path.join(tmpdir(), 'storyhouse-e2e')}-${name}.lock`;
  await expect
    .poll(
      () =>
        mkdir(lock).then(
          () => true,
          () => false,
        ),
      { message: `${name}, held by another journey`, timeout: 90_000, intervals: [100, 200, 400] },
    )
    .toBe(true);
  try {
    return await steps();
  } finally {
    await rmdir(lock);
  }
}

/** Runs `steps` while no other journey moves the test processor's clock (withRunLock). */
export const withTestClock = <T>(steps: () => Promise<T>): Promise<T> => withRunLock('test-clock', steps);

/** Moves the test processor's clock on by whole days as the demo admin (inside withTestClock): what falls due is charged. */
export async function advanceTestClock(days: number) {
  const res = await (await adminClient()).post('/crud/test-payments/clock', { data: { advance_days: days } });
  expect(res.status(), `moving the test clock: ${await res.text()}`).toBe(200);
}

/** How far below the bottom of `upper` the top of `lower` is, in CSS px (negative: they overlap, or it is above). */
export async function gapBelow(upper: Locator, lower: Locator): Promise<number> {
  const [a, b] = await Promise.all([upper.boundingBox(), lower.boundingBox()]);
  if (!a || !b) throw new Error('both are shown');
  return b.y - (a.y + a.height);
}

/** Opens "Add a card" in `where` and saves a test card there (the test processor's card field). */
export async function addCardIn(where: Locator, t: Translate, number: string) {
  // After a card that was not saved, the form is still open.
  const open = where.getByRole('button', { name: t('payment.addCard.open') });
  if (await open.isVisible()) await open.click();
  const form = where.getByRole('group', { name: t('payment.addCard.title') });
  await form.getByLabel(t('payment.card.number')).fill(number);
  await form.getByLabel(t('payment.card.expiry')).fill('12 / 34');
  await form.getByLabel(t('payment.card.cvc')).fill('123');
  await form.getByLabel(t('payment.card.name')).fill('Rosa Tester');
  await where.getByRole('button', { name: t('payment.addCard.save') }).click();
}

/** Waits until the service worker controls the page (it registers once the app is idle). */
export async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 40_000 });
}

/**
 * Takes the browser offline and waits until the worker is offline too: Playwright lifts its emulation for a
 * service worker a moment after the page, where a real browser has one network for both. A file the worker
 * asks the network for (a media address it keeps no copy of) fails once the worker is offline.
 */
export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect
    .poll(() =>
      page.evaluate(() =>
        fetch('/media/offline-probe').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    )
    .toBe('offline');
}

/** Stands for any text in a message given to messagePattern (a size, say, which is the browser's to write). */
export const ANY = '\u0000';

/** A catalog message as a pattern, its ANY values matching any text. */
export function messagePattern(t: Translate, key: Parameters<Translate>[0], values: Record<string, string | number>) {
  const parts = t(key, values)
    .split(ANY)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+'));
}

/**
 * A message with a count, whatever the count: each plural form of the catalog's message (1, 2, 5 and 21 reach
 * one, few, many and other in English, Spanish and Russian), the number any number as the browser writes it.
 */
export function countPattern(t: Translate, key: Parameters<Translate>[0]) {
  const forms = [1, 2, 5, 21].map((n) =>
    t(key, { count: n })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(String(n), '[\\d.,\\s]+'),
  );
  return new RegExp(`^(?:${forms.join('|')})$`);
}

/**
 * On a phone, My Library's compact card keeps Keep on this device (and Details, the ZIP) behind its More button
 * (decision 073): opens it where it is shown and closed; at desktop widths the panel is always open.
 */
export async function openAlbumMore(page: Page, t: Translate, title: string) {
  const more = page.getByRole('button', { name: t('library.moreLabel', { title }) });
  await page.getByRole('heading', { name: title }).first().waitFor();
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
}
