import type { Page } from '@playwright/test';
import { adminPath, type Order, routePath } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, freshEmail, payCart, readMailbox, seriousViolations, signInAsAdmin } from './helpers';

// Issue 29 item 4: the ministry's volunteer finds a family's monthly gift
// among the plans and monthly gifts and cancels it at the period's end on
// the family's behalf; on Donors sees the family's gifts of the year, opens
// its printable statement and e-mails it; the audit log lists both actions.

// axe goes into the donors page as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** Dollars as the page formats them (Intl in the site language). */
const money = (lang: SiteLang, usd: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(usd);

/** Gives $20 once and $15 a month to the ministry (the cart's general donation), paid with the 4242 card through the API. */
function giveOnceAndMonthly(page: Page, lang: SiteLang, title: string) {
  return asBrowser(page, async (api) => {
    const added = await api.post('/crud/cart-session/donations', {
      data: [
        { title, description: '', code: 'general_cart', amount: 20, type: 'donation' },
        { title, description: '', code: 'general_cart', amount: 15, type: 'recurring_donation' },
      ],
    });
    expect(added.status(), `adding the donations: ${await added.text()}`).toBe(200);
    return payCart(api, lang);
  });
}

/** A message with a date in it, as a pattern: the date as the page formats it, whatever it is. */
const DATE = '\u0000';
const withAnyDate = (message: string) => new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(DATE, '.+'));

/**
 * The monthly general gift as the back office names it: the fund's title in
 * the back office's language (decision 038; the demo's, catalogue.seed.ts),
 * not the words the family gave it under.
 */
const monthlyGeneralFund: Record<SiteLang, string> = {
  en: 'General Ministry Donation (monthly)',
  es: 'Donativo general al ministerio (mensual)',
};

/** The back office's navigation. */
const adminNav = (page: Page, t: Translate) => page.getByRole('navigation', { name: t('admin.nav.label') });

