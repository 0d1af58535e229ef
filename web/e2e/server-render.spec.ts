import type { CartTotal, Product } from '@storyhouse/contracts';
import { demoPage, expect, mainNavigation, test, translator } from './fixtures';
import { asBrowser, buyDigitalAlbum, createAccount, freshEmail } from './helpers';

// Decision 015: the pages that exist for visitors and search engines arrive
// rendered by the server. Without any script they show their content; with
// scripts the app takes that markup over (hydration). A markup the browser's
// first render disagrees with is a console error, which fails every journey
// (fixtures.ts), so each journey on these pages also checks the hydration.

const stories = { en: 'The First Christmas', es: 'Rut, la amiga fiel' } as const;
const storySlugs = { en: 'the-first-christmas', es: 'rut-la-amiga-fiel' } as const;

test('a page for visitors shows its content before any script has run', { tag: '@i18n' }, async ({
  browser,
  baseURL,
  siteLang,
}) => {
  const t = translator(siteLang);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const h1 = page.getByRole('heading', { level: 1 });

  await page.goto('/');
  await expect(h1).toHaveText(demoPage(siteLang, '/index').title);
  await expect(mainNavigation(page, t)).toContainText(siteLang === 'es' ? 'Tienda' : 'Shop');

  await page.goto(siteLang === 'es' ? '/tienda' : '/shop');
  await expect(h1).toHaveText(t('shop.title'));
  await expect(page.getByRole('list', { name: t('shop.products') }).getByRole('link', { name: stories[siteLang] })).toBeVisible();

  await page.goto(`/story/${storySlugs[siteLang]}`);
  await expect(h1).toHaveText(stories[siteLang]);
  await expect(page.getByRole('img', { name: t('catalogue.coverAlt', { title: stories[siteLang] }) })).toBeVisible();

  const privacy = siteLang === 'es' ? '/privacidad' : '/privacy';
  await page.goto(privacy);
  await expect(h1).toHaveText(demoPage(siteLang, privacy).title);

  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(h1).toHaveText(t('notFound.title'));
  await context.close();
});

test('the app takes over a rendered story page, and its buttons then work', async ({ page }) => {
  const t = translator('en');
  await page.goto('/story/the-first-christmas');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  // Rendered once: the app took the server's markup over instead of adding its own beside it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page
    .getByRole('button', { name: t('catalogue.addToCart') })
    .first()
    .click();
  await expect(page.getByRole('link', { name: t('catalogue.viewCart') }).first()).toBeVisible();
});

test('the page as opened is there at first paint; a page the visitor moves to fades in', async ({ page, t, homeTitle }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
  await expect(page.locator('.cms-fade')).toHaveCount(0);

  await mainNavigation(page, t).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('shop.title') })).toBeVisible();
  await mainNavigation(page, t).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
  await expect(page.locator('.cms-fade')).toHaveCount(1);
});

/** A story whose CD a family leaves in the cart. */
const cartStories = { en: 'david-the-shepherd-boy', es: 'daniel-y-los-leones' } as const;

test('a signed-in family’s library, orders, cart and both checkout steps arrive rendered, with their own data, and the app takes them over', async ({
  page,
  browser,
  baseURL,
  siteLang,
}) => {
  test.setTimeout(90_000);
  const t = translator(siteLang);
  await createAccount(page, { email: freshEmail('rendered-family'), password: 'listen-along-8' });
  await buyDigitalAlbum(page, storySlugs[siteLang], siteLang);
  const cd = await asBrowser(page, async (api) => {
    const product = (await (await api.get(`/crud/product-by-slug/${cartStories[siteLang]}/skus`)).json()) as Product;
    const added = await api.post('/crud/cart-session/skus', { data: { sku_id: product.physicalAlbum?.id } });
    expect(added.status()).toBe(200);
    // Shipped to a saved address: both checkout steps show their forms.
    const { cart } = (await (await api.get('/crud/cart-session/total')).json()) as CartTotal;
    const shipTo = { fname: 'Rosa', lname: 'Tester', email: 'rosa@example.test', phone: '555-010-2030', line1: '12 Garden Lane' };
    const address = { ...shipTo, country_id: 33, state: 'CA', city: 'Fresno', postal_code: '93701' };
    expect((await api.post(`/crud/cart/${cart.id}/address/shipping`, { data: address })).status()).toBe(200);
    return product.title;
  });

  // Without any script: the pages as the server sent them, for this family's session.
  const still = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await still.addCookies(await page.context().cookies());
  const noScript = await still.newPage();
  const h1 = noScript.getByRole('heading', { level: 1 });
  await noScript.goto('/library');
  await expect(h1).toHaveText(t('library.title'));
  await expect(noScript.getByRole('main')).toContainText(stories[siteLang]);
  await noScript.goto('/account/orders');
  await expect(h1).toHaveText(t('orders.page.title'));
  await expect(noScript.getByRole('main')).toContainText(stories[siteLang]);
  await noScript.goto('/cart');
  await expect(h1).toHaveText(t('cart.title'));
  await expect(noScript.getByRole('main')).toContainText(cd);
  await noScript.goto('/checkout');
  await expect(h1).toHaveText(t('checkout.title'));
  await expect(noScript.getByRole('main')).toContainText(cd);
  await noScript.goto('/payment');
  await expect(h1).toHaveText(t('payment.title'));
  await expect(noScript.getByRole('main')).toContainText(cd);
  await still.close();

  // A visitor's browser gets none of it: the page is left to the app, which sends them to log in.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/library');
  expect(await visitorPage.content()).not.toContain(stories[siteLang]);
  await visitor.close();

  // With scripts: the app takes the markup over (a mismatch is a console error, failing the journey).
  await page.goto('/library');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toContainText(stories[siteLang]);
  await page.goto('/cart');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: t('cart.title') })).toHaveCount(1);
  await page.goto('/checkout');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: t('checkout.title') })).toHaveCount(1);
  await page.goto('/payment');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: t('payment.title') })).toHaveCount(1);
});
