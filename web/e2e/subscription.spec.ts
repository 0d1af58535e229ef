import type { Page } from '@playwright/test';
import { libraryPaths, type Product, routePath } from '@storyhouse/contracts';
import { demoPage, expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, freshEmail, payCart } from './helpers';

// Spec §2 Subscription and §4 Cart subscription: the shop's card leads to the
// plans; adding one plan replaces the other in the cart.

/** The demo plans (server/src/modules/catalogue/catalogue.seed.ts): their prices, and the annual one a month (79.99 / 12). */
const plans = { monthly: 7.99, annual: 79.99, annualPerMonth: 6.67 };

const subscriptionPath = (lang: SiteLang) => routePath('subscription', lang)!;
/** Dollars as the page formats them (Intl in the site language, in the browser). */
const money = (page: Page, lang: SiteLang, usd: number) =>
  page.evaluate(([v, l]) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(v), [usd, lang] as const);

test('the shop’s subscription card leads to the plans; the annual plan replaces the monthly one in the cart', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  await page.goto(routePath('shop', siteLang)!);
  await page.getByRole('link', { name: t('shop.subscription.link') }).click();
  await expect(page).toHaveURL(new RegExp(`${subscriptionPath(siteLang)}$`));
  const entry = demoPage(siteLang, subscriptionPath(siteLang));
  await expect(page.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();

  const offers = page.getByRole('region', { name: t('subscription.plans') });
  const monthly = offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: t('subscription.monthly') }) });
  const annual = offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: t('subscription.annual') }) });
  await expect(monthly).toContainText(await money(page, siteLang, plans.monthly));
  await expect(annual).toContainText(await money(page, siteLang, plans.annual));
  const perMonth = await money(page, siteLang, plans.annualPerMonth);
  await expect(annual).toContainText(t('subscription.perMonth', { price: perMonth }));

  const monthlyName = t('subscription.monthly');
  await monthly.getByRole('button', { name: t('catalogue.addTrack', { title: monthlyName }) }).click();
  await expect(page.getByRole('status').filter({ hasText: t('cart.addedToast', { title: monthlyName }) })).toBeVisible();
  await expect(monthly.getByRole('button', { name: t('catalogue.addedTrack', { title: monthlyName }) })).toBeVisible();
  await expect(monthly.getByText(t('subscription.inCart'))).toBeVisible();

  const annualName = t('subscription.annual');
  await annual.getByRole('button', { name: t('catalogue.addTrack', { title: annualName }) }).click();
  await expect(annual.getByRole('button', { name: t('catalogue.addedTrack', { title: annualName }) })).toBeVisible();
  await expect(annual.getByText(t('subscription.inCart'))).toBeVisible();
  // The monthly plan left the cart: it is offered again.
  await expect(monthly.getByRole('button', { name: t('catalogue.addTrack', { title: monthlyName }) })).toBeVisible();
  await expect(monthly.getByText(t('subscription.inCart'))).toHaveCount(0);

  await page.goto(routePath('cart', siteLang)!);
  await expect(page.getByRole('heading', { level: 1, name: t('cart.title') })).toBeVisible();
  // The cart names the plan in the site's language, as the plans page does (issue 26 item 14: the plan's title in each language).
  await expect(page.getByRole('heading', { level: 3, name: annualName, exact: true })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 3, name: monthlyName, exact: true })).toHaveCount(0);
});

test('a family whose plan is active is told so, and not sold a second one (issue 28: one plan at a time)', async ({
  page,
  t,
  siteLang,
}) => {
  await createAccount(page, { email: freshEmail('one-plan'), password: 'listen-along-1' });
  await page.goto(subscriptionPath(siteLang));
  const offers = page.getByRole('region', { name: t('subscription.plans') });
  const plan = (name: string) => offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  const monthlyName = t('subscription.monthly');
  await plan(monthlyName)
    .getByRole('button', { name: t('catalogue.addTrack', { title: monthlyName }) })
    .click();
  await expect(plan(monthlyName).getByText(t('subscription.inCart'))).toBeVisible();
  await asBrowser(page, (api) => payCart(api, siteLang));

  await page.reload();
  const annualName = t('subscription.annual');
  await plan(annualName)
    .getByRole('button', { name: t('catalogue.addTrack', { title: annualName }) })
    .click();
  const told = page.getByRole('status').filter({ hasText: t('errors.plan_already_active') });
  await expect(told).toBeVisible();
  await expect(told.getByRole('link', { name: t('cart.owned.openShort') })).toHaveAttribute('href', '/library');
  // Nothing went into the cart.
  await expect(plan(annualName).getByText(t('subscription.inCart'))).toHaveCount(0);
});

