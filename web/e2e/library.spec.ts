import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { formatClock, type LangCode, libraryPaths, type MyLibraryResponse, type Product } from '@storyhouse/contracts';
import { createTranslator, type Translate } from '@storyhouse/i18n';
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };
import { appReady, expect, type SiteLang, test, translator, WITHOUT_SERVICE_WORKER } from './fixtures';
import {
  ANY,
  apiGet,
  asBrowser,
  buyDigitalAlbum,
  createAccount,
  freshEmail,
  messagePattern,
  payCart,
  readMailbox,
  seriousViolations,
  signIn,
  watchInFlight,
} from './helpers';
import { overflow } from './page-width';

// Issue 14 (My Library); spec §2 Library screens, §4 Audio queue, §6 who
// hears what, §8 item_not_found and search_no_results. A family that bought
// an album finds it in My Library, plays it in full, downloads a track and
// the album's ZIP, and still hears only the preview of an album it does not
// own; another account gets none of its files.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });
// Each journey makes an account (a deliberately slow password hash) and most pay for an album first.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'listen-along-8';

/**
 * Demo stories (server/demo/catalogue.json): the album the family buys, its
 * first track, and one of its tracks with a word that finds it; a paid
 * track of an album it does not own, with a word that finds that.
 */
const demo: Record<
  SiteLang,
  {
    bought: string;
    firstTrack: string;
    word: string;
    found: string;
    otherSlug: string;
    otherTrack: string;
    otherWord: string;
    /** Home page top stories: one of the bought album, one of another. */
    topOwned: string;
    topOther: string;
  }
> = {
  en: {
    bought: 'noahs-big-boat',
    firstTrack: 'Noah Builds the Ark',
    word: 'Rainbow',
    found: 'The Rainbow Promise',
    otherSlug: 'david-the-shepherd-boy',
    otherTrack: 'The Youngest Son',
    otherWord: 'Youngest',
    topOwned: 'The Rainbow Promise',
    topOther: 'David and Goliath',
  },
  es: {
    bought: 'jesus-vive',
    firstTrack: '¡Hosanna!',
    word: 'cena',
    found: 'La última cena',
    otherSlug: 'rut-la-amiga-fiel',
    otherTrack: 'Espigas en el campo',
    otherWord: 'Espigas',
    topOwned: '¡La tumba vacía!',
    topOther: 'Adonde tú vayas',
  },
};

const playerBar = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });
const barPosition = async (page: Page, t: Translate) =>
  Number(
    await playerBar(page, t)
      .getByRole('slider', { name: t('player.position') })
      .inputValue(),
  );
/** The audio starts once its file has come: on a busy machine that may take more than a moment. */
const AUDIO_START = { timeout: 15_000 };

/** A new family of the test's own, signed in, that has bought the language's demo album; returns what a later step needs. */
async function familyWithAlbum(page: Page, lang: SiteLang) {
  const email = await createAccount(page, { email: freshEmail('library'), password: PASSWORD });
  const { product } = await buyDigitalAlbum(page, demo[lang].bought, lang);
  return { email, product };
}

/** Clicks `link` and waits for the file it saves; returns its name and bytes. */
async function download(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const saved = page.waitForEvent('download');
  await link.click();
  const file = await saved;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** An MP3 starts with an ID3 tag or an MPEG audio frame's sync bits. */
const isMp3 = (b: Buffer) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);

