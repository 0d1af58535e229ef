import type { Page } from '@playwright/test';
import type { LibraryAlbum, Product } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test, WITH_SERVICE_WORKER } from './fixtures';
import {
  ANY,
  apiGet,
  asBrowser,
  DEMO_CUSTOMER,
  goOffline,
  messagePattern,
  seriousViolations,
  signIn,
  workerInControl,
} from './helpers';

// Issue 42, what a child hears, on a phone: the demo family (PIN 1234) adds Leo (3-5, his age only, one album never,
// quiet hours 19:30-07:00 on the family's clock); the device listens as Leo: his shelf leaves out what he may not
// hear, a story plays; at 20:30 on the family's clock play is refused with the quiet-time screen; "One more story"
// with the PIN plays once, and not a second time that night; offline, the kept shelf shows only his albums.
//
// The family's clock is a fixed-offset zone where the real time is about 13:00, so the server (whose clock the
// journey does not move) sees daytime while the page's clock (Playwright's) is moved to 20:30 on the same zone.

test.use({
  bypassCSP: true,
  viewport: { width: 390, height: 844 },
  offlineWorker: true,
  ...WITH_SERVICE_WORKER,
  // The album the parents refused him, opened as Leo.
  expectedApiErrors: [{ status: 403, path: /^\/crud\/my-library\/product\/\d+$/ }],
});

/** An album Leo may hear and one the parents refused him, kept on the device by the parents, per site. */
const albumsOf: Record<SiteLang, { allowed: string; refused: string }> = {
  en: { allowed: 'noahs-big-boat', refused: 'david-the-shepherd-boy' },
  es: { allowed: 'jonas-y-el-gran-pez', refused: 'rut-la-amiga-fiel' },
};

/** A fixed-offset zone (Etc/GMT±N) whose clock shows about 13:00 now, and how many minutes past midnight it shows. */
function afternoonZone(now: Date) {
  const offset = ((13 - now.getUTCHours() + 36) % 24) - 12;
  const zone = offset === 0 ? 'UTC' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  const minutes = ((((now.getUTCHours() + offset) * 60 + now.getUTCMinutes()) % 1440) + 1440) % 1440;
  return { zone, minutes };
}

const miniPlayer = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });
const restScreen = (page: Page, t: Translate) => page.getByRole('dialog', { name: t('childListening.quietTitle') });

async function keepAlbum(page: Page, t: Translate, productId: number, title: string) {
  await page.goto(`/library/album/${productId}`);
  await page.getByRole('button', { name: t('library.keep.buttonLabel', { title }) }).click();
  await expect(page.getByRole('status').filter({ hasText: messagePattern(t, 'library.keep.ready', { size: ANY }) })).toBeVisible({
    timeout: 30_000,
  });
}

