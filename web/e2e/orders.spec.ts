import type { APIRequestContext, Page } from '@playwright/test';
import type { CartTotal, Product } from '@storyhouse/contracts';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, freshEmail, loginFromPage, readMailbox, seriousViolations, signIn } from './helpers';

// Issue 13 items 6 and 9; spec §2 My orders and /claim-gift/{hash}, §8 Gift
// claim, §9 Paging. My orders of a new account (empty), of an account that
// paid for an album with the test processor's card, and a gift link opened
// by a visitor, who logs in and comes back to it.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

const PASSWORD = 'listen-along-8';

/** A demo story with a digital album, per site language (the cart journeys' own). */
const albumSlug: Record<SiteLang, string> = { en: 'noahs-big-boat', es: 'jesus-vive' };

/** A fresh account of the test's own, the browser signed in to it; returns its e-mail. */
const signedInAsNewAccount = (page: Page) => createAccount(page, { email: freshEmail('orders'), password: PASSWORD });

/** Pays for the cart of the page's signed-in browser with the test processor's 4242 card, as the payment page does. */
async function payCart(api: APIRequestContext, lang: SiteLang) {
  const total = (await (await api.get('/crud/cart-session/total')).json()) as CartTotal;
  const token = await api.post('/crud/test-payments/tokens', {
    data: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Grace' },
  });
  expect(token.status(), `card token: ${await token.text()}`).toBe(200);
  const { id } = (await token.json()) as { id: string };
  const paid = await api.post('/crud/purchases', {
    // A monthly donation renews with the card: it is kept (spec §5 Payment).
    data: { stripe_token: id, expected_total: total.fullTotal, cart_id: total.cart.id, lang_code: lang, save_card: true },
  });
  expect(paid.status(), `purchase: ${await paid.text()}`).toBe(200);
  const { order_id } = (await paid.json()) as { order_id: number };
  return { orderId: order_id, total: total.fullTotal };
}

/** Buys the story's digital album as the page's signed-in browser, through the API. */
function buyAlbum(page: Page, lang: SiteLang) {
  return asBrowser(page, async (api) => {
    const product = (await (await api.get(`/crud/product-by-slug/${albumSlug[lang]}/skus`)).json()) as Product;
    const added = await api.post('/crud/cart-session/skus', { data: { sku_id: product.digitalAlbum?.id } });
    expect(added.status(), 'adding the album').toBe(200);
    return { product, ...(await payCart(api, lang)) };
  });
}

/** Gives `title` to the ministry every month (the cart's general donation), paid through the API. */
function giveMonthly(page: Page, lang: SiteLang, title: string) {
  return asBrowser(page, async (api) => {
    const added = await api.post('/crud/cart-session/donations', {
      data: [{ title, description: '', code: 'general_cart', amount: 15, type: 'recurring_donation' }],
    });
    expect(added.status(), `adding the monthly donation: ${await added.text()}`).toBe(200);
    return payCart(api, lang);
  });
}

/** The claim link (/claim-gift/{hash}) of the gift e-mail sent to `email`, once the outbox has it. */
async function claimLink(email: string) {
  const mail = (await readMailbox()).items.find((m) => m.to.includes(email));
  return /\/claim-gift\/\S+/.exec(mail?.text ?? '')?.[0];
}

