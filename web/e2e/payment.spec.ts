import type { Locator, Page } from '@playwright/test';
import { type CartTotal, type Product, stateName } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, freshEmail, seriousViolations } from './helpers';

// Spec §2 /payment (checkout step 2 of 2, then the confirmation), §4
// Payment, §5 Payment, §8 Payment and Card delete, with the built-in test
// processor (issue 13): its test cards behave as Stripe's do in test mode.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** A demo story with a digital album (server/demo/catalogue.json): nothing ships, so the cart goes straight to /payment. */
const demoAlbum: Record<SiteLang, string> = { en: 'noahs-big-boat', es: 'jesus-vive' };
/** Another one, for a second order. */
const secondAlbum: Record<SiteLang, string> = { en: 'david-the-shepherd-boy', es: 'rut-la-amiga-fiel' };

const money = (lang: SiteLang, usd: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(usd);
const countryName = (lang: SiteLang, code: string) => new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
/** The field whose label starts with `label` (its required mark follows). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const field = (scope: Locator, label: string) => scope.getByLabel(startsWith(label));

/** Puts a story's digital album in the browser's cart; answers the cart's total. */
function addAlbum(page: Page, slug: string): Promise<CartTotal> {
  return asBrowser(page, async (api) => {
    const product = (await (await api.get(`/crud/product-by-slug/${slug}/skus`)).json()) as Product;
    const added = await api.post('/crud/cart-session/skus', { data: { sku_id: product.digitalAlbum?.id } });
    expect(added.status(), 'adding the album').toBe(200);
    return (await added.json()) as CartTotal;
  });
}

/** A fresh family of the test's own, signed in, with the demo album in its cart; answers the cart's total. */
async function familyWithAlbum(page: Page, lang: SiteLang): Promise<CartTotal> {
  await createAccount(page, { email: freshEmail('payment'), password: 'listen-along-8', firstName: 'Rosa', lastName: 'Tester' });
  return addAlbum(page, demoAlbum[lang]);
}

const paymentForm = (page: Page, t: Translate) => page.getByRole('form', { name: t('payment.stepName') });

/** Opens /payment and gives a US billing address (the account's names and e-mail are there already). */
async function openWithBillingAddress(page: Page, t: Translate, lang: SiteLang) {
  await page.goto('/payment');
  await expect(page.getByRole('heading', { level: 1, name: t('payment.title') })).toBeVisible();
  await expect(page.getByText(t('checkout.step', { step: 2, total: 2 }), { exact: true })).toBeVisible();
  const billing = paymentForm(page, t).getByRole('group', { name: t('payment.billing.title') });
  await expect(field(billing, t('account.fields.firstName'))).toHaveValue('Rosa');
  await field(billing, t('account.fields.phone')).fill('312 555 0100');
  await field(billing, t('account.fields.address')).fill('100 N State St');
  await field(billing, t('account.fields.country')).selectOption({ label: countryName(lang, 'US') });
  await field(billing, t('account.fields.state')).selectOption({ label: stateName(lang, 'IL', 'Illinois') });
  await field(billing, t('account.fields.city')).fill('Chicago');
  await field(billing, t('account.fields.zip')).fill('60602');
}

/** Types a card into the card field. */
async function enterCard(page: Page, t: Translate, number: string) {
  const form = paymentForm(page, t);
  await field(form, t('payment.card.number')).fill(number);
  await field(form, t('payment.card.expiry')).fill('1234');
  await field(form, t('payment.card.cvc')).fill('123');
  await field(form, t('payment.card.name')).fill('Rosa Tester');
}

const payButton = (page: Page, t: Translate, lang: SiteLang, total: number) =>
  paymentForm(page, t).getByRole('button', { name: t('payment.pay', { amount: money(lang, total) }) });

/** The confirmation: its order number (spec §2: the order number and the receipt-by-e-mail message). */
async function confirmedOrder(page: Page, t: Translate): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: t('payment.confirmation.title') })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order') as string;
  await expect(page.getByText(t('payment.confirmation.text', { number: orderId }))).toBeVisible();
  return orderId;
}

