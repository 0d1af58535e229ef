import type { Page } from '@playwright/test';
import type { Order } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { apiGet, asBrowser, createAccount, freshEmail, payCart, readMailbox, seriousViolations } from './helpers';
import { overflow } from './page-width';

// Issue 28 item 5: a donor's year-end giving statement, e-mailed from Account
// settings: a year without gifts is refused with the server's message, a year
// with a gift is sent, and the e-mail is in the developer mailbox.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** Dollars as the page formats them (Intl in the site language). */
const money = (lang: SiteLang, usd: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(usd);

/** Gives $20 once to the ministry (the cart's general donation), paid with the 4242 card through the API. */
function giveOnce(page: Page, lang: SiteLang, title: string) {
  return asBrowser(page, async (api) => {
    const added = await api.post('/crud/cart-session/donations', {
      data: [{ title, description: '', code: 'general_cart', amount: 20, type: 'donation' }],
    });
    expect(added.status(), `adding the donation: ${await added.text()}`).toBe(200);
    return payCart(api, lang);
  });
}

const statementSection = (page: Page, t: Translate) => page.getByRole('region', { name: t('account.giving.title') });

test('a new family finds no gifts to report, gives once, and e-mails itself the year’s giving statement', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const email = await createAccount(page, { email: freshEmail('giving'), password: 'listen-along-8' });
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: t('account.title.settings') })).toBeVisible();
  const section = statementSection(page, t);
  await expect(section.getByRole('heading', { level: 2, name: t('account.giving.title') })).toBeVisible();
  await expect(section.getByText(t('account.giving.text'))).toBeVisible();
  const yearSelect = section.getByRole('combobox', { name: t('account.giving.year') });
  const send = section.getByRole('button', { name: t('account.giving.submit') });

  // Nothing given yet this year: the server's refusal, and the button ready for another year.
  const year = new Date().getFullYear();
  await expect(yearSelect.getByRole('option')).toHaveText([0, 1, 2, 3, 4].map((back) => String(year - back)));
  await yearSelect.selectOption(String(year));
  await send.click();
  await expect(section.getByRole('alert')).toHaveText(t('errors.giving_statement_empty', { year: String(year) }));
  await expect(send).not.toHaveAttribute('aria-disabled');
  await expect(send).toBeFocused();

  // A one-time gift through the cart, paid; then, on the same page, the statement of the year it was given (paid_at's
  // calendar year, as the server counts it).
  const title = t('cart.generalDonation.name');
  const { orderId } = await giveOnce(page, siteLang, title);
  const order = await apiGet<Order>(page, `/crud/orders/${orderId}`);
  const givenIn = new Date(order.order_created_at).getUTCFullYear();
  await yearSelect.selectOption(String(givenIn));
  expect(await seriousViolations(page)).toEqual([]);
  // The request is held until the button has said it is sending (and ignores a second press).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/crud/giving-statement*', async (route) => {
    await held;
    await route.continue();
  });
  await send.click();
  const sending = section.getByRole('button', { name: t('account.giving.sending') });
  await expect(sending).toHaveAttribute('aria-disabled', 'true');
  await expect(sending).toBeFocused();
  release();
  await expect(section.getByRole('status')).toHaveText(
    t('account.giving.sent', { email, gifts: 1, total: money(siteLang, 20), year: String(givenIn) }),
  );
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(send).toBeFocused();

  // On a phone the section, its answer included, fits the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  const { width, scroll, culprits, clipped } = await overflow(page);
  expect({ wider: scroll > width, culprits, clipped }).toEqual({ wider: false, culprits: [], clipped: [] });

  // The statement is in the developer mailbox, in the site language, with the gift and its total.
  const subject = t('subscriptions.email.statementSubject', { year: String(givenIn) });
  const statement = async () => (await readMailbox()).items.find((m) => m.to === email && m.subject === subject);
  await expect.poll(statement).toBeTruthy();
  const mail = await statement();
  expect(mail?.lang_code).toBe(siteLang);
  expect(mail?.text).toContain(order.order_number);
  expect(mail?.text).toContain(t('subscriptions.email.statementTotal', { year: String(givenIn) }));
});
