import type { Page } from '@playwright/test';
import { adminPath, CANADIAN_PROVINCES, type Product, routePath, stateName } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, freshEmail, payCart, seriousViolations, signInAsAdmin } from './helpers';

// Issue 30 item 4: the ministry's volunteer creates a coupon in the back
// office, titled in the three languages (decision 038), a family uses it in
// the cart (reading its title in the site's language) and pays, the
// volunteer withdraws it (used: kept, inactive), finds the family's order
// among its uses and leaves its Spanish title empty; then changes a
// shipping rate.

// axe goes into the pages as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** A demo story with a digital album, per site. */
const story: Record<SiteLang, string> = { en: 'noahs-big-boat', es: 'jesus-vive' };

/** A Canadian territory per site, whose tax rate the journey adds, changes and removes (no other journey taxes there). */
const territory: Record<SiteLang, string> = { en: 'YT', es: 'NU' };

/** The coupon's title in each language, as the volunteer types them. */
const titles = { en: 'Harvest: 20% off', es: 'Cosecha: 20 % de descuento', ru: 'Урожай: скидка 20 %' } as const;

/** The back office's navigation. */
const adminNav = (page: Page, t: Translate) => page.getByRole('navigation', { name: t('admin.nav.label') });
const announcement = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('the admin creates a coupon, a family uses it, the admin withdraws it and sees it used; a shipping rate changes', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  // Five parts of the back office, one after another.
  test.setTimeout(90_000);
  const code = `E2E${siteLang.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await signInAsAdmin(page);
  await page.goto(routePath('admin', siteLang)!);

  await test.step('Coupons: the form says what is wrong, then creates a 20% coupon for 5 orders', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.coupons') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.coupons.title') })).toBeVisible();
    const form = page.getByRole('form', { name: t('admin.coupons.new') });
    await form.getByRole('textbox', { name: t('admin.coupons.code') }).fill(code);
    // One title per language: English required, the others say an empty one shows English.
    const titleIn = (lang: keyof typeof titles) => form.getByRole('textbox', { name: t(`admin.titles.in.${lang}`) });
    await expect(titleIn('es')).toHaveAccessibleDescription(t('admin.titles.fallback.es'));
    await expect(titleIn('ru')).toHaveAccessibleDescription(t('admin.titles.fallback.ru'));
    await titleIn('en').fill('Harvest <b>');
    const percent = form.getByRole('textbox', { name: t('admin.coupons.percent') });
    await percent.fill('150');
    await form.getByRole('button', { name: t('admin.coupons.create') }).click();
    await expect(titleIn('en')).toHaveAccessibleDescription(
      new RegExp(t('admin.shop.noMarkup').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await expect(percent).toHaveAccessibleDescription(t('validation.tooBig', { max: 100 }));
    await titleIn('en').fill(titles.en);
    await titleIn('es').fill(titles.es);
    await titleIn('ru').fill(titles.ru);
    await percent.fill('20');
    await form.getByRole('textbox', { name: t('admin.coupons.limit') }).fill('5');
    await form.getByRole('button', { name: t('admin.coupons.create') }).click();
    await expect(announcement(page, t('admin.coupons.created', { code }))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(t('admin.coupons.percentOff', { percent: 20 }));
    await expect(row).toContainText(t('admin.coupons.usesOf', { used: 0, limit: 5 }));
    await expect(row).toContainText(t('admin.coupons.state.active'));
    // The list names it in the back office's language.
    await expect(row).toContainText(titles[siteLang]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('a family types the code in its cart (in small letters) and pays with it', async () => {
    await page.context().clearCookies();
    await createAccount(page, { email: freshEmail('coupon-family'), password: 'listen-along-3' });
    await asBrowser(page, async (api) => {
      const product = (await (await api.get(`/crud/product-by-slug/${story[siteLang]}/skus`)).json()) as Product;
      const added = await api.post('/crud/cart-session/skus', { data: { sku_id: product.digitalAlbum?.id } });
      expect(added.status(), 'adding the album').toBe(200);
    });
    await page.goto(routePath('cart', siteLang)!);
    const section = page.getByRole('region', { name: t('cart.coupon.title') });
    await section.getByRole('textbox', { name: t('cart.coupon.code') }).fill(code.toLowerCase());
    await section.getByRole('button', { name: t('cart.coupon.apply') }).click();
    await expect(announcement(page, t('cart.coupon.applied', { code }))).toBeAttached();
    // In the site's language: the Spanish site shows the Spanish title.
    await expect(section).toContainText(titles[siteLang]);
    await asBrowser(page, (api) => payCart(api, siteLang));
  });

  await test.step('the admin withdraws it after a confirmation: used once, it is kept, withdrawn', async () => {
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto(adminPath('adminCoupons', siteLang)!);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(t('admin.coupons.usesOf', { used: 1, limit: 5 }));
    await row.getByRole('button', { name: t('admin.coupons.withdrawFor', { code }) }).click();
    const dialog = page.getByRole('dialog', { name: t('admin.coupons.withdrawTitle', { code }) });
    await expect(dialog).toContainText(t('admin.coupons.withdrawText', { code }));
    await dialog.getByRole('button', { name: t('admin.coupons.withdraw') }).click();
    await expect(announcement(page, t('admin.coupons.withdrawn', { code }))).toBeFocused();
    await expect(row).toContainText(t('admin.coupons.state.withdrawn'));
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  await test.step('its page lists the family’s paid order, linking to it', async () => {
    await page.getByRole('row').filter({ hasText: code }).getByRole('link', { name: code }).click();
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
    const uses = page.getByRole('region', { name: t('admin.coupons.redemptions') });
    await expect(uses).toContainText(t('admin.coupons.redemptionsCount', { count: 1 }));
    await expect(uses.getByRole('row')).toHaveCount(2);
    await expect(uses.getByRole('rowheader').getByRole('link')).toHaveAttribute('href', /^\/admin\/orders\/\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('its titles: the Spanish one left empty, the Spanish site then shows the English one', async () => {
    const form = page.getByRole('form', { name: t('admin.coupons.titles') });
    const titleIn = (lang: keyof typeof titles) => form.getByRole('textbox', { name: t(`admin.titles.in.${lang}`) });
    for (const lang of ['en', 'es', 'ru'] as const) await expect(titleIn(lang)).toHaveValue(titles[lang]);
    await titleIn('es').fill('');
    await form.getByRole('button', { name: t('admin.titles.save') }).click();
    await expect(announcement(page, t('admin.coupons.titlesSaved', { code }))).toBeVisible();
    await expect(titleIn('es')).toHaveValue('');
    await expect(titleIn('es')).toHaveAccessibleDescription(t('admin.titles.fallback.es'));
    const facts = page.getByRole('region', { name: t('admin.coupons.details') });
    await expect(facts).toContainText(siteLang === 'es' ? titles.en : titles[siteLang]);
  });

  await test.step('Shipping and tax: a rate saved on its own, kept after a reload', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.shipping') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.shipping.title') })).toBeVisible();
    // Everywhere else (not the US or Canada): no other journey ships there. Both languages set the same prices.
    const name = t('admin.shipping.rateName', {
      zone: t('admin.shipping.zone.international'),
      method: t('admin.shipping.method.international'),
    });
    const form = page.getByRole('form', { name });
    const additional = form.getByRole('textbox', { name: t('admin.shipping.additionalItem') });
    await additional.fill('-1');
    await form.getByRole('button', { name: t('admin.shipping.save') }).click();
    await expect(additional).toHaveAccessibleDescription(t('validation.amountMin', { min: 0 }));
    const first = form.getByRole('textbox', { name: t('admin.shipping.firstItem') });
    await first.fill('21.99');
    await additional.fill('6.5');
    await expect(first).toHaveValue('21.99');
    // The delivery estimate the confirmation and the receipt give (decision 071): the fewest days first.
    const fewest = form.getByRole('textbox', { name: t('admin.shipping.minDays') });
    const most = form.getByRole('textbox', { name: t('admin.shipping.maxDays') });
    await fewest.fill('12');
    await most.fill('9');
    await form.getByRole('button', { name: t('admin.shipping.save') }).click();
    await expect(most).toHaveAccessibleDescription(new RegExp(t('admin.shipping.daysOrder')));
    await most.fill('20');
    await form.getByRole('button', { name: t('admin.shipping.save') }).click();
    await expect(announcement(page, t('admin.shipping.saved', { rate: name }))).toBeVisible();
    // The form shows the prices as the server saved them.
    await expect(first).toHaveValue('21.99');
    await expect(additional).toHaveValue('6.50');
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    const saved = page.getByRole('form', { name });
    await expect(saved.getByRole('textbox', { name: t('admin.shipping.firstItem') })).toHaveValue('21.99');
    await expect(saved.getByRole('textbox', { name: t('admin.shipping.minDays') })).toHaveValue('12');
    await expect(saved.getByRole('textbox', { name: t('admin.shipping.maxDays') })).toHaveValue('20');
  });

  await test.step('Sales tax: a territory’s rate added, changed by its Change button, then removed after a confirmation', async () => {
    const code = territory[siteLang];
    const english = CANADIAN_PROVINCES.find(([c]) => c === code)?.[1] ?? code;
    const country = new Intl.DisplayNames([siteLang], { type: 'region' }).of('CA') ?? 'Canada';
    const place = t('admin.tax.placeName', { state: stateName(siteLang, code, english), country });
    const form = page.getByRole('form', { name: t('admin.tax.form') });
    await form.getByRole('combobox', { name: t('admin.tax.country') }).selectOption('87');
    await form.getByRole('combobox', { name: t('admin.tax.state') }).selectOption(code);
    const rate = form.getByRole('textbox', { name: t('admin.tax.rateLabel') });
    await rate.fill('5');
    await form.getByRole('button', { name: t('admin.tax.saveRate') }).click();
    await expect(announcement(page, t('admin.tax.saved', { place, rate: '5' }))).toBeVisible();
    const row = page.getByRole('row', { name: place });
    await expect(row).toContainText(t('admin.tax.ratePercent', { rate: '5' }));

    await row.getByRole('button', { name: t('admin.tax.changeFor', { place }) }).click();
    await expect(rate).toBeFocused();
    await expect(rate).toHaveValue('5');
    await page.keyboard.type(siteLang === 'es' ? '5,5' : '5.5');
    await page.keyboard.press('Enter');
    const fiveAndAHalf = new Intl.NumberFormat(siteLang).format(5.5);
    await expect(announcement(page, t('admin.tax.saved', { place, rate: fiveAndAHalf }))).toBeVisible();
    await expect(row).toContainText(t('admin.tax.ratePercent', { rate: fiveAndAHalf }));

    await row.getByRole('button', { name: t('admin.tax.removeFor', { place }) }).click();
    const dialog = page.getByRole('dialog', { name: t('admin.tax.removeTitle', { place }) });
    await dialog.getByRole('button', { name: t('admin.tax.remove') }).click();
    await expect(announcement(page, t('admin.tax.removed', { place }))).toBeVisible();
    await expect(page.getByRole('row', { name: place })).toHaveCount(0);
  });
});
