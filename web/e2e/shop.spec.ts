import type { Page } from '@playwright/test';
import { type AgeBand, ageBandYears, routePath } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';

// A journey here holds the steps of what were several (decision 018), so it gets the time of several on a busy machine.
test.describe.configure({ timeout: 60_000 });

// Spec §2 "Store product list", over the demo catalogue (server/demo/catalogue.json).

interface ShopDemo {
  /** Albums in the site language, shown by default. */
  own: string[];
  /** An album in Russian, shown only with that filter or all languages. */
  russian: string;
  /** A word of one track's title, the track and its album. */
  search: { term: string; track: string; album: string };
  /** An age band and its two products, shortest first, newest first the other way round (catalogue.json age_band, length_seconds). */
  ages: { band: AgeBand; shortestFirst: [string, string] };
}

const demo: Record<SiteLang, ShopDemo> = {
  en: {
    own: ['David the Shepherd Boy', 'Noah’s Big Boat', 'My First Storybook Bible'],
    russian: 'Иосиф и его братья',
    search: { term: 'Goliath', track: 'David and Goliath', album: 'David the Shepherd Boy' },
    // The book has no recording: last when sorted by length.
    ages: { band: '0-2', shortestFirst: ['In the Beginning', 'My First Storybook Bible'] },
  },
  es: {
    own: ['Daniel y los leones', 'Rut, la amiga fiel', 'Mi primera Biblia ilustrada'],
    russian: 'Иосиф и его братья',
    // Spanish search ignores accents: "oracion" finds "La oración en la ventana".
    search: { term: 'oracion', track: 'La oración en la ventana', album: 'Daniel y los leones' },
    ages: { band: '3-5', shortestFirst: ['Jonás y el gran pez', '¡Jesús vive!'] },
  },
};

const shopPath = (lang: SiteLang) => routePath('shop', lang)!;
/** A product of the list (a matching track links to its album too). */
const productLink = (page: Page, title: string, t: Translate) =>
  page.getByRole('list', { name: t('shop.products') }).getByRole('link', { name: title, exact: true });

