import type { Locator, Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { seriousViolations } from './helpers';

// Spec §2 Settings / create account, §4 Account save, §5 Account and
// State/province, §8 Account save: create an account and land signed in on
// back_location; edit settings with a Canadian province; the free-text state
// saves itself; bad input shows the spec's messages.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** The field whose label starts with `label` ("Email", not "Confirm email"). */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

/** An e-mail no other test or run uses (the demo accounts are shared: never touch them). */
const freshEmail = () => `account.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

const accountForm = (page: Page, t: Translate) => page.getByRole('form', { name: t('account.details') });

/** Localized country names as the browser shows them (Intl.DisplayNames, as the form does). */
const countryName = (lang: SiteLang, code: string) => new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;

/** Creates an account from inside the page (Node cannot resolve es.localhost), which signs the browser in. */
async function createAccountInPage(page: Page, email: string) {
  await page.goto('/');
  const status = await page.evaluate(async (e) => {
    const user = {
      firstName: 'Rosa',
      lastName: 'Tester',
      email: e,
      emailConfirm: e,
      password: 'listen-along-8',
      passwordConfirm: 'listen-along-8',
    };
    const res = await fetch('/crud/user-account', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user }),
    });
    return res.status;
  }, email);
  expect(status).toBe(200);
}

test.describe('create account', () => {
  test('a new visitor creates an account and comes back to the cart signed in', async ({ page, t, siteLang }) => {
    const email = freshEmail();
    await page.goto('/create-account?back_location=/cart');
    await expect(page.getByRole('heading', { level: 1, name: t('account.title.create') })).toBeVisible();
    await expect(page.getByText(t('account.requiredNote'))).toBeVisible();
    const form = accountForm(page, t);

    await field(form, t('account.fields.firstName')).fill('Rosa');
    await field(form, t('account.fields.lastName')).fill('Tester');
    await field(form, t('account.fields.email')).fill(email);
    await field(form, t('account.fields.emailConfirm')).fill(email);
    await field(form, t('account.fields.password')).fill('listen-along-8');
    await field(form, t('account.fields.passwordConfirm')).fill('listen-along-8');
    await field(form, t('account.fields.country')).selectOption({ label: countryName(siteLang, 'US') });
    await field(form, t('account.fields.state')).selectOption('SC');
    await field(form, t('account.fields.city')).fill('Greenville');
    await form.getByRole('button', { name: t('account.button.readyCreate') }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('button', { name: t('shell.myAccount') })).toBeVisible();
    const session = await page.evaluate(async () => (await fetch('/crud/user')).json());
    expect(session).toMatchObject({ email, fname: 'Rosa', country: 33, state: 'SC', city: 'Greenville' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('bad input shows the spec messages and sends nothing', async ({ page, t }) => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/crud/user-account')) requests.push(r.url());
    });
    await page.goto('/create-account');
    const form = accountForm(page, t);
    await field(form, t('account.fields.email')).fill('rosa@example.test');
    await field(form, t('account.fields.emailConfirm')).fill('other@example.test');
    await field(form, t('account.fields.password')).fill('seven77');
    await field(form, t('account.fields.passwordConfirm')).fill('seven78');
    await form.getByRole('button', { name: t('account.button.readyCreate') }).click();

    await expect(field(form, t('account.fields.firstName'))).toHaveAccessibleDescription(t('validation.required'));
    await expect(field(form, t('account.fields.emailConfirm'))).toHaveAccessibleDescription(t('validation.emailsMismatch'));
    await expect(field(form, t('account.fields.password'))).toHaveAccessibleDescription(t('validation.passwordMin'));
    await expect(field(form, t('account.fields.passwordConfirm'))).toHaveAccessibleDescription(t('validation.passwordsMismatch'));
    await expect(field(form, t('account.fields.firstName'))).toBeFocused();
    expect(requests).toEqual([]);
  });

  test.describe('a taken e-mail', () => {
    test.use({ expectedApiErrors: [{ status: 409, path: /^\/crud\/user-account$/ }] });

    test('shows the spec message, then Ready again', async ({ page, t }) => {
      await page.clock.install();
      await page.goto('/create-account');
      const form = accountForm(page, t);
      await field(form, t('account.fields.firstName')).fill('Rosa');
      await field(form, t('account.fields.lastName')).fill('Tester');
      // The demo customer's address, in other letters: still taken (case-insensitive); nothing about it changes.
      await field(form, t('account.fields.email')).fill('Family@Storyhouse.example');
      await field(form, t('account.fields.emailConfirm')).fill('family@storyhouse.example');
      await field(form, t('account.fields.password')).fill('listen-along-8');
      await field(form, t('account.fields.passwordConfirm')).fill('listen-along-8');
      await form.getByRole('button', { name: t('account.button.readyCreate') }).click();

      await expect(form.getByRole('alert')).toHaveText(t('errors.account_save_failed'));
      await page.clock.runFor(5000);
      await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(form.getByRole('button', { name: t('account.button.readyCreate') })).toBeVisible();
      await expect(page.getByRole('button', { name: t('shell.myAccount') })).toHaveCount(0);
    });
  });
});

test.describe('account settings', () => {
  test('editing with Canada and a province saves (Saved, then Save again) and lasts', async ({ page, t, siteLang }) => {
    await createAccountInPage(page, freshEmail());
    await page.goto('/account/settings');
    await expect(page.getByRole('heading', { level: 1, name: t('account.title.settings') })).toBeVisible();
    const form = accountForm(page, t);
    await expect(field(form, t('account.fields.password'))).toHaveCount(0);
    await expect(page.getByRole('heading', { name: t('account.giftCards.title') })).toBeVisible();
    await expect(page.getByText(t('account.giftCards.none'))).toBeVisible();

    await field(form, t('account.fields.country')).selectOption({ label: countryName(siteLang, 'CA') });
    await field(form, t('account.fields.province')).selectOption({ label: 'Quebec' });
    await field(form, t('account.fields.city')).fill('Montréal');
    await form.getByRole('button', { name: t('account.button.ready') }).click();

    await expect(form.getByRole('button', { name: t('account.button.saved') })).toBeVisible();
    await expect(form.getByRole('button', { name: t('account.button.ready') })).toBeVisible({ timeout: 5000 });
    await page.reload();
    await expect(field(accountForm(page, t), t('account.fields.province'))).toHaveValue('QC');
    await expect(field(accountForm(page, t), t('account.fields.city'))).toHaveValue('Montréal');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a free-text state saves itself once typing stops', async ({ page, t, siteLang }) => {
    await createAccountInPage(page, freshEmail());
    await page.goto('/account/settings');
    const form = accountForm(page, t);
    await field(form, t('account.fields.country')).selectOption({ label: countryName(siteLang, 'FR') });
    await field(form, t('account.fields.region')).fill('Île-de-France');

    await expect(form.getByRole('button', { name: t('account.button.saved') })).toBeVisible();
    const user = await page.evaluate(async () => (await fetch('/crud/user')).json());
    expect(user).toMatchObject({ state: 'Île-de-France' });
  });

  test('the demo customer sees the gift cards received, an unknown sender as Anonymous', async ({ page, t }) => {
    await page.goto('/');
    // Signing in reads the shared demo account; nothing about it changes.
    const status = await page.evaluate(
      async () =>
        (
          await fetch('/crud/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'family@storyhouse.example', password: 'listen-along' }),
          })
        ).status,
    );
    expect(status).toBe(200);
    await page.goto('/account/settings');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      t('account.giftCards.from'),
      t('account.giftCards.date'),
      t('account.giftCards.amount'),
      t('account.giftCards.balance'),
    ]);
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(t('account.giftCards.anonymous'));
    await expect(table.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('Daniel Ortiz');
    await expect(table.getByRole('row').nth(2).getByRole('cell').nth(3)).toContainText('32');
  });

  test('the shop layout chosen while signed in is saved on the account', async ({ page, t }) => {
    await createAccountInPage(page, freshEmail());
    await page.goto('/shop');
    const grid = page.getByRole('button', { name: t('shop.grid') });
    await grid.click();
    await expect(grid).toHaveAttribute('aria-pressed', 'true');

    await expect.poll(() => page.evaluate(async () => (await (await fetch('/crud/user')).json()).layout)).toBe('grid');
    // Another device (no local choice) shows the account's layout.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('button', { name: t('shop.grid') })).toHaveAttribute('aria-pressed', 'true');
  });

  test.describe('refused by the server', () => {
    test.use({ expectedApiErrors: [{ status: 400, path: /^\/crud\/user-account\/\d+$/ }] });

    test('a US address with a Canadian province is refused by the server too', async ({ page }) => {
      await createAccountInPage(page, freshEmail());
      const result = await page.evaluate(async () => {
        const me = await (await fetch('/crud/user')).json();
        const res = await fetch(`/crud/user-account/${me.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            user: { firstName: 'Rosa', lastName: 'Tester', email: me.email, emailConfirm: me.email, country: 33, state: 'QC' },
          }),
        });
        return { status: res.status, body: await res.json() };
      });
      expect(result.status).toBe(400);
      expect(Object.keys(result.body.fields)).toEqual(['user.state']);
    });
  });
});
