import type { Locator, Page } from '@playwright/test';
import { routePath } from '@storyhouse/contracts';
import type { MessageKey, Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';

// A journey here holds the steps of what were several (decision 018), so it gets the time of several on a busy machine.
test.describe.configure({ timeout: 60_000 });

// Spec §2 /story/{slug}, §3 Product and §4 Adding to cart, over the demo
// catalogue (server/demo/catalogue.json).

interface StoryDemo {
  slug: string;
  title: string;
  /** A purchase option on sale: its full and sale prices in dollars. */
  sale: { option: MessageKey; full: number; price: number };
  /** A purchase option that ships free. */
  shipsFree: MessageKey;
  /** The album's tracks in order, none of them free. */
  tracks: string[];
}

const demo: Record<SiteLang, StoryDemo> = {
  en: {
    slug: 'the-first-christmas',
    title: 'The First Christmas',
    sale: { option: 'catalogue.book', full: 12.99, price: 9.99 },
    shipsFree: 'catalogue.physical',
    tracks: ['Mary’s Visitor', 'No Room at the Inn', 'Shepherds and a Star'],
  },
  es: {
    slug: 'rut-la-amiga-fiel',
    title: 'Rut, la amiga fiel',
    sale: { option: 'catalogue.digitalAlbum', full: 8.99, price: 7.99 },
    shipsFree: 'catalogue.book',
    tracks: ['Adonde tú vayas', 'Espigas en el campo', 'Una familia nueva'],
  },
};

/** Dollars as the page formats them (Intl in the site language, in the browser). */
const money = (page: Page, lang: SiteLang, usd: number) =>
  page.evaluate(([v, l]) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(v), [usd, lang] as const);

/** One purchase option of the story page, by its heading. */
const offer = (page: Page, t: Translate, name: string): Locator =>
  page
    .getByRole('region', { name: t('story.buy') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });

test('shows the story with its cover, prices, sale price and free shipping', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  const story = demo[siteLang];
  await page.goto(`/story/${story.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
  await expect(page).toHaveTitle(`${story.title} · ${t('app.titleSuffix')}`);
  await expect(page.getByRole('img', { name: t('catalogue.coverAlt', { title: story.title }) })).toBeVisible();
  await expect(page.getByRole('img', { name: t('catalogue.coverAlt', { title: story.title }) })).toHaveAttribute(
    'srcset',
    /800w/,
  );

  await expect(page.getByRole('heading', { level: 2, name: t('story.buy') })).toBeVisible();
  const sale = offer(page, t, t(story.sale.option));
  const full = await money(page, siteLang, story.sale.full);
  const price = await money(page, siteLang, story.sale.price);
  await expect(sale).toContainText(`${t('catalogue.originalPrice')} ${full}`);
  await expect(sale).toContainText(`${t('catalogue.salePrice')} ${price}`);
  await expect(offer(page, t, t(story.shipsFree))).toContainText(t('catalogue.shipsFree'));

  const tracks = page.getByRole('region', { name: t('catalogue.tracks') }).getByRole('listitem');
  await expect(tracks).toHaveText(story.tracks.map((title) => new RegExp(title)));
});

test('the cover comes first: the server preloads the very copies the page shows, and nothing moves', async ({
  page,
  t,
  siteLang,
}) => {
  const story = demo[siteLang];
  const response = await page.goto(`/story/${story.slug}`);
  const html = (await response?.text()) ?? '';
  const preload = /<link rel="preload" as="image" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(html);
  expect(preload, 'the server’s preload link').not.toBeNull();

  const cover = page.getByRole('img', { name: t('catalogue.coverAlt', { title: story.title }) });
  await expect(cover).toHaveAttribute('srcset', preload?.[1]?.replaceAll('&amp;', '&') ?? '');
  await expect(cover).toHaveAttribute('sizes', preload?.[2] ?? '');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(cover).not.toHaveAttribute('loading', /./);
  // A box of the cover's own (square) ratio before it loads.
  await expect(cover).toHaveAttribute('width', '400');
  await expect(cover).toHaveAttribute('height', '400');
});

test('a preview plays and pauses with its button; the album button queues the previews, keeping its width', async ({
  page,
  t,
  siteLang,
}) => {
  await test.step('plays a preview, and pauses it with the same button', async () => {
    const story = demo[siteLang];
    const [first] = story.tracks as [string];
    await page.goto(`/story/${story.slug}`);
    await page.getByRole('button', { name: t('catalogue.playPreview', { title: first }) }).click();
    const player = page.getByRole('region', { name: t('player.label') });
    await expect(player).toContainText(first);
    await expect(player.getByRole('button', { name: t('player.pause') })).toBeVisible();

    await page.getByRole('button', { name: t('catalogue.pause', { title: first }) }).click();
    await expect(page.getByRole('button', { name: t('catalogue.playPreview', { title: first }) })).toBeVisible();
    await expect(player.getByRole('button', { name: t('player.play') })).toBeVisible();
  });

  await test.step('the album button queues the previews, and keeps its width as its label changes', async () => {
    const story = demo[siteLang];
    const tracks = page.getByRole('region', { name: t('catalogue.tracks') });
    const play = tracks.getByRole('button', { name: t('catalogue.playPreviews') });
    const { width } = (await play.boundingBox())!;
    await play.click();
    await expect(page.getByRole('region', { name: t('player.label') })).toContainText(story.tracks[0]!);
    await expect(tracks.getByRole('button', { name: t('catalogue.pause', { title: story.tracks[0]! }) })).toBeVisible();
    const pause = tracks.getByRole('button', { name: t('catalogue.pauseAlbum'), exact: true });
    // Issue 11: nothing moves; "Pause" is shorter than "Play previews", and the button stays as wide.
    expect((await pause.boundingBox())!.width).toBe(width);
    await pause.click();
    await expect(tracks.getByRole('button', { name: t('catalogue.playPreviews') })).toBeVisible();
  });
});

test('adding to the cart: the album replaces its tracks, the focus stays on Added, next to a View cart link', async ({
  page,
  t,
  siteLang,
}) => {
  const story = demo[siteLang];
  await page.goto(`/story/${story.slug}`);

  await test.step('adding the digital album after two of its tracks replaces them', async () => {
    const [first, second, third] = story.tracks as [string, string, string];

    for (const title of [first, second]) {
      await page.getByRole('button', { name: t('catalogue.addTrack', { title }) }).click();
      await expect(page.getByRole('button', { name: t('catalogue.addedTrack', { title }) })).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: t('catalogue.addTrack', { title: third }) })).toBeEnabled();

    const album = t('catalogue.digitalAlbum');
    await page.getByRole('button', { name: t('catalogue.addTrack', { title: album }) }).click();
    await expect(page.getByRole('button', { name: t('catalogue.addedTrack', { title: album }) })).toBeDisabled();

    // Every track now comes with the album: none is offered on its own.
    const tracks = page.getByRole('region', { name: t('catalogue.tracks') });
    await expect(tracks.getByText(t('catalogue.includedWithAlbum'))).toHaveCount(3);
    for (const title of story.tracks) {
      await expect(tracks.getByRole('button', { name: t('catalogue.addTrack', { title }) })).toHaveCount(0);
      await expect(tracks.getByRole('button', { name: t('catalogue.addedTrack', { title }) })).toHaveCount(0);
    }
  });

  await test.step('after Add to cart the focus stays on the button, which says Added, next to a View cart link', async () => {
    const option = t(story.shipsFree);
    const buy = offer(page, t, option);
    await buy.getByRole('button', { name: t('catalogue.addTrack', { title: option }) }).click();

    const added = buy.getByRole('button', { name: t('catalogue.addedTrack', { title: option }) });
    await expect(added).toHaveText(t('catalogue.added'));
    await expect(added).toBeFocused();
    const viewCart = buy.getByRole('link', { name: t('catalogue.viewCart') });
    await expect(viewCart).toBeVisible();

    await viewCart.click();
    await expect(page).toHaveURL(new RegExp(`${routePath('cart', siteLang)}$`));
  });

  await test.step('the cart holds the album, the other offer and no single track', async () => {
    await expect(page.getByRole('heading', { level: 1, name: t('cart.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: story.title })).toHaveCount(2);
    await expect(page.getByText(t('cart.type.digital_album'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('cart.type.digital_track'), { exact: true })).toHaveCount(0);
  });
});

test.describe('the way back to the shop', () => {
  test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/product-by-slug\// }] });

  test('the back link returns to the shop page the visitor came from, or the shop; an unknown story leads there too', async ({
    page,
    t,
    siteLang,
  }) => {
    await test.step('opened from a shared link, the back link leads to the shop', async () => {
      await page.goto(`/story/${demo[siteLang].slug}`);
      await page.getByRole('link', { name: t('story.back') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('shop.title') })).toBeVisible();
    });

    await test.step('the back link returns to the shop page the visitor came from', async () => {
      const story = demo[siteLang];
      const shop = routePath('shop', siteLang)!;
      await page.goto(`${shop}?lang_code=all`);
      await page
        .getByRole('list', { name: t('shop.products') })
        .getByRole('link', { name: story.title, exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
      await page.getByRole('link', { name: t('story.back') }).click();
      await expect(page).toHaveURL(new RegExp(`${shop}\\?lang_code=all$`));
      await expect(page.getByRole('combobox', { name: t('shop.language') })).toHaveValue('all');
    });

    await test.step('an unknown story says the item was not found and leads to the shop', async () => {
      await page.goto('/story/no-such-story');
      await expect(page.getByRole('heading', { level: 1, name: t('errors.item_not_found') })).toBeVisible();
      await expect(page).toHaveTitle(`${t('errors.item_not_found')} · ${t('app.titleSuffix')}`);
      await page.getByRole('link', { name: t('story.goToShop') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('shop.title') })).toBeVisible();
    });
  });
});