test('lists the albums of the site language, with the highlight cards', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  await page.goto(shopPath(siteLang));
  await expect(page.getByRole('heading', { level: 1, name: t('shop.title') })).toBeVisible();
  await expect(page).toHaveTitle(`${t('shop.title')} · ${t('app.titleSuffix')}`);
  await expect(page.getByRole('heading', { level: 2, name: t('shop.giftCard.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('shop.subscription.title') })).toBeVisible();

  await expect(page.getByRole('combobox', { name: t('shop.language') })).toHaveValue(siteLang);
  for (const title of demo[siteLang].own) await expect(productLink(page, title, t)).toBeVisible();
  await expect(productLink(page, demo[siteLang].russian, t)).toHaveCount(0);
  // Covers below the fold wait, in a square box of their size.
  const cover = page.locator('img.product-card__image').first();
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expect(cover).toHaveAttribute('decoding', 'async');
  await expect(cover).toHaveAttribute('width', '400');
  await expect(cover).toHaveAttribute('height', '400');

  await productLink(page, demo[siteLang].own[0]!, t).click();
  await expect(page.getByRole('heading', { level: 1, name: demo[siteLang].own[0] })).toBeVisible();
  await expect(page).toHaveURL(/\/story\//);
});

test('filters by age band and sorts by length; the ages and length show on the card and the story page', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const { band, shortestFirst } = demo[siteLang].ages;
  const [shortest, longer] = shortestFirst;
  const products = page.getByRole('list', { name: t('shop.products') });
  const titles = products.getByRole('heading', { level: 3 });
  const ages = t('catalogue.ageBand', ageBandYears(band));
  const length = t('catalogue.lengthMinutes', { minutes: 2 });
  await page.goto(shopPath(siteLang));
  await expect(productLink(page, demo[siteLang].own[0]!, t)).toBeVisible();

  await page.getByRole('combobox', { name: t('shop.ageBand'), exact: true }).selectOption(ages);
  await expect(page).toHaveURL(new RegExp(`age_band=${band}`));
  await expect(titles).toHaveText([longer, shortest]); // newest first, as the shop lists by default
  await page.getByRole('combobox', { name: t('shop.sort') }).selectOption(t('shop.sortLength'));
  await expect(page).toHaveURL(new RegExp(`age_band=${band}&sort=length`));
  await expect(titles).toHaveText([shortest, longer]);
  await expect(products.getByRole('listitem').first()).toContainText(ages);
  await expect(products.getByRole('listitem').first()).toContainText(length);

  // Back undoes the order and keeps the filter.
  await page.goBack();
  await expect(page.getByRole('combobox', { name: t('shop.sort') })).toHaveValue('');
  await expect(titles).toHaveText([longer, shortest]);

  await productLink(page, shortest, t).click();
  await expect(page.getByRole('heading', { level: 1, name: shortest })).toBeVisible();
  await expect(page.getByText(ages, { exact: true })).toBeVisible();
  await expect(page.getByText(length, { exact: true })).toBeVisible();
});

test('a search lists the matching tracks, whose previews play', async ({ page, t, siteLang }) => {
  const { term, track, album } = demo[siteLang].search;
  await page.goto(shopPath(siteLang));
  const box = page.getByRole('searchbox', { name: t('shop.searchLabel') });
  await box.fill(term);
  await box.press('Enter');

  await expect(page).toHaveURL(new RegExp(`search=${term}`));
  await expect(page.getByRole('heading', { level: 2, name: t('shop.resultsFor', { search: term }) })).toBeVisible();
  await expect(box).toBeFocused();
  const tracks = page.getByRole('region', { name: t('shop.matchingTracks') });
  await expect(tracks.getByText(track, { exact: true })).toBeVisible();
  await expect(tracks.getByRole('link', { name: album })).toHaveAttribute('href', /\/story\//);
  await expect(productLink(page, album, t)).toBeVisible();

  await tracks.getByRole('button', { name: t('catalogue.playPreview', { title: track }) }).click();
  await expect(tracks.getByRole('button', { name: t('catalogue.pause', { title: track }) })).toBeVisible();
  await expect(page.getByRole('region', { name: t('player.label') })).toContainText(track);

  // The preview keeps playing on the album's story page.
  await tracks.getByRole('link', { name: album }).click();
  await expect(page.getByRole('heading', { level: 1, name: album })).toBeVisible();
  await expect(page.getByRole('region', { name: t('player.label') })).toContainText(track);
});

// One journey per flow (decision 018): browsing the list, and searching it, a step each.
test('browsing the shop: the list or grid choice is remembered, a language filter with back, pages with back and forward', async ({
  page,
  t,
  siteLang,
}) => {
  await test.step('the list or grid choice is remembered', async () => {
    await page.goto(shopPath(siteLang));
    const list = page.getByRole('button', { name: t('shop.list'), exact: true });
    const grid = page.getByRole('button', { name: t('shop.grid'), exact: true });
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');

    await grid.click();
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: t('shop.grid'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(productLink(page, demo[siteLang].own[0]!, t)).toBeVisible();
  });

  await test.step('filters by language, and back returns to the previous filter', async () => {
    await page.goto(shopPath(siteLang));
    await expect(productLink(page, demo[siteLang].own[0]!, t)).toBeVisible();

    await page.getByRole('combobox', { name: t('shop.language') }).selectOption('ru');
    await expect(page).toHaveURL(/lang_code=ru/);
    await expect(productLink(page, demo[siteLang].russian, t)).toBeVisible();
    await expect(productLink(page, demo[siteLang].own[0]!, t)).toHaveCount(0);

    await page.getByRole('combobox', { name: t('shop.language') }).selectOption('all');
    await expect(page).toHaveURL(/lang_code=all/);
    await expect(productLink(page, demo[siteLang].russian, t)).toBeVisible();
    await expect(productLink(page, demo[siteLang].own[0]!, t)).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('combobox', { name: t('shop.language') })).toHaveValue('ru');
    await expect(productLink(page, demo[siteLang].own[0]!, t)).toHaveCount(0);
  });

  await test.step('pages with previous and next, and the browser’s back and forward', async () => {
    // The demo catalogue fits on one page of 20; a link to page 2 is past the
    // end, so the journey starts there and pages back.
    await page.goto(`${shopPath(siteLang)}?lang_code=all&page=2`);
    const paging = page.getByRole('navigation', { name: t('shop.paging') });
    await expect(page.getByText(t('shop.pageEmpty'))).toBeVisible();
    await expect(paging.getByRole('link', { name: t('paging.next') })).toHaveCount(0);

    await paging.getByRole('link', { name: t('paging.previous') }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page).toHaveURL(/lang_code=all/);
    await expect(productLink(page, demo[siteLang].russian, t)).toBeVisible();
    await expect(paging).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(t('shop.pageEmpty'))).toBeVisible();
    await page.goForward();
    await expect(productLink(page, demo[siteLang].russian, t)).toBeVisible();
  });
});

test('searching the shop starts from page 1, a shared link shows the same search, and an empty result clears', async ({
  page,
  t,
  siteLang,
}) => {
  await test.step('searching starts again from page 1', async () => {
    const { term, album } = demo[siteLang].search;
    await page.goto(`${shopPath(siteLang)}?page=2`);
    const box = page.getByRole('searchbox', { name: t('shop.searchLabel') });
    await box.fill(term);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${term}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(productLink(page, album, t)).toBeVisible();
  });

  await test.step('a shared link shows the same search, language and page', async () => {
    const { term, track, album } = demo[siteLang].search;
    await page.goto(`${shopPath(siteLang)}?search=${encodeURIComponent(term)}&lang_code=all&page=1`);
    await expect(page.getByRole('searchbox', { name: t('shop.searchLabel') })).toHaveValue(term);
    await expect(page.getByRole('combobox', { name: t('shop.language') })).toHaveValue('all');
    await expect(page.getByRole('region', { name: t('shop.matchingTracks') }).getByText(track, { exact: true })).toBeVisible();
    await expect(productLink(page, album, t)).toBeVisible();
  });

  await test.step('a search that matches nothing says so, and clearing it shows the albums again', async () => {
    await page.goto(shopPath(siteLang));
    const box = page.getByRole('searchbox', { name: t('shop.searchLabel') });
    await box.fill('zzxqv');
    await page.getByRole('button', { name: t('shop.searchSubmit'), exact: true }).click();
    await expect(page.getByText(t('shop.searchNoResults', { search: 'zzxqv' }))).toBeVisible();

    await page.getByRole('button', { name: t('shop.clearSearch') }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(productLink(page, demo[siteLang].own[0]!, t)).toBeVisible();
  });
});
