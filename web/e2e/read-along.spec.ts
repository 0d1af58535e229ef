import type { Locator, Page } from '@playwright/test';
import { type Cue, cueAt, type LibraryAlbum, libraryPaths, type Product, type TranscriptResponse } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, ruTest as test, WITH_SERVICE_WORKER } from './fixtures';
import {
  ALBUM_TO_BUY,
  ANY,
  apiGet,
  familyWithAlbum,
  goOffline,
  messagePattern,
  seriousViolations,
  violationsWithin,
  workerInControl,
} from './helpers';

// Read along (issue 43), as a family lives it in English and in Russian (each on its site): on a phone, "Read along"
// on a track of an album they own plays it and opens Now Playing with its words, the sentence being spoken
// highlighted (checked against the audio element's own currentTime: within 250 ms); tapping a sentence plays from
// there. On a desktop the words sit beside the track list and stop following the voice when the reader scrolls,
// until "Back to the voice". Kept on the device, the album reads along offline.

test.use({ bypassCSP: true, viewport: { width: 390, height: 844 }, offlineWorker: true, ...WITH_SERVICE_WORKER });

const PASSWORD = 'read-with-me';
/** The highlight may trail the voice by this much (issue 43). */
const WITHIN_MS = 250;

/** The one audio element of the app is never in the document: the page remembers it when it first plays. */
const rememberAudio = (page: Page) =>
  page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      (window as unknown as { readAlongAudio: HTMLMediaElement }).readAlongAudio = this;
      return play.call(this);
    };
  });

const audioTime = (page: Page) =>
  page.evaluate(() => (window as unknown as { readAlongAudio?: HTMLMediaElement }).readAlongAudio?.currentTime ?? -1);

/** The read-along view (its heading names it and the track). */
const readAlong = (within: Page | Locator, t: Translate) =>
  within.getByRole('region', { name: new RegExp(`^${t('readAlong.heading')}`) });

/**
 * The highlighted sentence and the audio's position read in the same instant, several times while it plays: the
 * sentence is the cue of currentTime (contracts' cueAt) or of a moment at most 250 ms before, and is highlighted at
 * least once.
 */
async function highlightFollowsVoice(page: Page, root: string, cues: readonly Cue[]) {
  let highlighted = 0;
  for (let sample = 0; sample < 6; sample += 1) {
    const seen = await page.evaluate((selector) => {
      const audio = (window as unknown as { readAlongAudio: HTMLMediaElement }).readAlongAudio;
      const at = audio.currentTime;
      const cue = document.querySelector(`${selector} .read-along__cue[aria-current="true"]`);
      return { at, start: cue ? Number(cue.getAttribute('data-start-ms')) : null };
    }, root);
    const ms = seen.at * 1000;
    const allowed = new Set<number | null>();
    for (let back = 0; back <= WITHIN_MS; back += 5) {
      const i = cueAt(cues, Math.max(0, ms - back));
      allowed.add(i >= 0 ? (cues[i] as Cue).start_ms : null);
    }
    expect([...allowed], `highlighted at ${seen.at}s`).toContain(seen.start);
    if (seen.start !== null) highlighted += 1;
    await page.waitForTimeout(350);
  }
  expect(highlighted, 'a sentence was highlighted while it was spoken').toBeGreaterThan(0);
}

/** Tapping a sentence plays from its start, and it becomes the highlighted one. */
async function tapSeeks(page: Page, view: Locator, cue: Cue) {
  await view.getByRole('button', { name: cue.text, exact: true }).click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(cue.start_ms / 1000);
  expect(await audioTime(page)).toBeLessThan(cue.start_ms / 1000 + 3);
  await expect(view.getByRole('button', { name: cue.text, exact: true })).toHaveAttribute('aria-current', 'true');
}

