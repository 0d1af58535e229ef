import { adminPath, coverFeeCents, DEFAULT_FEE_RULE, type FeeRule, routePath } from '@storyhouse/contracts';
import { expect, test } from './fixtures';
import { apiGet, asBrowser, createAccount, freshEmail, payCart, seriousViolations, signInAsAdmin } from './helpers';

// Decision 067: the ministry's card fee rule in the back office (Shop → Card fee).

// axe goes into the back office's pages as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

test('the back office shows the card fee rule with a worked example, refuses a wrong percent, and saves it', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  await signInAsAdmin(page);
  await page.goto(adminPath('adminGivingFee', siteLang)!);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.givingFee.title') })).toBeVisible();
  const rule = await apiGet<FeeRule>(page, '/crud/admin/giving-fee');
  // The journeys run on the demo rule; saving it as it is leaves the other journeys' figures alone.
  expect(rule).toEqual(DEFAULT_FEE_RULE);
  const money = (usd: number) =>
    page.evaluate(([v, l]) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(v), [
      usd,
      siteLang,
    ] as const);
  await expect(
    page.getByText(t('admin.givingFee.example', { gift: await money(25), added: await money(coverFeeCents(2500, rule) / 100) })),
  ).toBeVisible();

  const percent = page.getByRole('textbox', { name: t('admin.givingFee.percent') });
  await percent.fill('25');
  await page.getByRole('button', { name: t('admin.givingFee.save') }).click();
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  await expect(percent).toHaveAccessibleDescription(new RegExp(t('admin.givingFee.percentInvalid').replace('.', '\\.')));
  expect(await seriousViolations(page)).toEqual([]);

  await percent.fill(siteLang === 'es' ? '2,9' : '2.9');
  await page.getByRole('button', { name: t('admin.givingFee.save') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('admin.givingFee.saved', { percent: 2.9, fixed: await money(0.3) }) }),
  ).toBeVisible();
});

test('a monthly gift that covers the fee stops covering it from My subscription, from its next gift', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  await createAccount(page, { email: freshEmail('cover-fee-monthly'), password: 'all-of-my-gift' });
  const title = 'General Ministry Donation';
  await asBrowser(page, async (api) => {
    const added = await api.post('/crud/cart-session/donations', {
      data: [{ title, description: '', code: 'general_cart', amount: 15, type: 'recurring_donation', cover_fee: true }],
    });
    expect(added.status(), `the monthly gift: ${await added.text()}`).toBe(200);
    await payCart(api, siteLang);
  });
  await page.goto(routePath('subscriptions', siteLang)!);
  const fee = coverFeeCents(1500, await apiGet<FeeRule>(page, '/crud/giving-fee')) / 100;
  const money = (usd: number) =>
    page.evaluate(([v, l]) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(v), [
      usd,
      siteLang,
    ] as const);

  const box = page.getByRole('checkbox', { name: t('donations.coverFee', { amount: await money(fee) }) });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(
    page.getByRole('status').filter({ hasText: t('mySubscription.coverFee.saved', { amount: await money(15) }) }),
  ).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect(box).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
