import type { Page } from '@playwright/test';
import { routePath } from '@storyhouse/contracts';
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

test('a family whose plan is active is told so, and not sold a second one (issue 28: one plan at a time)', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
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
