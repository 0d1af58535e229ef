import type { Page } from '@playwright/test';
import type { LibraryAlbum } from '@storyhouse/contracts';
import { appReady, expect, test, WITH_SERVICE_WORKER } from './fixtures';
import { apiFromPage, apiGet, buyDigitalAlbum, createAccount, DEMO_ADMIN, freshEmail, signIn } from './helpers';

// Issue 32 item 3, "Keep on this device": what can go wrong while keeping.
// Keeping an album and listening to it offline, in English and in Russian,
// is offline-listening.spec.ts's journey.

// axe is added to the page as a script tag, which the site's CSP would refuse. The journeys block the service
// worker, but this one: it answers the kept album offline.
test.use({ bypassCSP: true, ...WITH_SERVICE_WORKER });

const PASSWORD = 'keep-it-close';
const KEPT_CACHE = 'storyhouse-kept';

/** The URLs in the kept cache, as the page sees them (null when there is no such cache). */
const keptUrls = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  }, KEPT_CACHE);

// The bad inputs of item 3: storage full, files the browser evicted, a sign-out
// while offline, an album the family lost (a refund). In English: what the
// family sees is the same in every language.
test.describe(() => {
  // The next online check asks for the refunded album: 404, as the library says.
  // The sign-out offline goes through the worker once it controls the page: its requests then fail as the worker's.
  test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/my-library\/product\/\d+$/ }], offlineWorker: true });
  test('a full device, evicted files, an offline sign-out and a refund never leave an album half kept', async ({
    page,
    context,
    browser,
    baseURL,
    siteLang,
    t,
  }) => {
    test.skip(siteLang !== 'en', 'the storage rules are the same in every language');
    test.setTimeout(150_000);
    const email = await createAccount(page, { email: freshEmail('keep-bad'), password: PASSWORD });
    const { product, orderId } = await buyDigitalAlbum(page, 'noahs-big-boat', 'en');
    await page.goto('/library');
    const album = await apiGet<LibraryAlbum>(page, `/crud/my-library/product/${product.id}`);
    const title = album.productTitle;
    const keepButton = page.getByRole('button', { name: t('library.keep.buttonLabel', { title }) });
    const removeButton = page.getByRole('button', { name: t('library.keep.removeLabel', { title }) });
    const trackUrls = album.tracks.map((track) => track.file_url);
    const keptTracks = async () => ((await keptUrls(page)) ?? []).filter((url) => trackUrls.includes(url));
    const keepIt = async () => {
      await keepButton.click();
      await expect(removeButton).toBeVisible({ timeout: 20_000 });
      expect(await keptTracks()).toEqual(trackUrls);
    };

    await test.step('storage full: a clear message, and nothing of the album stays', async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(String(baseURL)).origin, quotaSize: 50_000 });
      await keepButton.click();
      await expect(page.getByRole('alert').filter({ hasText: t('library.keep.error.quota') })).toBeVisible({ timeout: 20_000 });
      await expect(keepButton).toBeVisible();
      await expect(removeButton).toHaveCount(0);
      expect(await keptTracks()).toEqual([]);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(String(baseURL)).origin });
      await cdp.detach();
    });

    await test.step('files the browser evicted: shown as not kept', async () => {
      await keepIt();
      await page.evaluate(async ({ name, url }) => (await caches.open(name)).delete(url), {
        name: KEPT_CACHE,
        url: trackUrls[1]!,
      });
      await page.reload();
      await expect(keepButton).toBeVisible();
      await expect(removeButton).toHaveCount(0);
      expect(await keptTracks()).toEqual([]);
    });

    await test.step('a sign-out while offline removes the kept files at once', async () => {
      await keepIt();
      // The menu opened first: the offline notice lies over the header's account button.
      await page.getByRole('button', { name: t('shell.myAccount') }).click();
      await context.setOffline(true);
      await page.getByRole('button', { name: t('shell.logout') }).click();
      await expect.poll(() => keptUrls(page)).toBeNull();
      // Back online the page loads again (spec §2) and the sign-out reaches the server (decision 044): the family
      // signs in again.
      const reloaded = page.waitForEvent('load');
      await context.setOffline(false);
      await reloaded;
      await appReady(page);
      await expect(page.getByRole('link', { name: t('shell.login') }).first()).toBeVisible();
      await signIn(page, { email, password: PASSWORD });
      await page.goto('/library');
    });

    await test.step('a refunded album is removed at the next online check', async () => {
      await keepIt();
      const admin = await browser.newContext({ baseURL });
      try {
        const adminPage = await admin.newPage();
        await adminPage.goto('/healthz');
        await signIn(adminPage, DEMO_ADMIN);
        const refund = await apiFromPage(adminPage, 'POST', `/crud/admin/orders/${orderId}/refund`, {});
        expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      } finally {
        await admin.close();
      }
      await page.reload();
      await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
      await expect.poll(keptTracks).toEqual([]);
      // Nor listed offline.
      await context.setOffline(true);
      await expect(page.getByText(t('library.kept.none'))).toBeVisible();
      await context.setOffline(false);
    });
  });
});
