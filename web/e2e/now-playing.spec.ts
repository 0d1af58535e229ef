import type { Locator, Page } from '@playwright/test';
import { formatClock } from '@storyhouse/contracts';
import { createTranslator, type Translate } from '@storyhouse/i18n';
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };
import { expect, test, translator } from './fixtures';
import { violationsWithin } from './helpers';

// Issue 41 items 2 and 6: on a phone the player is one row that opens a
// full-screen Now Playing, and the player is one anyone can use. Free-streaming
// albums of the demo catalogue (server/demo/catalogue.json) play in full.

// axe goes in as an inline script, which the site's Content-Security-Policy forbids.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, bypassCSP: true });

const albums = {
  en: {
    slug: 'in-the-beginning',
    album: 'In the Beginning',
    tracks: ['Let There Be Light', 'Sky, Sea and Land', 'Sun, Moon and Creatures'],
  },
  es: { slug: 'jonas-y-el-gran-pez', album: 'Jonás y el gran pez', tracks: ['Jonás huye'] },
  ru: { slug: 'moisey-i-put-k-svobode', album: 'Моисей и путь к свободе', tracks: ['Малыш в корзинке'] },
} as const;

const miniPlayer = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });
const nowPlaying = (page: Page, t: Translate) => page.getByRole('dialog', { name: t('player.nowPlaying') });
const openButton = (page: Page, t: Translate) => miniPlayer(page, t).getByRole('button', { name: t('player.openNowPlaying') });

async function playAlbum(page: Page, t: Translate, slug: string, first: string) {
  await page.goto(`/story/${slug}`);
  await page.getByRole('button', { name: t('catalogue.playAlbum') }).click();
  await expect(miniPlayer(page, t).getByText(first)).toBeVisible();
}

/** Nothing that has the focus is under the mini player (WCAG 2.4.11): what is, is named. */
async function focusNotCovered(player: Locator) {
  const covered = await player.evaluate((bar) => {
    const el = document.activeElement;
    if (!el || el === document.body || bar.contains(el)) return null;
    const [a, b] = [el.getBoundingClientRect(), bar.getBoundingClientRect()];
    return a.bottom > b.top + 1 && a.top < b.bottom ? el.outerHTML.slice(0, 120) : null;
  });
  expect(covered).toBeNull();
}

/** At most 64 px tall, and the page's last content is above it once scrolled to the end. */
async function fitsAPhone(page: Page, t: Translate) {
  const player = miniPlayer(page, t);
  expect((await player.boundingBox())!.height).toBeLessThanOrEqual(64);
  const last = page.getByRole('contentinfo').getByRole('link').last();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = (await player.boundingBox())!;
  const end = (await last.boundingBox())!;
  expect(end.y + end.height).toBeLessThanOrEqual(bar.y);
}