test('an empty library invites the family to the shop and to the free story', async ({ page, t }) => {
  await createAccount(page, { email: freshEmail('library-empty'), password: PASSWORD });
  await page.goto('/');
  await page.getByRole('link', { name: t('shell.myLibrary') }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: t('library.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('library.empty.title') })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: t('library.empty.shop') })).toBeVisible();
  const freeStory = page.getByRole('link', { name: t('library.empty.freeStory') });
  await expect(page.getByRole('region', { name: t('library.freeStory.title') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The List/Grid choice is the account's one layout preference: kept after a reload, and the shop's too.
  const grid = page.getByRole('button', { name: t('shop.grid'), exact: true });
  await grid.click();
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await apiGet<{ layout: string }>(page, '/crud/user')).layout).toBe('grid');
  // Another device (nothing remembered in this browser) shows the account's layout, in the shop too.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/shop?lang_code=all');
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/library');

  // The free story's album page: its title the heading, "Free this week" said once, as a badge (no heading Free).
  await freeStory.click();
  await expect(page).toHaveURL(/\/library\/album\/free-story$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveCount(1);
  await expect(title).not.toHaveText(t('library.freeHeading'));
  await expect(page.getByRole('heading', { name: t('library.freeHeading'), exact: true })).toHaveCount(0);
  const badge = page.getByText(t('library.freeThisWeek'), { exact: true });
  await expect(badge).toHaveCount(1);
  expect((await badge.boundingBox())?.y, 'the badge under the title').toBeGreaterThan((await title.boundingBox())?.y ?? Infinity);
  await expect(page.getByRole('link', { name: t('library.back') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a family finds its album in My Library, plays it in full and downloads a track and the ZIP', { tag: '@i18n' }, async ({
  page,
  t,
  siteLang,
}) => {
  const { product } = await familyWithAlbum(page, siteLang);
  const { firstTrack } = demo[siteLang];

  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: t('library.title') })).toBeVisible();
  const albums = page.getByRole('list', { name: t('library.albums') });
  const card = albums.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: product.title }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(t('library.owned', { count: product.tracks.length, total: product.tracks.length }))).toBeVisible();
  // Its language, named in the site's language (decision 038).
  await expect(card.getByText(t(`languageName.${product.lang_code}`), { exact: true })).toBeVisible();

  // The whole album as a ZIP: a zip archive (PK), named after the album.
  const zip = await download(page, card.getByRole('link', { name: t('library.downloadZipLabel', { title: product.title }) }));
  expect(zip.name).toMatch(/\.zip$/);
  expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // Its tracks, each with play and download: the MP3 itself.
  await card.getByText(t('library.ownedTracks', { count: product.tracks.length })).click();
  const mp3 = await download(page, card.getByRole('link', { name: t('library.downloadTrack', { title: firstTrack }) }));
  expect(mp3.name).toMatch(/\.mp3$/);
  expect(mp3.bytes.length).toBeGreaterThan(1000);
  expect(isMp3(mp3.bytes)).toBe(true);

  // It plays in full: the bar does not call it a preview.
  await card.getByRole('button', { name: t('catalogue.play', { title: firstTrack }) }).click();
  const bar = playerBar(page, t);
  await expect(bar.getByText(firstTrack)).toBeVisible();
  await expect.poll(() => barPosition(page, t), AUDIO_START).toBeGreaterThan(0);
  await expect(bar.getByText(t('player.preview'), { exact: true })).toHaveCount(0);
  await bar.getByRole('button', { name: t('player.pause') }).click();
  expect(await seriousViolations(page)).toEqual([]);

  // Its page in the library: heading My Library, the album, play album, its ZIP and the way back.
  await card.getByRole('link', { name: t('library.detailsLabel', { title: product.title }) }).click();
  await expect(page).toHaveURL(new RegExp(`/library/album/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: t('library.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: product.title })).toBeVisible();
  await expect(page.getByRole('button', { name: t('catalogue.playAlbum') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('library.downloadZipLabel', { title: product.title }) })).toBeVisible();
  for (const track of product.tracks) {
    await expect(page.getByRole('link', { name: t('library.downloadTrack', { title: track.title }) })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: t('library.back') }).click();
  await expect(page).toHaveURL(/\/library$/);

  // The story page and the shop's search play the owned track in full too.
  await page.goto(`/story/${demo[siteLang].bought}`);
  await expect(page.getByRole('button', { name: t('catalogue.play', { title: firstTrack }) })).toBeVisible();
});

// One family that owns an album (an account and a purchase), and what it sees of what it owns and what it does not.
test.describe('what is the family’s and what is not', () => {
  // Asking for an album the family does not own is answered 404 on purpose (spec §8 item_not_found).
  test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/my-library\/product\// }] });

  test('a family that owns an album: the free story slow to come moves nothing; another album plays only its preview; its own is not sold again; no album or file of another account; searching its library', async ({
    page,
    browser,
    t,
    siteLang,
  }) => {
    const { product } = await familyWithAlbum(page, siteLang);

    await test.step('the free story of the week, slow to come, shows with the page: the albums do not move', async () => {
      await page.route(/\/crud\/free-story\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue();
      });
      const requests = watchInFlight(page);
      await page.goto('/library');
      const firstAlbum = page
        .getByRole('list', { name: t('library.albums') })
        .getByRole('listitem')
        .first();
      await expect(firstAlbum).toBeVisible({ timeout: 15_000 });
      const before = await firstAlbum.boundingBox();
      // The free story shows, with its album's tracks; then everything has come.
      await expect(page.getByRole('region', { name: t('library.freeStory.title') })).toBeVisible();
      await requests.settled();
      const after = await firstAlbum.boundingBox();
      expect(after!.y).toBe(before!.y);
      requests.stop();
      await page.unrouteAll();
    });

    await test.step('a paid track of an album the family does not own plays only its preview, on the story page, in the shop and on the home page', async () => {
      const { otherSlug, otherTrack, otherWord, word, found, topOwned, topOther } = demo[siteLang];

      // The home page's top stories: the owned album's story in full, another album's as a preview.
      await page.goto('/');
      const top = page.getByRole('region', { name: t('home.topStories') });
      await expect(top.getByRole('button', { name: t('catalogue.playPreview', { title: topOther }) })).toBeVisible();
      await top.getByRole('button', { name: t('catalogue.play', { title: topOwned }) }).click();
      await expect(playerBar(page, t).getByText(topOwned)).toBeVisible();
      await expect(playerBar(page, t).getByText(t('player.preview'), { exact: true })).toHaveCount(0);
      await playerBar(page, t)
        .getByRole('button', { name: t('player.pause') })
        .click();

      await page.goto(`/story/${otherSlug}`);
      await page.getByRole('button', { name: t('catalogue.playPreview', { title: otherTrack }) }).click();
      await expect(playerBar(page, t).getByText(t('player.preview'), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t('catalogue.play', { title: otherTrack }) })).toHaveCount(0);

      await page.goto(`/shop?search=${encodeURIComponent(otherWord)}`);
      const matches = page.getByRole('region', { name: t('shop.matchingTracks') });
      await expect(matches.getByRole('button', { name: t('catalogue.playPreview', { title: otherTrack }) })).toBeVisible();
      // A track of the album the family owns, found the same way, plays in full.
      await page.goto(`/shop?search=${encodeURIComponent(word)}`);
      await expect(matches.getByRole('button', { name: t('catalogue.play', { title: found }) })).toBeVisible();
    });

    await test.step('what the family already owns is not sold to it again: the story page says it is in My Library and links to it', async () => {
      const albumName = t('catalogue.digitalAlbum');

      await page.goto(`/story/${demo[siteLang].bought}`);
      await page.getByRole('button', { name: t('catalogue.addTrack', { title: albumName }) }).click();

      const toast = page.getByRole('status').filter({ hasText: t('errors.item_already_owned') });
      await expect(toast).toBeVisible();
      const itemName = t('cart.lineName', { title: product.title, type: albumName });
      await toast.getByRole('link', { name: t('cart.owned.open', { title: itemName }) }).click();
      await expect(page).toHaveURL(new RegExp(`/library/album/${product.id}$`));
      await expect(page.getByRole('heading', { level: 2, name: product.title })).toBeVisible();
      // Nothing went into the cart.
      const lines = await apiGet<unknown[]>(page, '/crud/cart-session/skus');
      expect(lines).toEqual([]);
    });

    await test.step('an album page the family does not own says item_not_found', async () => {
      await page.goto('/library/album/999999');
      await expect(page.getByText(t('errors.item_not_found'))).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: t('library.title') })).toBeVisible();
      await expect(page.getByRole('link', { name: t('library.back') })).toBeVisible();
    });

    await test.step('another account gets no file of the family’s, by any URL', async () => {
      await page.goto('/library');
      const library = await apiGet<MyLibraryResponse>(page, '/crud/my-library?page=1');
      const album = library.items.find((a) => a.product_id === product.id);
      const fileUrl = album?.tracks.find((tr) => tr.file_url)?.file_url;
      expect(album?.zip_url, 'the album’s ZIP').toBeTruthy();
      expect(fileUrl, 'a track’s file').toBeTruthy();

      const other = await browser.newContext(WITHOUT_SERVICE_WORKER);
      try {
        const otherPage = await other.newPage();
        await createAccount(otherPage, { email: freshEmail('library-other'), password: PASSWORD });
        await asBrowser(otherPage, async (api) => {
          for (const url of [fileUrl!, album!.zip_url!, `/crud/my-library/product/${product.id}`]) {
            const res = await api.get(url);
            expect([403, 404], `${url} for another account`).toContain(res.status());
            expect(res.headers()['content-disposition'], url).toBeUndefined();
            expect(isMp3(await res.body()), url).toBe(false);
          }
        });
      } finally {
        await other.close();
      }
    });

    await test.step('searching the library: matching tracks, and the no-results message', async () => {
      const { word, found } = demo[siteLang];
      // The page's timers on Playwright's clock: the search waits for a pause in the typing (spec: 300 ms).
      await page.clock.install();
      await page.goto('/library');
      const search = page.getByRole('searchbox', { name: t('library.searchLabel') });
      await expect(search).toHaveAttribute('placeholder', t('library.searchPlaceholder'));

      // The search follows the typing once it pauses for 300 ms (the page's time stands still but for runFor);
      // the address keeps it, from page 1.
      await page.clock.pauseAt(new Date(Date.now() + 1000));
      await search.fill(word);
      await page.clock.runFor(250);
      await expect(page).toHaveURL(/\/library$/);
      await page.clock.runFor(100);
      await expect(page).toHaveURL(new RegExp(`/library\\?search=${word}$`));
      // Time flows again (the app's own scheduling runs on timers too).
      await page.clock.resume();
      const matches = page.getByRole('region', { name: t('shop.matchingTracks') });
      await expect(matches.getByRole('button', { name: t('catalogue.play', { title: found }) })).toBeVisible();
      await expect(matches.getByRole('link', { name: t('library.downloadTrack', { title: found }) })).toBeVisible();

      await search.fill('zzqx-nothing-like-this');
      await page.clock.runFor(300);
      await expect(page.getByRole('status').filter({ hasText: t('errors.search_no_results') })).toBeVisible();
      await expect(page).toHaveURL(/search=zzqx-nothing-like-this/);

      // Another language than the family's album: none of its albums.
      await page.getByRole('button', { name: t('shop.clearSearch') }).click();
      await page.getByRole('combobox', { name: t('shop.language') }).selectOption('ru');
      await expect(page).toHaveURL(/\?lang_code=ru$/);
      await expect(page.getByRole('status').filter({ hasText: t('library.noAlbumsInLanguage') })).toBeVisible();
    });
  });
});

test('a story stopped halfway resumes on another browser, from Continue listening', async ({ page, browser, t, siteLang }) => {
  const { email, product } = await familyWithAlbum(page, siteLang);
  const { firstTrack } = demo[siteLang];

  // Plays the first track on its album's page, goes 15 s on, and stops there.
  await page.goto(`/library/album/${product.id}`);
  await page.getByRole('button', { name: t('catalogue.play', { title: firstTrack }) }).click();
  const bar = playerBar(page, t);
  await expect.poll(() => barPosition(page, t), AUDIO_START).toBeGreaterThan(0);
  await bar.getByRole('button', { name: t('player.forward', { seconds: 15 }) }).click();
  await bar.getByRole('button', { name: t('player.pause') }).click();
  const stoppedAt = await barPosition(page, t);
  expect(stoppedAt).toBeGreaterThan(10);
  // The place is kept on the server for the account (the player saves it when it pauses; an earlier save, from
  // when it started, may come first).
  await expect
    .poll(
      async () => (await apiGet<MyLibraryResponse>(page, '/crud/my-library?page=1')).continue_listening[0]?.position_seconds ?? 0,
    )
    .toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);

  // Another browser, signed in to the same account.
  const other = await browser.newContext(WITHOUT_SERVICE_WORKER);
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, { email, password: PASSWORD });
    await otherPage.goto('/library');
    // A page of a context of its own: the fixture's goto does not wait for the app to take the page over.
    await appReady(otherPage);
    const resume = otherPage.getByRole('region', { name: t('library.continueListening') });
    await expect(resume.getByText(firstTrack)).toBeVisible();
    await resume.getByRole('button', { name: t('catalogue.play', { title: firstTrack }) }).click();
    // It goes on from where it stopped, not from the start.
    await expect.poll(() => barPosition(otherPage, t), AUDIO_START).toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
  } finally {
    await other.close();
  }
});

/** The started stories of a new family: `seconds` into each of the first two tracks of its albums (PUT progress, as the player saves it). */
async function startStories(page: Page, products: readonly Product[], seconds = 5) {
  await asBrowser(page, async (api) => {
    for (const product of products)
      for (const track of product.tracks.slice(0, 2)) {
        const saved = await api.put(libraryPaths.progress(track.sku_id), { data: { position_seconds: seconds } });
        expect(saved.status(), `progress of ${track.title}: ${await saved.text()}`).toBe(200);
      }
  });
}

const PHONES = [
  { width: 320, height: 640 },
  { width: 390, height: 740 },
] as const;

/** The site of a language on the test server: its host (es.localhost and ru.localhost resolve in Chromium like localhost). */
const originOf = (baseURL: string | undefined, lang: LangCode) =>
  lang === 'en' ? String(baseURL) : String(baseURL).replace('//localhost', `//${lang}.localhost`);

const translators: Record<LangCode, Translate> = {
  en: translator('en'),
  es: translator('es'),
  ru: createTranslator('ru', ru, (key) => {
    throw new Error(`Missing message: ru:${key}`);
  }),
};

/** Whether a box's content is wider than the box (text cut off by its card), and where it ends against its card. */
const clipped = (element: Locator, card: Locator) =>
  Promise.all([element.evaluate((el) => el.scrollWidth > el.clientWidth + 1), element.boundingBox(), card.boundingBox()]).then(
    ([cut, box, outer]) => cut || !box || !outer || box.x < outer.x - 0.5 || box.x + box.width > outer.x + outer.width + 0.5,
  );

// Issue 27 items 2 and 3: on a 320 and a 390 px phone, in the three languages, Continue listening is a row of
// cards (not a column taking the width, a letter a line) that scrolls sideways inside itself, and the album
// cards' actions ("Download album (ZIP)") wrap, never cut off, in the list and in the grid.
test('My Library with Continue listening fits a 320 and a 390 px phone in English, Spanish and Russian', async ({
  page,
  baseURL,
  siteLang,
}) => {
  test.skip(siteLang !== 'en', 'names each language’s site itself');
  test.setTimeout(180_000);
  await createAccount(page, { email: freshEmail('library-phone'), password: PASSWORD });
  const bought: Product[] = [];
  for (const slug of ['noahs-big-boat', 'jesus-vive', 'moisey-i-put-k-svobode'])
    bought.push((await buyDigitalAlbum(page, slug, 'en')).product);
  await startStories(page, bought);
  // The family's session, to take to the other languages' hosts.
  const session = await page.context().cookies(String(baseURL));

  for (const lang of ['en', 'es', 'ru'] as const) {
    const t = translators[lang];
    const origin = originOf(baseURL, lang);
    // The same session on the language's own host.
    await page.context().addCookies(session.map((c) => ({ ...c, domain: new URL(origin).hostname })));
    await page.setViewportSize(PHONES[0]);
    const requests = watchInFlight(page);
    await page.goto(`${origin}/library`);
    await expect(page.getByRole('heading', { level: 1, name: t('library.title') })).toBeVisible();
    const resume = page.getByRole('region', { name: t('library.continueListening') });
    const cards = resume.getByRole('listitem');
    await expect(cards).toHaveCount(6);

    for (const layout of ['list', 'grid'] as const) {
      await page.getByRole('button', { name: t(layout === 'list' ? 'shop.list' : 'shop.grid') }).click();
      await requests.settled();
      for (const size of PHONES) {
        await test.step(`${lang}, ${layout}, ${size.width} px`, async () => {
          await page.setViewportSize(size);
          const { width, scroll, culprits } = await overflow(page);
          expect(scroll, `the page is wider than the screen: ${culprits.join('; ')}`).toBeLessThanOrEqual(width);

          // A row of cards: side by side, each wide enough for its words; the row scrolls, the page does not.
          const first = await cards.nth(0).boundingBox();
          const second = await cards.nth(1).boundingBox();
          expect(first!.width).toBeGreaterThanOrEqual(140);
          expect(second!.y).toBe(first!.y);
          expect(second!.x).toBeGreaterThan(first!.x + first!.width);
          const row = resume.getByRole('list');
          expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
          // Each card: its cover's play button, the track, its album and how far the family got.
          // The most recently heard first: the Russian album's second track.
          const card = cards.nth(0);
          const track = bought[2]!.tracks[1]!;
          await expect(card.getByRole('button', { name: t('catalogue.play', { title: track.title }) })).toBeVisible();
          await expect(card.getByRole('link', { name: bought[2]!.title })).toBeVisible();
          await expect(
            card.getByRole('progressbar', {
              name: t('library.stoppedAt', { position: '0:05', length: formatClock(track.length_seconds) }),
            }),
          ).toBeVisible();
          expect(await clipped(card.getByText(track.title), card)).toBe(false);

          // Every album card's actions wrap inside it: the ZIP's words and the Details button are whole. The list is
          // compact on a phone: cover, title, Play and More, a card under 300 px tall with its tracks folded (it was
          // a screen and more in Russian at 320 px); Details, the ZIP and Keep on this device open under More, a button that says
          // whether it is open; Escape closes it and the focus is back on it.
          const albums = page.getByRole('list', { name: t('library.albums') }).getByRole('listitem');
          await expect(albums).toHaveCount(3);
          // The free story of the week is as compact (issue 46): cover, title, Play and More; Details and its album's
          // tracks open under More (the same disclosure).
          if (layout === 'list') {
            const free = page.getByRole('region', { name: t('library.freeStory.title') });
            const freeMore = free.getByRole('button', { name: messagePattern(t, 'library.freeStory.moreLabel', { title: ANY }) });
            const freeDetails = free.getByRole('link', { name: messagePattern(t, 'library.detailsLabel', { title: ANY }) });
            await expect(free.getByRole('button', { name: t('library.freeStory.play') })).toBeVisible();
            expect((await free.boundingBox())?.height, `${lang} ${size.width} px: a compact free story`).toBeLessThanOrEqual(300);
            await expect(freeMore).toHaveAttribute('aria-expanded', 'false');
            await expect(freeDetails).toBeHidden();
            await expect(free.getByRole('list')).toBeHidden();
            await freeMore.click();
            await expect(freeMore).toHaveAttribute('aria-expanded', 'true');
            await expect(freeDetails).toBeVisible();
            await expect(free.getByRole('list').getByRole('listitem').first()).toBeVisible();
            await page.keyboard.press('Escape');
            await expect(freeMore).toHaveAttribute('aria-expanded', 'false');
            await expect(freeMore).toBeFocused();
          }
          for (const album of await albums.all()) {
            const zip = album.getByRole('link', { name: t('library.downloadZip') });
            const details = album.getByRole('link', { name: t('library.details') });
            const more = album.getByRole('button', { name: messagePattern(t, 'library.moreLabel', { title: ANY }) });
            await expect(
              album.getByRole('button', { name: messagePattern(t, 'library.playLabel', { title: ANY }) }),
            ).toBeVisible();
            if (layout === 'list') {
              expect((await album.boundingBox())?.height, `${lang} ${size.width} px: a compact card`).toBeLessThanOrEqual(300);
              await expect(more).toHaveAttribute('aria-expanded', 'false');
              await expect(zip).toBeHidden();
              await more.click();
              await expect(more).toHaveAttribute('aria-expanded', 'true');
              await expect(zip).toBeVisible();
            } else {
              await expect(more).toBeHidden();
            }
            await expect(zip).toContainText(t('library.downloadZip'));
            expect(await clipped(zip, album), `${lang} ${layout}: the ZIP link is cut off`).toBe(false);
            expect(await clipped(details, album)).toBe(false);
            if (layout === 'list') {
              await zip.focus();
              await page.keyboard.press('Escape');
              await expect(more).toHaveAttribute('aria-expanded', 'false');
              await expect(more).toBeFocused();
              await expect(zip).toBeHidden();
            }
          }
        });
      }
    }
    // The keyboard reaches every card: the last one's play button, focused, is scrolled into the row's view.
    const last = cards.last().getByRole('button');
    await last.focus();
    await expect(last).toBeInViewport();
    // The row, its cards and their progress bars have what assistive technology needs (axe).
    expect(await seriousViolations(page)).toEqual([]);
    requests.stop();
  }
});

/** Where the gift's CD ships (33: the United States in the demo's countries, as checkout.spec.ts finds). */
const SHIPPING_ADDRESS = {
  fname: 'Sam',
  lname: 'Tester',
  email: 'sam@example.test',
  phone: '+1 217 555 0142',
  line1: '400 Oak Avenue',
  country_id: 33,
  state: 'IL',
  city: 'Springfield',
  postal_code: '62701',
};

// Issue 27 item 11: a gift, seen by both. The buyer's library does not take the gift (its album or its CD) as
// its own; the recipient's library says it was a gift and from whom.
test.describe('a gift album', () => {
  test('is not in the buyer’s library, and is in the recipient’s as a gift from the buyer', async ({
    page,
    browser,
    t,
    siteLang,
  }) => {
    test.setTimeout(120_000);
    const recipient = freshEmail('library-gift');
    // The recipient has an account; the giver buys the album and its CD "as a gift" in a browser of its own.
    await createAccount(page, { email: recipient, password: PASSWORD, firstName: 'Sam', lastName: 'Tester' });
    const giver = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...WITHOUT_SERVICE_WORKER });
    try {
      const giverPage = await giver.newPage();
      await createAccount(giverPage, {
        email: freshEmail('library-giver'),
        password: PASSWORD,
        firstName: 'Grandma',
        lastName: 'Rose',
      });
      await asBrowser(giverPage, async (api) => {
        const product = (await (await api.get(`/crud/product-by-slug/${demo[siteLang].bought}/skus`)).json()) as Product;
        for (const sku of [product.digitalAlbum, product.physicalAlbum]) {
          const added = await api.post('/crud/cart-session/skus', { data: { sku_id: sku?.id } });
          expect(added.status(), `adding ${sku?.title}`).toBe(200);
        }
        const gift = await api.post('/crud/cart-session/gift', {
          data: { name: 'Sam', email: recipient, message: 'For bedtime' },
        });
        expect(gift.status(), `marking the gift: ${await gift.text()}`).toBe(200);
        const { cart } = (await (await api.get('/crud/cart-session/total')).json()) as { cart: { id: number } };
        const address = await api.post(`/crud/cart/${cart.id}/address/shipping`, { data: SHIPPING_ADDRESS });
        expect(address.status(), `the shipping address: ${await address.text()}`).toBe(200);
        await payCart(api, siteLang);
      });
      // The buyer's library: still empty (the album went to Sam, the CD ships to Sam).
      await giverPage.goto('/library');
      await expect(giverPage.getByRole('heading', { level: 2, name: t('library.empty.title') })).toBeVisible();
    } finally {
      await giver.close();
    }

    // Sam opens the e-mail's link, signed in, and finds the album in My Library, a gift from Grandma Rose.
    const linkOf = async () =>
      /\/claim-gift\/\S+/.exec((await readMailbox()).items.find((m) => m.to.includes(recipient))?.text ?? '')?.[0];
    await expect.poll(linkOf).toBeTruthy();
    await page.goto((await linkOf()) as string);
    await expect(page).toHaveURL(/\/library$/, { timeout: 20_000 });
    const album = page
      .getByRole('list', { name: t('library.albums') })
      .getByRole('listitem')
      .first();
    await expect(album).toContainText(t('library.giftFrom', { name: 'Grandma Rose' }));
    await expect(album).not.toContainText(t('library.purchased', { date: '' }).trim());
    await album.getByRole('link', { name: t('library.details') }).click();
    await expect(page.getByRole('main')).toContainText(t('library.giftFrom', { name: 'Grandma Rose' }));
  });
});