test('a new account has no orders yet and is shown the way to the shop', { tag: '@i18n' }, async ({ page, t }) => {
  await signedInAsNewAccount(page);
  await page.goto('/account/orders');
  await expect(page.getByRole('heading', { level: 1, name: t('orders.page.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('orders.page.empty') })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: t('orders.page.shopLink') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a paid order shows in My orders with its status, items and total', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  await signedInAsNewAccount(page);
  const { product, orderId, total } = await buyAlbum(page, siteLang);
  const money = new Intl.NumberFormat(siteLang, { style: 'currency', currency: 'USD' });

  // From the account menu, as a family would look for it.
  await page.goto('/');
  await page.getByRole('button', { name: t('shell.myAccount') }).click();
  await page.getByRole('link', { name: t('shell.myOrders') }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: t('orders.page.title') })).toBeVisible();

  await expect(page.getByRole('list', { name: t('orders.page.list') }).getByRole('article')).toHaveCount(1);
  const order = page.getByRole('article', { name: t('orders.page.number', { number: orderId }) });
  await expect(order.getByText(t('orders.status.paid'), { exact: true })).toBeVisible();
  await expect(order.getByRole('listitem').filter({ hasText: product.title })).toContainText(t('cart.type.digital_album'));
  await expect(order.getByRole('definition').last()).toHaveText(money.format(total));
  await expect(order.getByText(t('orders.page.paidWithCard', { last4: '4242' }))).toBeVisible();
  // No paging for a single order (spec §9).
  await expect(page.getByRole('navigation', { name: t('orders.page.paging') })).toHaveCount(0);

  // The same list at the shop's address (spec §2 route table).
  await page.goto('/shop/orders');
  await expect(page.getByRole('article', { name: t('orders.page.number', { number: orderId }) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a monthly donation is cancelled from its order, after a confirmation', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  await signedInAsNewAccount(page);
  const title = t('cart.generalDonation.name');
  const { orderId } = await giveMonthly(page, siteLang, title);
  await page.goto('/account/orders');
  const order = page.getByRole('article', { name: t('orders.page.number', { number: orderId }) });
  await expect(order.getByRole('listitem').filter({ hasText: title })).toContainText(t('cart.type.recurring_donation'));
  const cancel = order.getByRole('button', { name: t('orders.donation.cancelLabel', { title }) });

  // Keeping it changes nothing.
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: t('orders.donation.confirmTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('orders.donation.keep') }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeEnabled();

  await cancel.click();
  await dialog.getByRole('button', { name: t('orders.donation.confirm') }).click();
  await expect(order.getByRole('status')).toHaveText(t('orders.donation.cancelled'));
  await expect(cancel).toHaveCount(0);

  // The server says so too: after a reload the item still reads Cancelled, with no button.
  await page.reload();
  await expect(order.getByRole('status')).toHaveText(t('orders.donation.cancelled'));
  await expect(order.getByRole('button', { name: t('orders.donation.cancelLabel', { title }) })).toHaveCount(0);
});

test.describe('gift claim', () => {
  // The bogus link's claim is refused on purpose (spec §8 gift_unavailable).
  test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/gift-claim$/ }] });

  test('a visitor opening a gift link logs in, comes back, and hears that the gift is not there', { tag: '@i18n' }, async ({
    page,
    t,
  }) => {
    const email = await createAccount(page, { email: freshEmail('gift'), password: PASSWORD }, { signIn: false });
    const link = `/claim-gift/not-a-real-gift-${Date.now()}`;

    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/login\\?back_location=${encodeURIComponent(link)}$`));
    // The login page offers to create an account instead, coming back here too.
    await expect(page.getByRole('link', { name: t('accountsLogin.createAccount') })).toHaveAttribute(
      'href',
      `/create-account?back_location=${encodeURIComponent(link)}`,
    );
    await loginFromPage(page, t, { email, password: PASSWORD });

    // Login is bounded by the password hash (scrypt) by design: on a busy machine it takes a while (login.spec.ts).
    await expect(page).toHaveURL(new RegExp(`${link}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: t('giftClaim.title') })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(t('errors.gift_unavailable'));
    await expect(page.getByRole('main').getByRole('link', { name: t('giftClaim.shopLink') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the recipient of a gift card claims it and finds it among their gift cards', { tag: '@i18n' }, async ({
    page,
    t,
    siteLang,
  }) => {
    // A sender buys a $30 gift card for a new recipient, in a browser context of their own.
    const recipient = await createAccount(page, { email: freshEmail('recipient'), password: PASSWORD }, { signIn: false });
    const sender = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
    if (!sender) throw new Error('no browser');
    const senderPage = await sender.newPage();
    await signedInAsNewAccount(senderPage);
    await asBrowser(senderPage, async (api) => {
      const added = await api.post('/crud/cart-session/gift-card', {
        data: { amount: 30, name: 'Rosa', email: recipient, message: '' },
      });
      expect(added.status(), `adding the gift card: ${await added.text()}`).toBe(200);
      await payCart(api, siteLang);
    });
    await sender.close();

    // The claim link of the recipient's e-mail (the outbox sends it after the order).
    await expect.poll(() => claimLink(recipient)).toBeTruthy();
    const link = (await claimLink(recipient)) as string;

    await signIn(page, { email: recipient, password: PASSWORD });
    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: t('giftClaim.giftCardAdded') })).toBeVisible();
    await page.getByRole('link', { name: t('giftClaim.seeGiftCards') }).click();
    const money = new Intl.NumberFormat(siteLang, { style: 'currency', currency: 'USD' }).format(30);
    const records = page.getByRole('region', { name: t('account.giftCards.title') });
    await expect(records.getByRole('row').nth(1)).toContainText(money);

    // The link is good once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(t('errors.gift_unavailable'));
  });

  test('a gift link without its code goes on to the library', async ({ page }) => {
    await signedInAsNewAccount(page);
    await page.goto('/claim-gift');
    await expect(page).toHaveURL(/\/library$/);
  });
});