test('read along: a visitor reads the preview’s words; the family’s follow the voice on a phone and a desktop, a tapped sentence plays, and a kept album reads along offline', {
  tag: '@ru',
}, async ({ page, context, baseURL, siteLang, t }) => {
  test.setTimeout(180_000);
  await rememberAudio(page);

  await test.step('a visitor reads the preview’s words only, and is told so', async () => {
    await page.goto(`/story/${ALBUM_TO_BUY[siteLang]}`);
    const product = await apiGet<Product>(page, `/crud/product-by-slug/${ALBUM_TO_BUY[siteLang]}/skus`);
    const first = product.tracks[0]!;
    const preview = await apiGet<TranscriptResponse>(page, first.transcript_url!);
    expect(preview.scope).toBe('preview');
    expect(preview.cues.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: t('readAlong.openLabel', { title: first.title }) }).click();
    const view = readAlong(page.getByRole('dialog', { name: t('player.nowPlaying') }), t);
    await expect(view.getByText(t('readAlong.previewText'))).toBeVisible();
    await expect(view.getByRole('listitem')).toHaveCount(preview.cues.length);
    await page.getByRole('button', { name: t('player.closeNowPlaying') }).click();
  });

  const { productId } = await familyWithAlbum(page, context, {
    baseURL: String(baseURL),
    lang: siteLang,
    tag: `read-along-${siteLang}`,
    password: PASSWORD,
  });
  await page.goto(libraryPaths.album(productId));
  // Every demo track has its words (server/demo/media/transcripts, timed sentence by sentence).
  const album = await apiGet<LibraryAlbum>(page, `/crud/my-library/product/${productId}`);
  const track = album.tracks[0]!;
  expect(track.transcript_url, 'the track offers its words').not.toBeNull();
  // What the family may read: every sentence (they own the album).
  const transcript = await apiGet<TranscriptResponse>(page, track.transcript_url!);
  expect(transcript.scope).toBe('full');
  const { cues } = transcript;
  expect(cues.length).toBeGreaterThanOrEqual(3);
  const readButton = page.getByRole('button', { name: t('readAlong.openLabel', { title: track.title }) });

  await test.step('phone: Read along plays the track and opens Now Playing with its words, highlighted with the voice', async () => {
    await page.reload();
    await readButton.click();
    const nowPlaying = page.getByRole('dialog', { name: t('player.nowPlaying') });
    await expect(nowPlaying).toBeVisible();
    const view = readAlong(nowPlaying, t);
    await expect(view.getByRole('listitem')).toHaveCount(cues.length);
    await expect(view.getByText(t('readAlong.previewText'))).toHaveCount(0);
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await highlightFollowsVoice(page, 'dialog.now-playing', cues);
    // No sentence took the focus: it stays where the family's click left it, in Now Playing.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('read-along__cue') ?? false)).toBe(false);
    await tapSeeks(page, view, cues[2]!);
    await highlightFollowsVoice(page, 'dialog.now-playing', cues);
    // The settings are the family's to reach on a phone: each a label of 44 px at least, a tap on its words enough.
    for (const name of [t('readAlong.large'), t('readAlong.easier')]) {
      const box = (await view
        .locator('label')
        .filter({ has: page.getByRole('checkbox', { name }) })
        .boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.width, name).toBeGreaterThanOrEqual(44);
    }
    // Large type is the listener's choice on this device, kept across visits.
    await view.getByText(t('readAlong.large'), { exact: true }).click();
    await expect(view.getByRole('checkbox', { name: t('readAlong.large') })).toBeChecked();
    await expect(view).toHaveAttribute('data-large', 'true');
    expect(await page.evaluate(() => localStorage.getItem('storyhouse.readAlong.family'))).toContain('"large":true');
    expect(await seriousViolations(page)).toEqual([]);
    // On Now Playing's colours, the text and its settings have no axe finding of any impact (contrast included).
    expect(await violationsWithin(page, 'dialog.now-playing .read-along')).toEqual([]);
    await nowPlaying.getByRole('button', { name: t('player.closeNowPlaying') }).click();
  });

  await test.step('desktop: the words sit beside the track list; scrolling them stops the following until Back to the voice', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await readButton.click();
    const side = page.locator('.read-along-layout__side');
    const view = readAlong(side, t);
    await expect(view).toBeVisible();
    await expect(view).toHaveAttribute('data-large', 'true');
    // From the first sentence again: the track does not end under the checks.
    await tapSeeks(page, view, cues[0]!);
    await highlightFollowsVoice(page, '.read-along-layout__side', cues);
    await view.locator('.read-along__text').hover();
    await page.mouse.wheel(0, 120);
    const back = view.getByRole('button', { name: t('readAlong.backToVoice') });
    await expect(back).toBeVisible();
    await back.click();
    await expect(back).toHaveCount(0);
    await tapSeeks(page, view, cues[1]!);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('kept on the device, the album reads along offline', async () => {
    await workerInControl(page);
    await page.getByRole('button', { name: t('library.keep.buttonLabel', { title: album.productTitle }) }).click();
    await expect(
      page.getByRole('status').filter({ hasText: messagePattern(t, 'library.keep.ready', { size: ANY }) }),
    ).toBeVisible({
      timeout: 30_000,
    });
    const kept = await page.evaluate(async () =>
      (await (await caches.open('storyhouse-kept')).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(kept).toContain(track.transcript_url);
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: album.productTitle })).toBeVisible();
    await readButton.click();
    const view = readAlong(page.locator('.read-along-layout__side'), t);
    await expect(view.getByRole('listitem')).toHaveCount(cues.length);
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await highlightFollowsVoice(page, '.read-along-layout__side', cues);
    await tapSeeks(page, view, cues[cues.length - 1]!);
  });
});
