import type { Page } from '@playwright/test';
import type { Product } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, DEMO_ADMIN, freshEmail, loginFromPage, loginStatus } from './helpers';

// Issue 5: login (spec §2 /login, §4 Login, §5/§8 Login messages), logout
// with its banner, the route guard, and the admin's impersonation (spec §6).
// The demo accounts are shared by parallel tests: only the admin logs in as
// itself; everything else uses an account the test creates. The journeys
// here drive the login form (loginFromPage); others sign in through the API.

const PASSWORD = 'listen-along-2';
/** Login is bounded by the password hash (scrypt, 128 MiB) by design: on a busy machine it takes a while. */
const AFTER_LOGIN = { timeout: 20_000 };

/** A fresh account made through the create-account API from another client: the browser stays a visitor with no cookie. */
const newAccount = (page: Page, lang: SiteLang) =>
  createAccount(
    page,
    { email: freshEmail(`login-${lang}`), password: PASSWORD, firstName: 'Lena', lastName: 'Login' },
    { signIn: false },
  );

const demoStory: Record<SiteLang, string> = { en: 'noahs-big-boat', es: 'jesus-vive' };

/** Puts the demo story's CD in the browser's (guest) cart through the API; returns the story's title. */
function addCd(page: Page, lang: SiteLang) {
  return asBrowser(page, async (api) => {
    const product = (await (await api.get(`/crud/product-by-slug/${demoStory[lang]}/skus`)).json()) as Product;
    const response = await api.post('/crud/cart-session/skus', { data: { sku_id: product.physicalAlbum?.id } });
    expect(response.status(), 'adding the CD').toBe(200);
    return product.title;
  });
}

const myAccount = (page: Page, t: Translate) => page.getByRole('navigation').getByRole('button', { name: t('shell.myAccount') });

test('logging in from the cart’s login link goes on to checkout, signed in, with the guest cart kept', async ({
  page,
  t,
  siteLang,
}) => {
  const email = await newAccount(page, siteLang);
  const title = await addCd(page, siteLang);

  await page.goto('/cart');
  await expect(page.getByRole('region', { name: t('cart.lines') }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('link', { name: t('accountsLogin.cartLogin') }).click();
  // A CD ships: Proceed's next step is the shipping details (spec §2 Cart and checkout).
  await expect(page).toHaveURL(/\/login\?back_location=%2Fcheckout$/);
  await loginFromPage(page, t, { email, password: PASSWORD });

  await expect(page).toHaveURL(/\/checkout$/, AFTER_LOGIN);
  await expect(myAccount(page, t)).toBeVisible();
  const lines = page
    .getByRole('region', { name: t('checkout.summary') })
    .getByRole('list', { name: t('checkout.items') })
    .getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(title);
});

// Logging out from the account menu, with its banner: shell.spec.ts (banners).

test.describe('refusals', () => {
  test('an empty form shows the spec’s messages; a wrong password the server’s message', { tag: '@i18n' }, async ({
    page,
    t,
    siteLang,
  }) => {
    const email = await newAccount(page, siteLang);
    await page.goto('/login');
    await page.getByRole('button', { name: t('accountsLogin.submit') }).click();
    await expect(page.getByText(t('accountsLogin.emailRequired'))).toBeVisible();
    await expect(page.getByText(t('accountsLogin.passwordRequired'))).toBeVisible();

    await loginFromPage(page, t, { email, password: 'not-the-password' });

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
    // Someone else's wrong guesses, from another client (OWASP: they never lock the owner out).
    for (let i = 0; i < 3; i++) expect(await loginStatus({ email, password: `wrong-${i}` })).toBe(401);

    await page.goto('/login');
    await loginFromPage(page, t, { email, password: PASSWORD });
    await expect(page.getByRole('alert')).toHaveText(t('errors.captcha_required'), AFTER_LOGIN);
    await page.getByRole('checkbox', { name: t('captcha.label') }).click();
    await expect(page.getByText(t('captcha.verified'), { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: t('accountsLogin.submit') }).click();

    await expect(page).toHaveURL(/\/$/, AFTER_LOGIN);
    await expect(myAccount(page, t)).toBeVisible();
  });
});

test('a signed-in page sends a visitor to log in and back; a customer is not allowed on /admin', async ({
  page,
  t,
  siteLang,
}) => {
  const email = await newAccount(page, siteLang);
  await page.goto('/account/settings');

  await expect(page).toHaveURL(/\/login\?back_location=%2Faccount%2Fsettings$/);
  await loginFromPage(page, t, { email, password: PASSWORD });

  await expect(page).toHaveURL(/\/account\/settings$/, AFTER_LOGIN);
  await expect(myAccount(page, t)).toBeVisible();

  await test.step('a customer is not allowed on /admin', async () => {
    // Away from the signed-in page first: left open while its cookie goes, it sends itself to log in and back to
    // /account/settings (a session ending, below), racing the next address.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto('/login?back_location=%2Fadmin');
    await loginFromPage(page, t, { email, password: PASSWORD });

    // The server ignores an /admin back location for a customer.
    await expect(page).toHaveURL(/\/$/, AFTER_LOGIN);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: t('accountsLogin.notAllowed') })).toBeVisible();
  });
});

test.describe('a session that ends', () => {
  // The save refused for want of a session: the point of the test. The family's listening queue, sent in the
  // background by the player, may be refused likewise before the page turns to the login form.
  test.use({
    expectedApiErrors: [
      [
        { status: 401, path: /^\/crud\/user-account\// },
        { status: 401, path: /^\/crud\/my-library\/queue$/ },
      ],
      { scope: 'test' },
    ],
  });

  test('while a signed-in page is open sends its next call to log in and back', async ({ page, t }) => {
    await createAccount(page, { email: freshEmail('expired'), password: PASSWORD });
    await page.goto('/account/settings?from=menu');
    const form = page.getByRole('form', { name: t('account.details') });
    await expect(form.getByRole('button', { name: t('account.button.ready') })).toBeVisible();

    // The session ends elsewhere (expiry, logout in another tab): the cookie is gone.
    await page.context().clearCookies();
    await form.getByRole('button', { name: t('account.button.ready') }).click();

    await expect(page).toHaveURL(/\/login\?back_location=%2Faccount%2Fsettings%3Ffrom%3Dmenu$/);
    await expect(page.getByRole('heading', { level: 1, name: t('accountsLogin.title') })).toBeVisible();
  });
});

test('an admin lands on /admin, impersonates the demo customer, sees the banner, and ends it on the user list', async ({
  page,
  t,
}) => {
  await page.goto('/login');
  await loginFromPage(page, t, DEMO_ADMIN);

  await expect(page).toHaveURL(/\/admin$/, AFTER_LOGIN);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.overview.title') })).toBeVisible();
  // The user list is the back office's Users section (issue 29).
  await page
    .getByRole('navigation', { name: t('admin.nav.label') })
    .getByRole('link', { name: t('admin.nav.users') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('admin.users') })).toBeVisible();
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

  // Spec §2 Shell: ending it goes to the admin user list.
  await expect(page).toHaveURL(/\/admin\/users$/, AFTER_LOGIN);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.users') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('accountsLogin.endImpersonation') })).toHaveCount(0);
});
