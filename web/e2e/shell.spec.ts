import { appReady, demoNavigation, expect, mainNavigation, otherLang, test } from './fixtures';
import { createAccount, DEMO_CUSTOMER, freshEmail, signIn } from './helpers';

// A journey here holds the steps of what were several (decision 018), so it gets the time of several on a busy machine.
test.describe.configure({ timeout: 60_000 });

// Spec §2 "Shell", in the language of each project's host.

// One journey per flow (decision 018): each loads its page once and checks the shell's parts on it, a step each, so a
// failure names its step.

test('the site navigation: its language, the bar on a desktop, submenus, a page on its way, back at the top', {
  tag: '@i18n',
}, async ({ page, t, siteLang, homeTitle }) => {
  const nav = mainNavigation(page, t);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');

  await test.step('lists the menu of the site language and hides the other language', async () => {
    for (const item of demoNavigation[siteLang]) {
      await expect(nav.getByRole('link', { name: item.title, exact: true })).toBeVisible();
    }
    for (const item of demoNavigation[otherLang(siteLang)]) {
      await expect(nav.getByRole('link', { name: item.title, exact: true })).toHaveCount(0);
      for (const child of item.children ?? []) {
        await expect(nav.getByRole('link', { name: child, exact: true })).toHaveCount(0);
      }
    }
    await expect(page.getByRole('banner').getByRole('link', { name: t('shell.search'), exact: true })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  await test.step('a signed-out visitor has no account menu', async () => {
    await expect(nav.getByRole('button', { name: t('shell.myAccount') })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: t('shell.logout') })).toHaveCount(0);
  });

  await test.step('on a desktop it is a bar above the page, leaving no empty column beside it', async () => {
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
    const bar = (await nav.boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    // One row of entries across the width, and the page under it starting at the window's left edge.
    expect(bar.height).toBeLessThan(70);
    expect(bar.width).toBeGreaterThan(1300);
    expect(main.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    expect(main.x).toBeLessThan(5);
  });

  const [first, second] = demoNavigation[siteLang].filter((i) => i.children);
  const firstToggle = nav.getByRole('button', { name: t('shell.submenu', { title: first!.title }) });
  const secondToggle = nav.getByRole('button', { name: t('shell.submenu', { title: second!.title }) });
  const children = first!.children!.map((c) => nav.getByRole('link', { name: c, exact: true }));

  await test.step('opens a submenu with its button and closes it with Escape', async () => {
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    for (const child of children) await expect(child).toBeHidden();
    // A drawn chevron (not a ▾ character) pointing down, that turns up when the submenu opens.
    const chevron = firstToggle.locator('svg');
    await expect(firstToggle).toHaveText('');
    await expect(chevron).toHaveCSS('transform', 'none');

    await firstToggle.click();
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'true');
    for (const child of children) await expect(child).toBeVisible();
    await expect(chevron).toHaveCSS('transform', 'matrix(-1, 0, 0, -1, 0, 0)');

    await children[0]!.focus();
    await page.keyboard.press('Escape');
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(firstToggle).toBeFocused();
    for (const child of children) await expect(child).toBeHidden();
  });

  await test.step('each submenu opens on its own, and closes on a click elsewhere', async () => {
    await firstToggle.click();
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(secondToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: second!.children![0]!, exact: true })).toBeHidden();
    await page.getByRole('heading', { name: homeTitle }).click();
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
  });

  const shop = nav.getByRole('link', { name: demoNavigation[siteLang][1]!.title, exact: true });

  await test.step('a page on its way keeps its shape (a skeleton), not a bare "Loading…"', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/crud/product/skus**', async (route) => {
      await held;
      await route.continue();
    });
    await shop.click();
    const loading = page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: t('shell.loading') });
    await expect(loading).toBeVisible();
    // The words are for screen readers; what shows is the page's shape: a heading, lines and cards.
    await expect(loading.getByText(t('shell.loading'))).toHaveClass('visually-hidden');
    expect((await loading.boundingBox())!.height).toBeGreaterThan(200);
    release();
    await expect(loading).toHaveCount(0);
    await expect(page.getByRole('list', { name: t('shop.products') })).toBeVisible();
    await page.unroute('**/crud/product/skus**');
  });

  await test.step('a navigation scrolls to the top of the page', async () => {
    // A short window, so that the page scrolls, yet the link stays in view.
    await page.setViewportSize({ width: 1024, height: 320 });
    await page.goto('/');
    await expect(shop).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await shop.click();
    await expect(page).not.toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

// On a wide screen the page is a column centred under the header (not left-aligned with an empty band on its right):
// the header's brand and cart sit as far from the window's sides as each other, and the page's text starts under the
// brand.
test('on a wide screen the page’s column is centred with the header', async ({ page, t }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/shop');
  const header = page.getByRole('banner');
  const [brand, cart, title] = await Promise.all(
    [
      header.getByRole('link', { name: t('shell.homeLink') }),
      header.getByRole('link', { name: new RegExp(`^${t('shell.cart')}`) }),
      page.getByRole('heading', { level: 1 }),
    ].map((l) => l.boundingBox()),
  );
  if (!brand || !cart || !title) throw new Error('the brand, the cart and the page’s title are shown');
  const left = brand.x;
  const right = 1366 - (cart.x + cart.width);
  expect(Math.abs(left - right), `the header's sides: ${left} and ${right} px`).toBeLessThanOrEqual(2);
  // The column is 72rem (1152 px): what is left of the window, on both sides alike.
  expect(left).toBeGreaterThan(100);
  expect(Math.abs(title.x - brand.x), 'the page’s title under the brand').toBeLessThanOrEqual(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu hides behind a toggle that closes it again on navigation', async ({ page, t, siteLang }) => {
    await page.goto('/');
    const nav = mainNavigation(page, t);
    const toggle = page.getByRole('button', { name: t('shell.menuOpen') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    // An icon button (its name says what it does), a 44 px target.
    await expect(toggle.locator('svg[aria-hidden="true"]')).toHaveCount(1);
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await toggle.click();
    const close = page.getByRole('button', { name: t('shell.menuClose') });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();

    await close.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    // Open it again and follow a link: the menu closes and the page starts at the top.
    await toggle.click();
    await expect(nav).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, 120));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const last = demoNavigation[siteLang].at(-1)!;
    await nav.getByRole('link', { name: last.title, exact: true }).click();
    await expect(page).not.toHaveURL(/\/$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('header and footer', () => {
  test("a visitor's header and footer: icon links, the skip link, contacts and sister sites, the brand link home", async ({
    page,
    t,
    siteLang,
    homeTitle,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: homeTitle })).toBeVisible();

    await test.step('the skip link moves to the main content', async () => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: t('shell.skipToContent') });
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });

    await test.step('search, the account and the cart are icons with their labels, 44 px targets, not underlined links', async () => {
      const banner = page.getByRole('banner');
      for (const name of [t('shell.search'), t('shell.login'), t('shell.cart')]) {
        const link = banner.getByRole('link', { name, exact: true });
        await expect(link).toHaveText(name);
        await expect(link.locator('svg[aria-hidden="true"]')).toHaveCount(1);
        await expect(link).toHaveCSS('text-decoration-line', 'none');
        expect((await link.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
      }
    });

    await test.step('the footer shows the contact details of the site language', async () => {
      const footer = page.getByRole('contentinfo');
      for (const key of ['footer.ministry', 'footer.addressLine1', 'footer.addressLine2'] as const) {
        await expect(footer).toContainText(t(key));
      }
      await expect(footer.getByRole('link', { name: t('footer.email') })).toHaveAttribute('href', `mailto:${t('footer.email')}`);
      await expect(footer.getByRole('link', { name: t('footer.phone') })).toHaveAttribute('href', /^tel:\+\d+$/);
      const social = footer.getByRole('navigation', { name: t('footer.social') });
      for (const [name, url] of [
        [t('footer.facebook'), t('footer.facebookUrl')],
        [t('footer.youtube'), t('footer.youtubeUrl')],
        [t('footer.instagram'), t('footer.instagramUrl')],
      ] as const) {
        await expect(social.getByRole('link', { name })).toHaveAttribute('href', url);
      }
      await expect(footer.getByText(t('footer.copyright', { year: String(new Date().getFullYear()) }))).toBeVisible();
      await expect(footer.getByRole('link', { name: t('footer.privacy') })).toHaveAttribute(
        'href',
        siteLang === 'es' ? '/privacidad' : '/privacy',
      );
    });

    await test.step('the footer links to the sites in the other languages', async () => {
      const sisters = page.getByRole('contentinfo').getByRole('navigation', { name: t('footer.sisterSites') });
      const others = (['en', 'es', 'ru'] as const).filter((l) => l !== siteLang);
      await expect(sisters.getByRole('link')).toHaveCount(others.length);
      for (const lang of others) {
        await expect(sisters.getByRole('link', { name: t(`footer.siteIn.${lang}`) })).toHaveAttribute('hreflang', lang);
      }
      await expect(sisters.getByRole('link', { name: t(`footer.siteIn.${siteLang}`) })).toHaveCount(0);
    });

    await test.step('the brand link leads home', async () => {
      await page.goto('/no-such-page');
      await page
        .getByRole('banner')
        .getByRole('link', { name: t('shell.homeLink') })
        .click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: homeTitle })).toBeVisible();
    });
  });

  test('signed in, the account menu opens from the header, My Library joins the site navigation, form controls are 44 px', async ({
    page,
    t,
  }) => {
    await signIn(page, DEMO_CUSTOMER);
    await page.goto('/');
    const banner = page.getByRole('banner');
    const account = banner.getByRole('button', { name: t('shell.myAccount') });
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(banner.getByRole('link', { name: t('shell.myOrders') })).toBeHidden();
    await expect(mainNavigation(page, t).getByRole('link', { name: t('shell.myLibrary') })).toBeVisible();

    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    for (const key of ['shell.myOrders', 'shell.settings'] as const) {
      await expect(banner.getByRole('link', { name: t(key) })).toBeVisible();
    }
    await expect(banner.getByRole('button', { name: t('shell.logout') })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(account).toBeFocused();
    await expect(banner.getByRole('link', { name: t('shell.myOrders') })).toBeHidden();

    // It drops over the page: following one of its links closes it.
    await account.click();
    await banner.getByRole('link', { name: t('shell.myOrders') }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(banner.getByRole('link', { name: t('shell.myOrders') })).toBeHidden();

    await test.step('form controls are 44 px targets in the site style', async () => {
      await page.goto('/account/reset-password');
      const show = page.getByRole('checkbox', { name: t('password.showPassword') });
      const row = page.locator('label').filter({ has: show });
      expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect((await show.boundingBox())!.width).toBeGreaterThanOrEqual(18);
      const field = page.getByRole('textbox').first();
      expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expect(field).toHaveCSS('border-radius', '6px');
    });
  });

  test('a confirmation that removes something makes its action the prominent button', async ({ page, t }) => {
    await page.goto('/story/the-first-christmas');
    await page.getByRole('button', { name: t('catalogue.addTrack', { title: t('catalogue.digitalAlbum') }) }).click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: t('shell.cartWithCount', { count: 1 }) })
      .click();
    await page
      .getByRole('region', { name: t('cart.lines') })
      .getByRole('button', { name: t('cart.remove') })
      .click();
    const dialog = page.getByRole('dialog', { name: t('cart.confirmTitle') });
    const remove = dialog.getByRole('button', { name: t('cart.confirmRemove') });
    const keep = dialog.getByRole('button', { name: t('cart.confirmCancel') });
    // The removal filled in the danger red; the way out a plain white button (focused first, the safe choice).
    await expect(remove).toHaveCSS('background-color', 'rgb(179, 38, 30)');
    await expect(keep).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(keep).toBeFocused();
    await keep.click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('banners', () => {
  test('logging out from the account menu reloads the page; a banner confirms it, once, for 5 seconds, and it can be dismissed', async ({
    page,
    context,
    t,
  }) => {
    // The banner's 5 seconds pass on Playwright's clock.
    await page.clock.install();
    await createAccount(page, { email: freshEmail('logout'), password: 'listen-along-2' });
    await page.goto('/cart');
    const nav = page.getByRole('navigation');
    const myAccount = nav.getByRole('button', { name: t('shell.myAccount') });
    await expect(myAccount).toBeVisible();

    await myAccount.click();
    await nav.getByRole('button', { name: t('shell.logout') }).click();
    const banner = page.getByRole('status').filter({ hasText: t('shell.loggedOut') });
    await expect(banner).toBeVisible();
    await expect(nav.getByRole('link', { name: t('shell.login') })).toBeVisible();
    await expect(myAccount).toHaveCount(0);
    // The flash cookie is read once, so the banner shows on one page load only.
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'flash_logged_out')).toBe(false);
    // It shows for 5 seconds (spec §9).
    await page.clock.runFor(5000);
    await expect(banner).toBeHidden();
    await expect(page.getByText(t('shell.loggedOut'))).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t('cart.title') })).toBeVisible();
    await expect(banner).toHaveCount(0);

    await test.step('the logout address leads home, where the banner can be dismissed', async () => {
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/$/);
      await banner.getByRole('button', { name: t('shell.dismiss') }).click();
      await expect(banner).toHaveCount(0);
    });
  });

  test('offline, a notice shows; back online, the page loads again', async ({ page, context, t, homeTitle }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: homeTitle })).toBeVisible();
    await page.evaluate(() => {
      (window as Window & { beforeReload?: boolean }).beforeReload = true;
    });

    await context.setOffline(true);
    await expect(page.getByRole('alert')).toHaveText(t('shell.offline'));
    // The notice covers none of the header: its links and buttons can still be pressed offline (only checked here,
    // as a press would leave the page).
    await page
      .getByRole('banner')
      .getByRole('link', { name: t('shell.login') })
      .click({ trial: true });

    // The reload is a navigation: asking the old page for its mark while it goes away would race it.
    const reloaded = page.waitForEvent('load');
    await context.setOffline(false);
    await reloaded;
    await appReady(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => (window as Window & { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: homeTitle })).toBeVisible();
  });
});
