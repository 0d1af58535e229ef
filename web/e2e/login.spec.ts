import type { Page } from '@playwright/test';
import type { Product } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';

// Issue 5: login (spec §2 /login, §4 Login, §5/§8 Login messages), logout
// with its banner, the route guard, and the admin's impersonation (spec §6).
// The demo accounts are shared by parallel tests: only the admin logs in as
// itself; everything else uses an account the test creates.

const PASSWORD = 'listen-along-2';
/** Login is bounded by the password hash (scrypt, 128 MiB) by design: on a busy machine it takes a while. */
const AFTER_LOGIN = { timeout: 20_000 };

/** A fresh account made through the create-account API, then logged out again (a visitor with no cookie). */
async function newAccount(page: Page, lang: SiteLang) {
  await page.goto('/login');
  const email = `login-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await page.evaluate(
    async ({ email, password }) => {
      const created = await fetch('/crud/user-account', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user: { firstName: 'Lena', lastName: 'Login', email, emailConfirm: email, password, passwordConfirm: password },
        }),
      });
      if (!created.ok) throw new Error(`create account: ${created.status} ${await created.text()}`);
      await fetch('/logout');
    },
    { email, password: PASSWORD },
  );
  return email;
}

const demoStory: Record<SiteLang, string> = { en: 'noahs-big-boat', es: 'jesus-vive' };

async function addCd(page: Page, lang: SiteLang) {
  return page.evaluate(async (slug) => {
    const product = (await (await fetch(`/crud/product-by-slug/${slug}/skus`)).json()) as Product;
    const response = await fetch('/crud/cart-session/skus', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku_id: product.physicalAlbum?.id }),
    });
    if (!response.ok) throw new Error(`adding: ${response.status}`);
    return product.title;
  }, demoStory[lang]);
}

async function fillLogin(page: Page, t: Translate, email: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: t('accountsLogin.title') })).toBeVisible();
  await page.getByLabel(t('accountsLogin.email')).fill(email);
  await page.getByLabel(t('accountsLogin.password')).fill(password);
  await page.getByRole('button', { name: t('accountsLogin.submit') }).click();
}

const myAccount = (page: Page, t: Translate) => page.getByRole('navigation').getByRole('button', { name: t('shell.myAccount') });

test('logging in from the cart’s login link comes back to the cart, signed in, with the guest cart kept', async ({
  page,
  t,
  siteLang,
}) => {
  const email = await newAccount(page, siteLang);
  const title = await addCd(page, siteLang);

  await page.goto('/cart');
  await expect(page.getByRole('list', { name: t('cart.lines') }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('link', { name: t('accountsLogin.cartLogin') }).click();
  await expect(page).toHaveURL(/\/login\?back_location=%2Fcart$/);
  await fillLogin(page, t, email, PASSWORD);

  await expect(page).toHaveURL(/\/cart$/, AFTER_LOGIN);
  await expect(myAccount(page, t)).toBeVisible();
  const lines = page.getByRole('list', { name: t('cart.lines') }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(title);
  await expect(page.getByRole('link', { name: t('accountsLogin.cartLogin') })).toHaveCount(0);
});

test('logging out reloads the page and shows the logout banner', async ({ page, t, siteLang }) => {
  const email = await newAccount(page, siteLang);
  await page.goto('/login?back_location=%2Fcart');
  await fillLogin(page, t, email, PASSWORD);
  await expect(page).toHaveURL(/\/cart$/, AFTER_LOGIN);

  await page
    .getByRole('navigation')
    .getByRole('button', { name: t('shell.logout') })
    .click();

  await expect(page.getByRole('status').filter({ hasText: t('shell.loggedOut') })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: t('shell.login') })).toBeVisible();
  await expect(myAccount(page, t)).toHaveCount(0);
  // Spec §9: the banner shows for 5 seconds.
  await expect(page.getByText(t('shell.loggedOut'))).toHaveCount(0, { timeout: 7000 });
});

test.describe('refusals', () => {
  test.use({ expectedApiErrors: [{ status: 401, path: /^\/crud\/login$/ }] });

  test('an empty form shows the spec’s messages; a wrong password the server’s message', async ({ page, t, siteLang }) => {
    const email = await newAccount(page, siteLang);
    await page.goto('/login');
    await page.getByRole('button', { name: t('accountsLogin.submit') }).click();
    await expect(page.getByText(t('accountsLogin.emailRequired'))).toBeVisible();
    await expect(page.getByText(t('accountsLogin.passwordRequired'))).toBeVisible();

    await fillLogin(page, t, email, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText(t('errors.login_failed'), AFTER_LOGIN);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation').getByRole('link', { name: t('shell.login') })).toBeVisible();
  });

  test('after repeated failures for the e-mail the captcha appears; solved, the right password signs in', async ({
    page,
    t,
    siteLang,
  }) => {
    // Five password hashes (128 MiB scrypt each) and a proof of work: slow on a busy machine.
    test.slow();
    const email = await newAccount(page, siteLang);
    // Someone else's wrong guesses (OWASP: they never lock the owner out).
    await page.evaluate(async (email) => {
      for (let i = 0; i < 3; i++) {
        await fetch('/crud/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: `wrong-${i}` }),
        });
      }
    }, email);

    await page.goto('/login');
    await fillLogin(page, t, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(t('errors.captcha_required'), AFTER_LOGIN);
    await page.getByRole('checkbox', { name: t('captcha.label') }).click();
    await expect(page.getByText(t('captcha.verified'), { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: t('accountsLogin.submit') }).click();

    await expect(page).toHaveURL(/\/$/, AFTER_LOGIN);
    await expect(myAccount(page, t)).toBeVisible();
  });
});

test('a signed-in page sends a visitor to log in and back', async ({ page, t, siteLang }) => {
  const email = await newAccount(page, siteLang);
  await page.goto('/account/settings');

  await expect(page).toHaveURL(/\/login\?back_location=%2Faccount%2Fsettings$/);
  await fillLogin(page, t, email, PASSWORD);

  await expect(page).toHaveURL(/\/account\/settings$/, AFTER_LOGIN);
  await expect(myAccount(page, t)).toBeVisible();
});

test('an admin lands on /admin, impersonates the demo customer, sees the banner, and ends it', async ({ page, t }) => {
  await page.goto('/login');
  await fillLogin(page, t, 'admin@storyhouse.example', 'storyhouse-admin');

  await expect(page).toHaveURL(/\/admin$/, AFTER_LOGIN);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.title') })).toBeVisible();
  await page.getByRole('searchbox', { name: t('admin.search') }).fill('family@storyhouse.example');
  await page.getByRole('button', { name: t('admin.searchButton') }).click();
  const row = page.getByRole('row').filter({ hasText: 'family@storyhouse.example' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: t('admin.impersonateUser', { name: 'Grace Miller' }) }).click();

  await expect(page).toHaveURL(/\/$/, AFTER_LOGIN);
  await expect(page.getByText(t('accountsLogin.impersonating', { name: 'Grace Miller' }))).toBeVisible();
  await expect(myAccount(page, t)).toBeVisible();
  // The banner is on every page.
  await page.goto('/cart');
  const end = page.getByRole('button', { name: t('accountsLogin.endImpersonation') });
  await expect(end).toBeVisible();

  await end.click();

  await expect(page).toHaveURL(/\/admin$/, AFTER_LOGIN);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('accountsLogin.endImpersonation') })).toHaveCount(0);
});

test('a customer is not allowed on /admin', async ({ page, t, siteLang }) => {
  const email = await newAccount(page, siteLang);
  await page.goto('/login?back_location=%2Fadmin');
  await fillLogin(page, t, email, PASSWORD);

  // The server ignores an /admin back location for a customer.
  await expect(page).toHaveURL(/\/$/, AFTER_LOGIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: t('accountsLogin.notAllowed') })).toBeVisible();
});
