import { demoNavigation, demoPage, expect, mainNavigation, test, translator } from './fixtures';

// Spec §1: the site language comes from the host name, or the
// `test_spanish_site` flag; the whole page follows it.

test('the host name decides the language of the page; a sister-site link opens the same page in the other language', {
  tag: '@i18n',
}, async ({ page, t, siteLang, homeTitle }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', siteLang);
  await expect(page).toHaveTitle(`${t('app.name')}: ${t('app.tagline')}`);
  await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: t('shell.homeLink') })).toBeVisible();

  const other = siteLang === 'en' ? 'es' : 'en';
  const sisters = page.getByRole('contentinfo').getByRole('navigation', { name: t('footer.sisterSites') });
  await sisters.getByRole('link', { name: t(`footer.siteIn.${other}`) }).click();

  const tOther = translator(other);
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await expect(page.getByRole('heading', { level: 1, name: demoPage(other, '/index').title })).toBeVisible();
  const nav = mainNavigation(page, tOther);
  await expect(nav.getByRole('link', { name: demoNavigation[other][0]!.title, exact: true })).toBeVisible();
});

// Not tagged @i18n on purpose: it switches the English host (the en project) to Spanish and back.
test.describe('the test_spanish_site flag', () => {
  test('a flag without a value leaves the page in the host’s language; with 1 it makes the English host Spanish until it is turned off', async ({
    page,
    context,
  }) => {
    const es = translator('es');
    const en = translator('en');
    const flagCookie = async () => (await context.cookies()).find((c) => c.name === 'test_spanish_site')?.value;

    // Without a value: the host's language, and the page works (the fixture fails the test on any API error).
    await page.goto('/?test_spanish_site');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: demoPage('en', '/index').title })).toBeVisible();
    await expect(mainNavigation(page, en).getByRole('link', { name: 'Home', exact: true })).toBeVisible();

    await page.goto('/?test_spanish_site=1');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: demoPage('es', '/index').title })).toBeVisible();
    const nav = mainNavigation(page, es);
    await expect(nav.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
    expect(await flagCookie()).toBe('1');

    // The cookie keeps later page loads, without the flag, Spanish.
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: es('notFound.title') })).toBeVisible();

    // The English sister-site link turns the flag off again.
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: es('footer.sisterSites') })
      .getByRole('link', { name: es('footer.siteIn.en') })
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: en('notFound.title') })).toBeVisible();
    await expect(mainNavigation(page, en).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    expect(await flagCookie()).toBeUndefined();
  });
});
