import { expect, type SiteLang, test } from './fixtures';

// Spec §2 Library screens: the free-streaming list and album details, over
// the demo catalogue (server/demo/catalogue.json: one free-streaming album
// per language).

const demo: Record<SiteLang, { album: string; tracks: string[]; otherLangAlbum: string }> = {
  en: {
    album: 'In the Beginning',
    tracks: ['Let There Be Light', 'Sky, Sea and Land', 'Sun, Moon and Creatures', 'Adam and Eve in the Garden'],
    otherLangAlbum: 'Jonás y el gran pez',
  },
  es: {
    album: 'Jonás y el gran pez',
    tracks: ['Jonás huye', 'Dentro del gran pez', 'Nínive escucha'],
    otherLangAlbum: 'In the Beginning',
  },
};

test('lists the free albums of the site language and plays one in full', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  const { album, tracks, otherLangAlbum } = demo[siteLang];
  await page.goto('/free-streaming');
  await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: otherLangAlbum, exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: album, exact: true }).click();

  await expect(page).toHaveURL(/\/free-streaming\/album\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.albumHeading') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: album })).toBeVisible();
  await expect(page).toHaveTitle(`${album} · ${t('app.titleSuffix')}`);
  const list = page.getByRole('region', { name: t('catalogue.tracks') }).getByRole('listitem');
  await expect(list).toHaveText(tracks.map((title) => new RegExp(title)));

  // Free streaming: the whole recording, not a preview.
  await page.getByRole('button', { name: t('catalogue.play', { title: tracks[1]! }) }).click();
  await expect(page.getByRole('region', { name: t('player.label') })).toContainText(tracks[1]!);
  await expect(page.getByRole('button', { name: t('catalogue.pause', { title: tracks[1]! }) })).toBeVisible();

  await page.getByRole('link', { name: t('freeStreaming.back') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.title') })).toBeVisible();
});

test.describe('an album that is not there', () => {
  test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/free-streaming\/album\// }] });

  test('an unknown album, or an address that names no album, says the item was not found', async ({ page, t }) => {
    await page.goto('/free-streaming/album/999999');
    await expect(page.getByText(t('errors.item_not_found'))).toBeVisible();

    await page.goto('/free-streaming/album/not-a-number');
    await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.albumHeading') })).toBeVisible();
    await expect(page.getByText(t('errors.item_not_found'))).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: t('freeStreaming.title') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.title') })).toBeVisible();
  });
});
