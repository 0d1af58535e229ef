import { readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type AdminMediaResponse, type AdminProduct, adminPath, formatClock, routePath } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, test } from './fixtures';
import { ANY, apiGet, asBrowser, messagePattern, seriousViolations, signInAsAdmin } from './helpers';
import { overflow } from './page-width';

// Issue 30 item 2: the ministry's volunteer uploads a cover picture and an
// MP3 on the Media page, watches each progress bar fill to 100%, sees the
// picture and hears the track back, and the track's length as the server
// read it; a file that is not an MP3 is refused in the site's language, and
// an upload cancelled halfway keeps nothing. Then picks a product's cover
// from the media library, and sees it on the product's page in the shop.

// axe goes into the page as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true, expectedApiErrors: [{ status: 400, path: /^\/crud\/admin\/media$/ }] });

const demoMedia = path.resolve(import.meta.dirname, '../../server/demo/media');
const coverBytes = readFileSync(path.join(demoMedia, 'covers/daniel-y-los-leones.jpg'));
const trackBytes = readFileSync(path.join(demoMedia, 'audio/daniel-y-los-leones/01.mp3'));
/** Names of this run's own (the en and es journeys share the server's list). */
const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The track's length as music-metadata reads it (35.8 s). */
const TRACK_SECONDS = 36;

/** The journey server keeps uploads in the demo media folder (MEDIA_DIR unset): each journey removes its own. */
const uploadedKeys: string[] = [];
test.afterEach(() => {
  for (const key of uploadedKeys.splice(0).filter((k) => typeof k === 'string')) {
    rmSync(path.join(demoMedia, key), { force: true });
    rmSync(path.join(demoMedia, key.replace(/\.mp3$/, '-preview.mp3')), { force: true });
  }
  // And the folders once empty (the other language's journey may still have files there).
  for (const folder of ['uploads/audio', 'uploads/images', 'uploads']) {
    try {
      rmdirSync(path.join(demoMedia, folder));
    } catch {}
  }
});

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Slows the browser's uploads (Chromium's network emulation), so a journey sees a bar part-way and can cancel. */
async function uploadSpeed(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
}

/** A file's size as the back office words it: kilobytes below a megabyte, one decimal (file-size.ts). */
const sizeText = (lang: string, bytes: number) =>
  bytes >= 1048576
    ? new Intl.NumberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1048576)
    : new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: bytes < 102400 ? 1 : 0 }).format(
        bytes / 1024,
      );

/** The upload field's bar: named by the field and the file, and its percent beside it. */
async function expectFullBar(page: Page, t: Translate, label: string, name: string) {
  const bar = page.getByRole('progressbar', { name: t('admin.media.progress', { label, name }) });
  await expect(bar).toHaveJSProperty('value', 1);
  await expect(bar.locator('xpath=following-sibling::*[1]')).toHaveText(t('admin.media.percent', { fraction: 1 }));
}