test('a family pays for an album with a new card, saves it, sees the confirmation, and finds the card in settings', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  test.setTimeout(90_000);
  const cart = await familyWithAlbum(page, siteLang);
  await openWithBillingAddress(page, t, siteLang);
  const form = paymentForm(page, t);

  // The number is spaced and its brand named as it is typed; a mistyped one is refused on the spot.
  const number = field(form, t('payment.card.number'));
  await number.fill('4242424242424241');
  await expect(number).toHaveValue('4242 4242 4242 4241');
  await expect(form.getByText(t('payment.card.brand.visa'), { exact: true })).toBeVisible();
  await expect(number).toHaveAccessibleDescription(startsWith(t('payment.card.numberIncorrect')));
  await enterCard(page, t, '4242424242424242');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await expect(number).not.toHaveAttribute('aria-invalid');
  await form.getByRole('checkbox', { name: t('payment.saveCard') }).check();
  expect(await seriousViolations(page)).toEqual([]);

  await payButton(page, t, siteLang, cart.fullTotal).click();
  await confirmedOrder(page, t);
  // The cart is empty now: the header's counter says so.
  await expect(page.getByRole('banner').getByRole('link', { name: t('shell.cart'), exact: true })).toBeVisible();
  // A reload keeps the confirmation.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('payment.confirmation.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('payment.confirmation.orders') })).toHaveAttribute('href', '/account/orders');

  // The saved card, in settings (spec §7 GET /crud/stripe/customer/{id}/card).
  await page.goto('/account/settings');
  const cards = page.getByRole('region', { name: t('account.cards.title') });
  const label = t('payment.savedCard', { brand: t('payment.card.brand.visa'), last4: '4242', exp: '12/34' });
  await expect(cards.getByText(label)).toBeVisible();
  // Deleting asks first (spec §5 Confirmations); keeping it changes nothing, confirming removes it.
  await cards.getByRole('button', { name: t('account.cards.deleteLabel', { card: label }) }).click();
  const dialog = page.getByRole('dialog', { name: t('account.cards.confirmTitle') });
  await dialog.getByRole('button', { name: t('account.cards.confirmCancel') }).click();
  await expect(cards.getByText(label)).toBeVisible();
  await cards.getByRole('button', { name: t('account.cards.deleteLabel', { card: label }) }).click();
  await dialog.getByRole('button', { name: t('account.cards.delete') }).click();
  await expect(cards.getByText(t('account.cards.none'))).toBeVisible();
});

test('a second order pays with the card saved by the first', async ({ page, t, siteLang }) => {
  test.setTimeout(90_000);
  const first = await familyWithAlbum(page, siteLang);
  await openWithBillingAddress(page, t, siteLang);
  await enterCard(page, t, '5555555555554444');
  await paymentForm(page, t)
    .getByRole('checkbox', { name: t('payment.saveCard') })
    .check();
  await payButton(page, t, siteLang, first.fullTotal).click();
  await confirmedOrder(page, t);

  const second = await addAlbum(page, secondAlbum[siteLang]);
  await openWithBillingAddress(page, t, siteLang);
  const saved = t('payment.savedCard', { brand: t('payment.card.brand.mastercard'), last4: '4444', exp: '12/34' });
  const cards = paymentForm(page, t).getByRole('group', { name: t('payment.method.choose') });
  await expect(cards.getByRole('radio', { name: saved })).toBeChecked();
  // A saved card needs no card field.
  await expect(field(paymentForm(page, t), t('payment.card.number'))).toHaveCount(0);
  await payButton(page, t, siteLang, second.fullTotal).click();
  await confirmedOrder(page, t);
});

