import { clientNavigate, expect, test } from './fixtures';

// A journey here holds the steps of what were several (decision 018), so it gets the time of several on a busy machine.
test.describe.configure({ timeout: 60_000 });

// Spec §2: the not-found page, online and offline, in the site language.

// One journey (decision 018): the page, its two ways out and a deeper address, a step each.
test('an unknown address answers 404 with the not-found page, whose back button and home link lead back', {
  tag: '@i18n',
}, async ({ page, t, siteLang, homeTitle }) => {
  await test.step('the back button returns to the page before', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
    await clientNavigate(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();

    await page.getByRole('button', { name: t('notFound.back') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
  });

  await test.step('an unknown address answers 404 with the not-found page', async () => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', siteLang);
    await expect(page).toHaveTitle(`${t('notFound.title')} · ${t('app.titleSuffix')}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
    await expect(main.getByText(t('notFound.subtitle'), { exact: true })).toBeVisible();
    await expect(main.getByText(t('notFound.text'), { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: t('notFound.back') })).toBeVisible();
    await expect(main.getByRole('link', { name: t('notFound.home') })).toHaveAttribute('href', '/');
  });

  await test.step('the home link leads home', async () => {
    await page
      .getByRole('main')
      .getByRole('link', { name: t('notFound.home') })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${t('app.name')}: ${t('app.tagline')}`);
  });

  await test.step('a deeper unknown address gets the same page', async () => {
    const response = await page.goto('/a/b/c?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  });
});

test.describe('offline', () => {
  test('offline, it says there is no connection, and loads the address once back online', async ({
    page,
    context,
    t,
    homeTitle,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByRole('alert')).toHaveText(t('shell.offline'));
    await clientNavigate(page, '/no-such-page');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('notFound.offlineTitle') })).toBeVisible();
    await expect(main.getByText(t('notFound.offlineText'), { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: t('notFound.back') })).toHaveCount(0);

    // Back online, the shell reloads the last address: this one is not found.
    const reload = page.waitForResponse((r) => r.request().isNavigationRequest());
    await context.setOffline(false);
    expect((await reload).status()).toBe(404);
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(main.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