test('the admin uploads a picture and an MP3 on the Media page, with progress to 100% and the track’s length', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const id = run();
  const COVER = { name: `cover-${id}.jpg`, mimeType: 'image/jpeg', buffer: coverBytes };
  const TRACK = { name: `track-${id}.mp3`, mimeType: 'audio/mpeg', buffer: trackBytes };
  const CANCELLED = { name: `cancelled-${id}.mp3`, mimeType: 'audio/mpeg', buffer: trackBytes };
  const NOT_A_TRACK = {
    name: `setup-${id}.mp3`,
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('MZ\x90\x00 not a track', 'latin1'),
  };
  const throttle = await uploadSpeed(page);
  await signInAsAdmin(page);
  await page.goto(routePath('admin', siteLang)!);
  await page
    .getByRole('navigation', { name: t('admin.nav.label') })
    .getByRole('link', { name: t('admin.nav.media') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('admin.media.title') })).toBeVisible();
  const pictures = section(page, t('admin.media.imageForm'));
  const tracks = section(page, t('admin.media.audioForm'));
  const imageLabel = t('admin.media.imageLabel');
  const audioLabel = t('admin.media.audioLabel');

  await test.step('A picture: the bar fills, the server’s answer is shown, and the picture itself', async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/crud/admin/media?kind=image'));
    await pictures.getByLabel(imageLabel).setInputFiles(COVER);
    const stored = await (await answer).json();
    uploadedKeys.push(stored.key);

    await expectFullBar(page, t, imageLabel, COVER.name);
    // Its name and size in the site's language: a picture of 56 kB is never "0 MB".
    await expect(pictures.getByRole('status')).toHaveText(
      t('admin.media.uploaded', { name: COVER.name, size: sizeText(siteLang, COVER.buffer.length) }),
    );
    await expect(pictures.getByText(COVER.name, { exact: true })).toBeVisible();
    const picture = pictures.getByRole('img', { name: t('admin.media.currentOf', { label: imageLabel }) });
    await expect(picture).toHaveAttribute('src', `/media/${stored.key}`);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('A file that is not an MP3 is refused in the site’s language', async () => {
    await tracks.getByLabel(audioLabel).setInputFiles(NOT_A_TRACK);

    await expect(tracks.getByRole('alert')).toHaveText(t('errors.media_not_mp3'));
  });

  await test.step('An MP3 cancelled halfway: the bar moves, the upload stops', async () => {
    await throttle(40_000);
    await tracks.getByLabel(audioLabel).setInputFiles(CANCELLED);
    const bar = page.getByRole('progressbar', { name: t('admin.media.progress', { label: audioLabel, name: CANCELLED.name }) });
    await expect.poll(() => bar.evaluate((p: HTMLProgressElement) => p.value)).toBeGreaterThan(0);
    await tracks.getByRole('button', { name: t('admin.media.cancel') }).click();

    await expect(tracks.getByRole('status')).toHaveText(t('admin.media.cancelled'));
    await expect(bar).toHaveCount(0);
    // The cancel button went with the upload: focus is back on the field's button.
    await expect(
      tracks.getByRole('button', { name: `${t('admin.picker.choose.audio')} (${audioLabel})`, exact: true }),
    ).toBeFocused();
    await throttle(-1);
  });

  await test.step('The MP3 again: the bar fills, the length read from the file is shown, the track plays back', async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/crud/admin/media?kind=audio'));
    await tracks.getByLabel(audioLabel).setInputFiles(TRACK);
    const stored = await (await answer).json();
    uploadedKeys.push(stored.key);

    await expectFullBar(page, t, audioLabel, TRACK.name);
    const status = tracks.getByRole('status');
    await expect(status).toContainText(t('admin.media.length', { length: formatClock(TRACK_SECONDS) }));
    await expect(status).toContainText(t('admin.media.previewMade', { length: formatClock(30) }));
    const player = tracks.getByLabel(t('admin.media.currentOf', { label: audioLabel }));
    await expect(player).toHaveAttribute('src', `/crud/admin/media/audio/${stored.key}`);
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => Math.round(audio.duration))).toBe(TRACK_SECONDS);
  });

  await test.step('Recent uploads list both files, the track once with its length, nothing refused or cancelled; no serious accessibility problem', async () => {
    const rows = page.getByRole('table', { name: t('admin.media.recent') }).getByRole('row');
    const track = rows.filter({ hasText: TRACK.name });
    await expect(track).toHaveCount(1);
    await expect(track).toContainText(t('admin.media.kind.audio'));
    await expect(track).toContainText(formatClock(TRACK_SECONDS));
    await expect(rows.filter({ hasText: COVER.name })).toContainText(t('admin.media.kind.image'));
    await expect(rows.filter({ hasText: NOT_A_TRACK.name })).toHaveCount(0);
    // A cancel the server may have beaten (Chromium's emulation paces the bar, not always the bytes): its file goes too.
    const list = await apiGet<AdminMediaResponse>(page, '/crud/admin/media');
    uploadedKeys.push(...list.items.filter((item) => item.original_name.includes(id)).map((item) => item.key));
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// In English only (decision 087): the upload journey above shows the media library in Spanish.
test('the admin picks a product’s cover from the media library, saves, and the shop’s page shows it', async ({
  page,
  t,
  siteLang,
}) => {
  const id = run();
  const PICTURE = { name: `library-${id}.jpg`, mimeType: 'image/jpeg', buffer: coverBytes };
  const title = `Library ${id}`;
  const slug = `library-${id}`;
  const coverLabel = t('admin.catalogue.cover');
  await signInAsAdmin(page);
  // A product of this run's own, with its album on sale, withdrawn at the end (the shop's catalogue stays as it was).
  const product = await asBrowser(page, async (api) => {
    const made = await api.post('/crud/admin/products', { data: { title, slug, lang_code: siteLang } });
    expect(made.status(), await made.text()).toBe(200);
    const created = (await made.json()) as AdminProduct;
    const album = await api.post(`/crud/admin/products/${created.id}/skus`, {
      data: { updated_at: created.updated_at, type: 'digital_album', title, full_price_usd: 4.99 },
    });
    expect(album.status(), await album.text()).toBe(200);
    return created;
  });
  try {
    await test.step('A picture uploaded on the Media page, dropped into its field', async () => {
      await page.goto(adminPath('adminMedia', siteLang)!);
      const answer = page.waitForResponse((r) => r.url().includes('/crud/admin/media?kind=image'));
      await section(page, t('admin.media.imageForm')).getByLabel(t('admin.media.imageLabel')).setInputFiles(PICTURE);
      uploadedKeys.push(((await (await answer).json()) as { key: string }).key);
      const row = page
        .getByRole('table', { name: t('admin.media.recent') })
        .getByRole('row')
        .filter({ hasText: PICTURE.name });
      await expect(row).toContainText(sizeText(siteLang, PICTURE.buffer.length));
      // Copy link: the picture's address on the clipboard, and a polite word that it is there.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await row.getByRole('button', { name: t('admin.media.copyLinkOf', { name: PICTURE.name }) }).click();
      await expect(page.getByRole('status').filter({ hasText: t('admin.media.copied', { name: PICTURE.name }) })).toBeVisible();
      const key = uploadedKeys.at(-1)!;
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/media/${key}`, page.url()).href);
      // On a phone the page, its drop zones and the uploads' actions fit the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      const { scroll, width, culprits, clipped } = await overflow(page);
      expect({ scroll, culprits, clipped }).toEqual({ scroll: width, culprits: [], clipped: [] });
      await page.setViewportSize({ width: 1280, height: 800 });
    });
    const key = uploadedKeys.at(-1)!;

    await test.step('The product’s cover: Choose from the media library, search, pick the picture', async () => {
      await page.goto(`${adminPath('adminProducts', siteLang)}/${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.getByRole('button', { name: `${t('admin.picker.fromLibrary')} (${coverLabel})`, exact: true }).click();
      const library = page.getByRole('dialog', { name: t('admin.picker.library.title', { label: coverLabel }) });
      await expect(library).toBeVisible();
      const search = library.getByRole('searchbox', { name: t('admin.picker.library.search') });
      await expect(search).toBeFocused();
      await search.fill(id);
      await expect(library.getByRole('status')).toHaveText(t('admin.picker.library.found.image', { count: 1 }));
      const choice = library.getByRole('button', { name: PICTURE.name });
      // Shown as it is: its thumbnail, and its size in the site's language.
      await expect(choice.locator('img')).toHaveAttribute('src', `/media/${key}`);
      await expect(choice).toContainText(sizeText(siteLang, PICTURE.buffer.length));
      expect(await seriousViolations(page)).toEqual([]);
      await choice.click();
      await expect(library).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: t('admin.picker.picked', { name: PICTURE.name }) })).toBeVisible();
      await expect(page.getByRole('img', { name: t('admin.media.currentOf', { label: coverLabel }) })).toHaveAttribute(
        'src',
        `/media/${key}`,
      );
      // The product's Save is in its sticky bar, which says when it was saved.
      const bar = page.getByRole('region', { name: t('admin.editBar.productActions') });
      await expect(bar.getByRole('status')).toHaveText(t('admin.editBar.unsaved'));
      await bar.getByRole('button', { name: t('admin.catalogue.save'), exact: true }).click();
      await expect(bar.getByRole('status')).toHaveText(messagePattern(t, 'admin.editBar.saved', { time: ANY }));
    });

    await test.step('The product’s page in the shop shows the picture as its cover', async () => {
      await page.goto(`/story/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const cover = page.getByRole('img', { name: t('catalogue.coverAlt', { title }) });
      await expect(cover).toHaveAttribute('src', new RegExp(key.replace(/[.]/g, '\\.')));
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });
  } finally {
    await asBrowser(page, async (api) => {
      const now = (await (await api.get(`/crud/admin/products/${product.id}`)).json()) as AdminProduct;
      const res = await api.post(`/crud/admin/products/${product.id}/withdraw`, { data: { updated_at: now.updated_at } });
      expect(res.status(), await res.text()).toBe(200);
    });
  }
});
