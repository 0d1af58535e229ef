import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { demoNavigation, expect, mainNavigation, type SiteLang, test } from './fixtures';

// Spec §2 Shell (the audio player bar) and §4 Audio queue, with the demo
// catalogue (server/demo/catalogue.json) in the language of each project.

/** A story sold with previews, and a free-streaming one whose tracks play in full (about 30 s). */
const demo: Record<SiteLang, { sold: { slug: string; track: string }; free: { slug: string; track: string } }> = {
  en: {
    sold: { slug: 'noahs-big-boat', track: 'Noah Builds the Ark' },
    free: { slug: 'in-the-beginning', track: 'Let There Be Light' },
  },
  es: {
    sold: { slug: 'daniel-y-los-leones', track: 'Lejos de casa' },
    free: { slug: 'jonas-y-el-gran-pez', track: 'Jonás huye' },
  },
};

const playerBar = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });
const slider = (page: Page, t: Translate) => playerBar(page, t).getByRole('slider', { name: t('player.position') });
const position = async (page: Page, t: Translate) => Number(await slider(page, t).inputValue());

/** Plays a free-streaming track in full, waits until it has played a moment, and pauses it. */
async function playThenPause(page: Page, t: Translate, lang: SiteLang) {
  const { slug, track } = demo[lang].free;
  await page.goto(`/story/${slug}`);
  await page.getByRole('button', { name: t('catalogue.play', { title: track }) }).click();
  await expect.poll(() => position(page, t)).toBeGreaterThan(0);
  await playerBar(page, t)
    .getByRole('button', { name: t('player.pause') })
    .click();
  await expect(playerBar(page, t).getByRole('button', { name: t('player.play') })).toBeVisible();
}

test('no player bar until a track is loaded; a preview played from a story page: the bar shows its title, which opens Now Playing, and the time runs', async ({
  page,
  t,
  siteLang,
}) => {
  const { slug, track } = demo[siteLang].sold;
  await page.goto(`/story/${slug}`);
  // No player bar until a track is loaded.
  await expect(mainNavigation(page, t).getByRole('link').first()).toBeVisible();
  await expect(playerBar(page, t)).toHaveCount(0);
  await page.getByRole('button', { name: t('catalogue.playPreview', { title: track }) }).click();

  const bar = playerBar(page, t);
  await expect(bar).toBeVisible();
  await expect(bar.getByText(track)).toBeVisible();
  // It says it plays a preview: a visible label, and words for screen readers.
  await expect(bar.getByText(t('player.preview'), { exact: true })).toBeVisible();
  await expect(bar.getByText(t('player.previewNote'), { exact: true })).toBeAttached();
  await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
  await expect.poll(() => position(page, t)).toBeGreaterThan(0);
  await expect(slider(page, t)).toHaveAttribute('aria-valuetext', /\d:\d\d/);
  // Its title opens Now Playing (with Up next) over the page, as the mini player does on a phone.
  await bar.getByRole('button', { name: `${t('player.openNowPlaying')}: ${t('player.previewNote')} ${track}` }).click();
  const nowPlaying = page.getByRole('dialog', { name: t('player.nowPlaying') });
  await expect(nowPlaying.getByRole('heading', { name: track })).toBeVisible();
  await expect(nowPlaying.getByRole('region', { name: t('player.upNext') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nowPlaying).toBeHidden();
  // The track's own button now pauses it.
  await page.getByRole('button', { name: t('catalogue.pause', { title: track }) }).click();
  await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();
});

test('a track that plays in full is not called a preview', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  const { slug, track } = demo[siteLang].free;
  await page.goto(`/story/${slug}`);
  await page.getByRole('button', { name: t('catalogue.play', { title: track }) }).click();
  const bar = playerBar(page, t);
  await expect(bar.getByText(track)).toBeVisible();
  await expect(bar.getByText(t('player.preview'), { exact: true })).toHaveCount(0);
  await expect(bar.getByText(t('player.previewNote'), { exact: true })).toHaveCount(0);
});

// One track, paused, then moved by the buttons, by the keyboard, and kept playing from page to page.
test('back and forward 15 seconds with the buttons and the keyboard shortcuts; it keeps playing while moving between pages', async ({
  page,
  t,
  siteLang,
  homeTitle,
}) => {
  await playThenPause(page, t, siteLang);
  const bar = playerBar(page, t);

  await test.step('back and forward 15 seconds with the buttons', async () => {
    const start = await position(page, t);
    await bar.getByRole('button', { name: t('player.forward', { seconds: 15 }) }).click();
    await expect.poll(() => position(page, t)).toBeGreaterThanOrEqual(start + 14);
    const later = await position(page, t);
    expect(later).toBeLessThanOrEqual(start + 16);

    await bar.getByRole('button', { name: t('player.back', { seconds: 15 }) }).click();
    await expect.poll(() => position(page, t)).toBeLessThanOrEqual(later - 14);
  });

  await test.step('keyboard shortcuts play, pause and jump 15 seconds', async () => {
    // Focus on the page itself, not in a field.
    await page.getByRole('heading', { level: 1 }).click();
    const start = await position(page, t);

    await page.keyboard.press('l');
    await expect.poll(() => position(page, t)).toBeGreaterThanOrEqual(start + 14);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page, t)).toBeLessThanOrEqual(start + 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page, t)).toBeGreaterThanOrEqual(start + 14);
    await page.keyboard.press('j');
    await expect.poll(() => position(page, t)).toBeLessThanOrEqual(start + 1);

    await page.keyboard.press('k');
    await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();

    // The seek bar takes Home and End like any slider.
    await slider(page, t).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => position(page, t)).toBe(0);
  });

  await test.step('it keeps playing while moving between pages', async () => {
    const { track } = demo[siteLang].free;
    await page.getByRole('button', { name: t('catalogue.play', { title: track }) }).click();
    await expect.poll(() => position(page, t)).toBeGreaterThan(0);

    await page
      .getByRole('banner')
      .getByRole('link', { name: t('shell.cart'), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('cart.title') })).toBeVisible();
    await mainNavigation(page, t).getByRole('link', { name: demoNavigation[siteLang][0]!.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();

    await expect(bar.getByText(track)).toBeVisible();
    await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
    const onHome = await position(page, t);
    await expect.poll(() => position(page, t)).toBeGreaterThan(onHome);
  });
});

test('a source that cannot be played shows an alert', async ({ page, t, siteLang }) => {
  // Not audio at all: the element reports MEDIA_ERR_SRC_NOT_SUPPORTED, as it
  // does for a recording the visitor may not hear (403 not_entitled).
  await page.route('**/crud/media/track/**', (route) =>
    route.fulfill({ status: 200, contentType: 'audio/mpeg', body: 'this is not an mp3 file' }),
  );
  const { slug, track } = demo[siteLang].sold;
  await page.goto(`/story/${slug}`);
  await page.getByRole('button', { name: t('catalogue.playPreview', { title: track }) }).click();

  const bar = playerBar(page, t);
  await expect(bar.getByRole('alert')).toHaveText(t('player.error.unsupported'));
  await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();
  await bar.getByRole('button', { name: t('player.dismissError') }).click();
  await expect(bar.getByRole('alert')).toHaveCount(0);
});