test('the admin cancels a family’s monthly gift at the period’s end, sees its gifts on Donors, prints and e-mails its statement', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const email = await createAccount(page, { email: freshEmail('admin-giving'), password: 'listen-along-3' });
  const title = t('cart.generalDonation.name');
  const { orderId } = await giveOnceAndMonthly(page, siteLang, title);
  const order = await asBrowser(page, async (api) => (await (await api.get(`/crud/orders/${orderId}`)).json()) as Order);
  const year = new Date(order.order_created_at).getUTCFullYear();
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto(routePath('admin', siteLang)!);

  await test.step('Plans and monthly gifts: the family’s monthly gift, active, with its next payment; no serious accessibility problem', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.renewals') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.renewals.title') })).toBeVisible();
    const filters = page.getByRole('form', { name: t('admin.renewals.filters') });
    await filters.getByLabel(t('admin.renewals.typeFilter')).selectOption({ label: t('admin.renewals.type.recurring_donation') });
    await filters.getByLabel(t('admin.renewals.statusFilter')).selectOption({ label: t('admin.renewals.state.active') });
    await filters.getByRole('button', { name: t('admin.list.apply') }).click();
    // The filters are in the address: a reload shows the same list.
    await expect(page).toHaveURL(/type=recurring_donation&status=active/);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(monthlyGeneralFund[siteLang]);
    await expect(row).toContainText(t('admin.renewals.perMonth', { amount: money(siteLang, 15) }));
    await expect(row).toContainText(t('admin.renewals.state.active'));
    // The customer links to their page in the back office.
    await expect(row.getByRole('link')).toHaveAttribute('href', /^\/admin\/users\/\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('Cancel at the end of the period: the family’s rules explained, the result announced, the row ends', async () => {
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: t('admin.renewals.cancel') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('admin.renewals.rules'));
    await expect(dialog).toContainText(email);
    // A monthly gift stops only at the end of its period: no "now".
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await expect(dialog.getByRole('radio')).toBeChecked();
    await dialog.getByRole('button', { name: t('admin.renewals.cancelConfirm') }).click();
    await expect(dialog).toBeHidden();
    const fund = monthlyGeneralFund[siteLang];
    await expect(page.getByRole('status').filter({ hasText: fund })).toHaveText(
      withAnyDate(t('admin.renewals.cancelledAtEnd', { title: fund, who: 'Rosa Tester', date: DATE })),
    );
    await expect(row).toContainText(withAnyDate(t('admin.renewals.endsOn', { date: DATE })));
    // The row's Cancel is gone: focus is on the announcement, not lost.
    await expect(page.getByRole('status').filter({ hasText: fund })).toBeFocused();
    await expect(row.getByRole('button', { name: t('admin.renewals.cancel') })).toHaveCount(0);
  });

  await test.step('Donors of the year: the family with its one-time and monthly totals; no serious accessibility problem', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.donors') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.donors.title') })).toBeVisible();
    const filters = page.getByRole('form', { name: t('admin.donors.filters') });
    const years = [0, 1, 2, 3, 4].map((back) => String(new Date().getFullYear() - back));
    await expect(filters.getByLabel(t('admin.donors.year')).getByRole('option')).toHaveText(years);
    await filters.getByLabel(t('admin.donors.year')).selectOption(String(year));
    await filters.getByRole('button', { name: t('admin.list.apply') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('admin.donors.totals', { year: String(year) }) })).toBeVisible();
    const perDonor = page.getByRole('region', { name: t('admin.donors.perDonor') });
    const row = perDonor.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(0)).toContainText(money(siteLang, 20));
    await expect(row.getByRole('cell').nth(1)).toContainText(money(siteLang, 15));
    await expect(row.getByRole('cell').nth(2)).toContainText('2');
    await expect(page.getByRole('region', { name: t('admin.donors.perFund') })).toContainText(title);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('the printable statement: the ministry, the donor, each gift, the total and the ministry’s word', async () => {
    await page
      .getByRole('region', { name: t('admin.donors.perDonor') })
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('link', { name: t('admin.donors.statement') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.statement.title', { year: String(year) }) })).toBeVisible();
    const statement = page.getByRole('article', { name: t('admin.statement.label', { year: String(year) }) });
    await expect(statement).toContainText(t('footer.ministry'));
    await expect(statement).toContainText(email);
    const gifts = statement.getByRole('table').locator('tbody').getByRole('row');
    await expect(gifts).toHaveCount(2);
    await expect(gifts.filter({ hasText: t('admin.statement.monthly') })).toContainText(money(siteLang, 15));
    await expect(gifts.filter({ hasText: t('admin.statement.oneTime') })).toContainText(money(siteLang, 20));
    await expect(statement.getByRole('table')).toContainText(order.order_number);
    await expect(statement.getByRole('row', { name: t('admin.statement.total') })).toContainText(money(siteLang, 35));
    await expect(statement).toContainText(t('admin.statement.note', { ministry: t('footer.ministry') }));
    expect(await seriousViolations(page)).toEqual([]);
    // Print opens the browser's print dialog; on paper the navigation is left out.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await statement.getByRole('button', { name: t('admin.statement.print') }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(adminNav(page, t)).toBeHidden();
    await expect(statement).toBeVisible();
    await expect(statement.getByRole('button', { name: t('admin.statement.print') })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await page.goBack();
  });

  await test.step('E-mail statement, once confirmed: announced, and in the developer mailbox', async () => {
    const row = page
      .getByRole('region', { name: t('admin.donors.perDonor') })
      .getByRole('row')
      .filter({ hasText: email });
    await row.getByRole('button', { name: t('admin.donors.emailStatement') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: t('admin.donors.emailStatement') }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toHaveText(
      t('admin.donors.sent', { email, gifts: 2, total: money(siteLang, 35), year: String(year) }),
    );
    const subject = t('subscriptions.email.statementSubject', { year: String(year) });
    const mail = async () => (await readMailbox()).items.find((m) => m.to === email && m.subject === subject);
    await expect.poll(mail).toBeTruthy();
    expect((await mail())?.text).toContain(order.order_number);
  });

  await test.step('the audit log lists the cancel and the statement', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.audit') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.audit.title') })).toBeVisible();
    const ofFamily = page.getByRole('row').filter({ hasText: email });
    await expect(ofFamily.filter({ hasText: t('admin.audit.action.subscription_cancel') })).toHaveCount(1);
    await expect(ofFamily.filter({ hasText: t('admin.audit.action.donor_statement') })).toHaveCount(1);
  });
});