test('on a phone the mini player opens Now Playing, which seeks, skips, goes to the next track and closes', async ({
  page,
  t,
}) => {
  const { slug, album, tracks } = albums.en;
  await playAlbum(page, t, slug, tracks[0]);
  const player = miniPlayer(page, t);
  await expect(player.getByRole('button', { name: t('player.pause') })).toBeVisible();

  await test.step('one row of 64 px at most, at 390 and 320 px, over nothing the keyboard reaches', async () => {
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await fitsAPhone(page, t);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('heading', { level: 1 }).click();
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        await focusNotCovered(player);
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });

  const sheet = nowPlaying(page, t);
  const slider = sheet.getByRole('slider', { name: t('player.position') });
  const position = async () => Number(await slider.inputValue());

  await test.step('Now Playing: the title and album, the time as words, arrows and buttons move 15 s', async () => {
    await openButton(page, t).click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: t('player.closeNowPlaying') })).toBeFocused();
    await expect(sheet.getByRole('heading', { name: tracks[0] })).toBeVisible();
    await expect(sheet.getByText(album, { exact: true })).toBeVisible();
    const [width, box] = [page.viewportSize()!.width, (await slider.boundingBox())!];
    expect(box.width).toBeGreaterThanOrEqual(width - 40);
    await expect(slider).toHaveAttribute('aria-valuetext', /^\d+:\d\d of \d+:\d\d$/);

    await sheet.getByRole('button', { name: t('player.pause') }).click();
    await slider.focus();
    await page.keyboard.press('Home');
    await expect.poll(position).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(position).toBe(15);
    const total = formatClock(Number(await slider.getAttribute('max')));
    await expect(slider).toHaveAttribute('aria-valuetext', t('player.positionText', { elapsed: '0:15', total }));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(position).toBe(0);
    await sheet.getByRole('button', { name: t('player.forward', { seconds: 15 }) }).click();
    await expect.poll(position).toBe(15);

    // Space plays where it is no control's own key.
    await sheet.getByRole('heading', { name: tracks[0] }).click();
    await page.keyboard.press('Space');
    await expect(sheet.getByRole('button', { name: t('player.pause') })).toBeVisible();
  });

  await test.step('previous and next, and Up next follows', async () => {
    const upNext = sheet.getByRole('region', { name: t('player.upNext') });
    // The first track of Up next is the one its first "Play now" button names.
    const first = (title: string) =>
      upNext
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: `${t('player.queue.playNow')}: ${title}` });
    await expect(first(tracks[1])).toBeVisible();
    await expect(sheet.getByRole('button', { name: t('player.previous') })).toBeDisabled();
    await sheet.getByRole('button', { name: t('player.next') }).click();
    await expect(sheet.getByRole('heading', { name: tracks[1] })).toBeVisible();
    await expect(first(tracks[2])).toBeVisible();
    await sheet.getByRole('button', { name: t('player.previous') }).click();
    await expect(sheet.getByRole('heading', { name: tracks[0] })).toBeVisible();
  });

  await test.step('closed by its button, by Escape and by a swipe down; focus back on the mini player', async () => {
    await sheet.getByRole('button', { name: t('player.closeNowPlaying') }).click();
    await expect(sheet).toBeHidden();
    await expect(openButton(page, t)).toBeFocused();

    await openButton(page, t).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(openButton(page, t)).toBeFocused();

    await openButton(page, t).click();
    await expect(sheet).toBeVisible();
    const top = (await sheet.getByRole('button', { name: t('player.closeNowPlaying') }).boundingBox())!;
    await page.mouse.move(200, top.y + top.height + 40);
    await page.mouse.down();
    await page.mouse.move(200, top.y + top.height + 340, { steps: 8 });
    await page.mouse.up();
    await expect(sheet).toBeHidden();
    // It kept playing all along.
    await expect(player.getByRole('button', { name: t('player.pause') })).toBeVisible();
  });
});

// axe's findings of every impact, on the player only: the page around it has its own checks (a11y.spec.ts).
test('the mini player, Now Playing, Up next and the sleep timer have no axe findings in English, Spanish and Russian', async ({
  page,
  baseURL,
}) => {
  const languages = [
    ['en', translator('en')],
    ['es', translator('es')],
    ['ru', createTranslator('ru', ru)],
  ] as const;
  for (const [lang, t] of languages) {
    await test.step(lang, async () => {
      const site = new URL(baseURL!);
      if (lang !== 'en') site.hostname = `${lang}.localhost`;
      const { slug, tracks } = albums[lang];
      await page.goto(new URL(`/story/${slug}`, site).href);
      await page.getByRole('button', { name: t('catalogue.playAlbum') }).click();
      await expect(miniPlayer(page, t).getByText(tracks[0])).toBeVisible();
      expect(await violationsWithin(page, '.mini-player')).toEqual([]);

      await openButton(page, t).click();
      const sheet = nowPlaying(page, t);
      await expect(
        sheet
          .getByRole('region', { name: t('player.upNext') })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      const sleep = sheet.getByRole('combobox', { name: t('player.sleep') });
      await sleep.selectOption({ label: t('player.sleepMinutes', { minutes: 15 }) });
      await expect(sleep).toHaveValue('15');
      expect(await violationsWithin(page, '.now-playing')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    });
  }
});