test("Leo's device: only his albums, quiet time with one more story once a night, and only his kept albums offline", {
  tag: '@i18n',
}, async ({ page, context, siteLang, t }) => {
  test.setTimeout(180_000);
  const now = new Date();
  const { zone, minutes } = afternoonZone(now);
  await page.clock.install({ time: now });
  await page.goto('/healthz');
  await signIn(page, DEMO_CUSTOMER);
  const product = (slug: string) => apiGet<Product>(page, `/crud/product-by-slug/${slug}/skus`);
  const allowed = await product(albumsOf[siteLang].allowed);
  const refused = await product(albumsOf[siteLang].refused);

  await test.step('the parents keep both albums on the device, then the device listens as Leo', async () => {
    await page.goto('/library');
    await workerInControl(page);
    await keepAlbum(page, t, allowed.id, allowed.title);
    await keepAlbum(page, t, refused.id, refused.title);
    // Made and chosen through the API (the parents' Family page and "Who's listening?" have journeys of their own).
    const leo = await asBrowser(page, async (api) => {
      // A child of this journey's own (not the demo's Leo, whom other journeys choose by name), one per language: a
      // retry first removes the one its first try made, so the family stays within its six children.
      const nickname = `Nico ${siteLang}`;
      const family = (await (await api.get('/crud/profiles')).json()) as { items: { id: number; nickname: string }[] };
      for (const old of family.items.filter((c) => c.nickname === nickname)) await api.delete(`/crud/profiles/${old.id}`);
      const made = await api.post('/crud/profiles', {
        data: {
          nickname,
          avatar: 'bear',
          age_band: '3-5',
          listens: 'age',
          never: [refused.id],
          quiet_from: '19:30',
          quiet_to: '07:00',
          time_zone: zone,
        },
      });
      return { status: made.status(), body: (await made.json().catch(() => null)) as { id: number } | null };
    });
    expect(leo.status, JSON.stringify(leo.body)).toBe(200);
    const chosen = await asBrowser(page, async (api) => {
      const res = await api.post('/crud/session/profile', { data: { profile_id: leo.body?.id } });
      return { status: res.status(), text: await res.text() };
    });
    expect(chosen.status, chosen.text).toBe(200);
  });

  await test.step('Leo does not get the refused album; his own plays', async () => {
    await page.goto(`/library/album/${refused.id}`);
    await expect(page.getByText(t('errors.not_for_this_profile'))).toBeVisible();
    await page.goto(`/library/album/${allowed.id}`);
    await expect(page.getByRole('heading', { level: 2, name: allowed.title })).toBeVisible();
    const album = await apiGet<LibraryAlbum>(page, `/crud/my-library/product/${allowed.id}`);
    const first = album.tracks[0]!;
    await page
      .getByRole('button', { name: t('catalogue.play', { title: first.title }) })
      .first()
      .click();
    await expect(miniPlayer(page, t).getByRole('button', { name: t('player.pause') })).toBeVisible();
    await miniPlayer(page, t)
      .getByRole('button', { name: t('player.pause') })
      .click();
    await expect(miniPlayer(page, t).getByRole('button', { name: t('player.play') })).toBeVisible();
  });

  const album = await apiGet<LibraryAlbum>(page, `/crud/my-library/product/${allowed.id}`);
  const [first, second] = album.tracks as [LibraryAlbum['tracks'][number], LibraryAlbum['tracks'][number]];

  await test.step('at 20:30 on the family clock, play is refused with the quiet-time screen', async () => {
    await page.clock.setSystemTime(now.getTime() + (20 * 60 + 30 - minutes) * 60_000);
    await page
      .getByRole('button', { name: t('catalogue.play', { title: second.title }) })
      .first()
      .click();
    await expect(restScreen(page, t)).toBeVisible();
    await expect(restScreen(page, t).getByText(t('childListening.quietText', { time: '07:00' }))).toBeVisible();
    await expect(miniPlayer(page, t).getByRole('button', { name: t('player.pause') })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('one more story with the family PIN plays once; a second time it is refused', async () => {
    const screen = restScreen(page, t);
    await screen.getByRole('button', { name: t('childListening.oneMore') }).click();
    await screen.getByLabel(t('childListening.pinLabel')).fill('1234');
    await screen.getByRole('button', { name: t('childListening.oneMorePlay') }).click();
    await expect(screen).toBeHidden();
    await expect(miniPlayer(page, t).getByRole('button', { name: t('player.pause') })).toBeVisible();
    await miniPlayer(page, t)
      .getByRole('button', { name: t('player.pause') })
      .click();

    await page
      .getByRole('button', { name: t('catalogue.play', { title: first.title }) })
      .first()
      .click();
    await expect(screen).toBeVisible();
    await expect(screen.getByText(t('childListening.oneMoreUsed'))).toBeVisible();
    await expect(screen.getByRole('button', { name: t('childListening.oneMore') })).toHaveCount(0);
    await screen.getByRole('button', { name: t('childListening.close') }).click();
    await expect(screen).toBeHidden();
  });

  await test.step('offline, the kept shelf shows only his albums', async () => {
    await goOffline(context, page);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 2, name: t('library.kept.heading') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: allowed.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: refused.title })).toHaveCount(0);
    // Quiet hours hold offline too.
    await page
      .getByRole('button', { name: t('catalogue.play', { title: first.title }) })
      .first()
      .click();
    await expect(restScreen(page, t)).toBeVisible();
  });
});