/** Buys the monthly plan as the page's signed-in family, through the API (subscription-account.spec.ts buys it so too). */
function buyMonthlyPlan(page: Page, lang: SiteLang) {
  return asBrowser(page, async (api) => {
    const offers = (await (await api.get('/crud/subscription-skus')).json()) as { items: { sku_id: number; code: string }[] };
    const plan = offers.items.find((o) => o.code === 'monthly');
    expect((await api.post('/crud/cart-session/skus', { data: { sku_id: plan?.sku_id } })).status(), 'adding the plan').toBe(200);
    await payCart(api, lang);
  });
}

test('a plan offers “now” too, but the family’s rules refuse it within a month of renewal: the server’s message, nothing changed', async ({
  page,
  t,
  siteLang,
}) => {
  const email = await createAccount(page, { email: freshEmail('admin-plan'), password: 'listen-along-3' });
  await buyMonthlyPlan(page, siteLang);
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto(`${adminPath('adminRenewals', siteLang)}?type=subscription`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(t('admin.renewals.type.subscription'));
  await row.getByRole('button', { name: t('admin.renewals.cancel') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await dialog.getByRole('radio', { name: t('admin.renewals.now') }).check();
  await dialog.getByRole('button', { name: t('admin.renewals.cancelConfirm') }).click();
  // A monthly plan's period always ends within a month: it stops only at its end (spec §4).
  await expect(page.getByRole('alert')).toHaveText(t('errors.subscription_cancel_at_end_only'));
  await expect(row).toContainText(t('admin.renewals.state.active'));
  await expect(row.getByRole('button', { name: t('admin.renewals.cancel') })).toBeVisible();
});

// The back office's orders and audit log too (they were a journey of admin-orders.spec.ts's: one account for both).
test('a customer opening the plans, the donors, a statement, the orders or the audit log gets the not-allowed page', async ({
  page,
  t,
  siteLang,
}) => {
  await createAccount(page, { email: freshEmail('not-admin'), password: 'listen-along-1' });
  for (const path of [
    adminPath('adminRenewals', siteLang)!,
    adminPath('adminDonors', siteLang)!,
    '/admin/donors/1/statement',
    adminPath('adminOrders', siteLang)!,
    adminPath('adminAudit', siteLang)!,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: t('accountsLogin.notAllowed') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: t('admin.nav.label') })).toHaveCount(0);
  }
});

/** The demo monthly plan's titles (catalogue.seed.ts). */
const monthlyPlan = { en: 'Monthly plan', es: 'Plan mensual', ru: 'Месячный план' } as const;

test('the admin names the monthly plan in the three languages on Plans and funds: English required, the others say an empty one shows English', async ({
  page,
  t,
  siteLang,
}) => {
  await signInAsAdmin(page);
  await page.goto(routePath('admin', siteLang)!);
  await adminNav(page, t)
    .getByRole('link', { name: t('admin.nav.shopTitles') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('admin.shopTitles.title') })).toBeVisible();
  const label = t('admin.shopTitles.formLabel', {
    kind: t('admin.shopTitles.kind.subscription'),
    title: monthlyPlan[siteLang],
  });
  const form = page.getByRole('form', { name: label });
  const titleIn = (lang: keyof typeof monthlyPlan) => form.getByRole('textbox', { name: t(`admin.titles.in.${lang}`) });
  for (const lang of ['en', 'es', 'ru'] as const) await expect(titleIn(lang)).toHaveValue(monthlyPlan[lang]);
  await expect(titleIn('es')).toHaveAccessibleDescription(t('admin.titles.fallback.es'));
  await expect(titleIn('ru')).toHaveAccessibleDescription(t('admin.titles.fallback.ru'));
  expect(await seriousViolations(page)).toEqual([]);

  // English is required: the form says so and sends nothing.
  await titleIn('en').fill('');
  await form.getByRole('button', { name: t('admin.titles.save') }).click();
  await expect(titleIn('en')).toHaveAccessibleDescription(new RegExp(t('validation.required')));
  await titleIn('en').fill(monthlyPlan.en);

  // The Russian title changed (no journey reads the Russian site), kept after a reload, then put back.
  for (const title of ['Истории каждый месяц', monthlyPlan.ru]) {
    await titleIn('ru').fill(title);
    await form.getByRole('button', { name: t('admin.titles.save') }).click();
    await expect(form.getByRole('status')).toHaveText(t('admin.shopTitles.saved', { name: monthlyPlan[siteLang] }));
    await page.reload();
    await expect(titleIn('ru')).toHaveValue(title);
  }
});