test('a cart made free by GRACE100 has no card to give: Place free order', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  await familyWithAlbum(page, siteLang);
  await asBrowser(page, async (api) => {
    const coupon = (await (await api.get('/crud/coupon/code/GRACE100')).json()) as { id: number };
    expect((await api.post('/crud/cart-session/coupons', { data: { coupon_id: coupon.id } })).status()).toBe(200);
  });
  await page.goto('/payment');
  const form = paymentForm(page, t);
  await expect(form.getByText(t('payment.free.text', { amount: money(siteLang, 0) }))).toBeVisible();
  await expect(field(form, t('payment.card.number'))).toHaveCount(0);
  await form.getByRole('button', { name: t('payment.free.place') }).click();
  await confirmedOrder(page, t);
});

test.describe('a declined card', () => {
  // The processor's refusal is a 402 (Chromium logs it); the test provokes it.
  test.use({ expectedApiErrors: [{ status: 402, path: /^\/crud\/purchases$/ }] });

  test('shows the decline and gives the Pay button back', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
    const cart = await familyWithAlbum(page, siteLang);
    await openWithBillingAddress(page, t, siteLang);
    await enterCard(page, t, '4000000000000002');
    await payButton(page, t, siteLang, cart.fullTotal).click();

    await expect(paymentForm(page, t).getByRole('alert')).toHaveText(t('errors.payment_card_declined'));
    await expect(payButton(page, t, siteLang, cart.fullTotal)).not.toHaveAttribute('aria-disabled');
    await expect(page).toHaveURL(/\/payment$/);
  });
});

test('Pay with card errors says to fix them first and sends nothing', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  const cart = await familyWithAlbum(page, siteLang);
  await openWithBillingAddress(page, t, siteLang);
  const form = paymentForm(page, t);
  await field(form, t('payment.card.number')).fill('4242 4242');
  await field(form, t('payment.card.expiry')).fill('0120');
  let purchases = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/crud/purchases')) purchases++;
  });
  await payButton(page, t, siteLang, cart.fullTotal).click();

  await expect(form.getByRole('alert')).toHaveText(t('payment.fixCardErrors'));
  await expect(field(form, t('payment.card.number'))).toHaveAccessibleDescription(startsWith(t('payment.card.numberIncomplete')));
  await expect(field(form, t('payment.card.expiry'))).toHaveAccessibleDescription(t('payment.card.expiryPast'));
  expect(purchases).toBe(0);
});

test('a card that requires authentication opens the bank’s dialog; completing it places the order', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const cart = await familyWithAlbum(page, siteLang);
  await openWithBillingAddress(page, t, siteLang);
  await enterCard(page, t, '4000002760003184');
  await payButton(page, t, siteLang, cart.fullTotal).click();

  const dialog = page.getByRole('dialog', { name: t('payment.auth.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t('payment.auth.text', { amount: money(siteLang, cart.fullTotal) }))).toBeVisible();
  // Modal: the safe choice has the focus; the page behind says Processing… until the answer.
  await expect(dialog.getByRole('button', { name: t('payment.auth.fail') })).toBeFocused();
  await expect(paymentForm(page, t).getByRole('button', { name: t('payment.processing') })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await dialog.getByRole('button', { name: t('payment.auth.approve') }).click();
  await confirmedOrder(page, t);
});

test.describe('failing the authentication', () => {
  test.use({ expectedApiErrors: [{ status: 402, path: /^\/crud\/purchases\/\d+\/confirm$/ }] });

  test('says the bank could not confirm the payment, and Pay comes back', async ({ page, t, siteLang }) => {
    const cart = await familyWithAlbum(page, siteLang);
    await openWithBillingAddress(page, t, siteLang);
    await enterCard(page, t, '4000002760003184');
    await payButton(page, t, siteLang, cart.fullTotal).click();
    await page
      .getByRole('dialog', { name: t('payment.auth.title') })
      .getByRole('button', { name: t('payment.auth.fail') })
      .click();

    await expect(paymentForm(page, t).getByRole('alert')).toHaveText(t('errors.payment_authentication_failed'));
    await expect(payButton(page, t, siteLang, cart.fullTotal)).toBeVisible();
  });
});