/** A demo story with a digital album, a book and tracks, per language (server/demo/catalogue.json). */
const planStory: Record<SiteLang, { slug: string; title: string }> = {
  en: { slug: 'the-first-christmas', title: 'The First Christmas' },
  es: { slug: 'rut-la-amiga-fiel', title: 'Rut, la amiga fiel' },
};

test('a subscriber finds the whole shop in My Library, included in the plan, and is offered Play on a story page (issue 28)', async ({
  page,
  t,
  siteLang,
}) => {
  const story = planStory[siteLang];
  await createAccount(page, { email: freshEmail('plan-library'), password: 'listen-along-1' });
  await page.goto(subscriptionPath(siteLang));
  const monthlyName = t('subscription.monthly');
  await page
    .getByRole('region', { name: t('subscription.plans') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: monthlyName }) })
    .getByRole('button', { name: t('catalogue.addTrack', { title: monthlyName }) })
    .click();
  await expect(page.getByRole('status').filter({ hasText: t('cart.addedToast', { title: monthlyName }) })).toBeVisible();
  await asBrowser(page, (api) => payCart(api, siteLang));

  // My Library: nothing bought, yet every album of the shop is there, marked as included in the plan.
  await page.goto(`/library?search=${encodeURIComponent(story.title)}`);
  await expect(page.getByRole('heading', { level: 1, name: t('library.title') })).toBeVisible();
  await expect(page.getByText(t('library.planNote'))).toBeVisible();
  const card = page
    .getByRole('list', { name: t('library.albums') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: story.title }) });
  await expect(card.getByText(t('library.includedInPlan'), { exact: true })).toBeVisible();
  await card.getByRole('link', { name: t('library.detailsLabel', { title: story.title }) }).click();
  await expect(page).toHaveURL(/\/library\/album\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: story.title })).toBeVisible();
  await expect(page.getByText(t('library.includedInPlan'), { exact: true })).toBeVisible();
  // Every track plays and downloads in full, and the whole album as a ZIP.
  await expect(page.getByRole('button', { name: t('catalogue.playAlbum') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('library.downloadZipLabel', { title: story.title }) })).toBeVisible();
  const product = await asBrowser(
    page,
    async (api) => (await (await api.get(`/crud/product-by-slug/${story.slug}/skus`)).json()) as Product,
  );
  for (const track of product.tracks) {
    await expect(page.getByRole('link', { name: t('library.downloadTrack', { title: track.title }) })).toBeVisible();
  }

  // The story page offers Play for the digital album, not Add to cart; the book still sells.
  await page.goto(`/story/${story.slug}`);
  const offers = page.getByRole('region', { name: t('story.buy') });
  const offer = (name: string) => offers.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  const digital = offer(t('catalogue.digitalAlbum'));
  await expect(digital.getByText(t('story.includedInPlan'), { exact: true })).toBeVisible();
  await expect(digital.getByRole('button', { name: t('story.play'), exact: true })).toBeVisible();
  await expect(
    digital.getByRole('button', { name: t('catalogue.addTrack', { title: t('catalogue.digitalAlbum') }) }),
  ).toHaveCount(0);
  const book = offer(t('catalogue.book'));
  await expect(book.getByRole('button', { name: t('catalogue.addTrack', { title: t('catalogue.book') }) })).toBeVisible();
  await digital.getByRole('link', { name: t('story.openInLibrary') }).click();
  await expect(page).toHaveURL(new RegExp(`${libraryPaths.album(product.id)}$`));
  await expect(page.getByRole('heading', { level: 2, name: story.title })).toBeVisible();
});
