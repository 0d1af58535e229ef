import { routePath } from '@storyhouse/contracts';
import { clientNavigate, demoNavigation, expect, mainNavigation, test } from './fixtures';
import { seriousViolations } from './helpers';

// DESIGN.md: axe finds nothing serious. Each page is checked as a visitor
// sees it, in the language of the project's host.

// axe is injected as an inline script, which the site's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

// Each page at rest, then with what opens over it: one page load for both.
test('the home page, then with a submenu open', { tag: '@i18n' }, async ({ page, t, siteLang, homeTitle }) => {
  await page.goto('/');
  // The page's content first: arriving (and fading in) during the check it would read as faint text.
  await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
  await expect(mainNavigation(page, t).getByRole('link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const parent = demoNavigation[siteLang].find((i) => i.children)!;
  await mainNavigation(page, t)
    .getByRole('button', { name: t('shell.submenu', { title: parent.title }) })
    .click();
  await expect(mainNavigation(page, t).getByRole('link', { name: parent.children![0]!, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the not-found page, then offline', async ({ page, context, t, homeTitle }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await test.step('the offline not-found page', async () => {
    await clientNavigate(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
    await context.setOffline(true);
    await clientNavigate(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: t('notFound.offlineTitle') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// The catalogue screens (issue 3): the shop searching (tracks and products
// both listed) in grid layout, and a story page with a preview playing.
const demoStory = { en: 'the-first-christmas', es: 'rut-la-amiga-fiel' } as const;
const demoSearch = { en: 'Goliath', es: 'oracion' } as const;

test('the shop with a search and the grid layout, a story page with a preview playing, the free-streaming list and album', async ({
  page,
  t,
  siteLang,
}) => {
  await test.step('the shop with a search and the grid layout', async () => {
    const search = demoSearch[siteLang];
    await page.goto(`${routePath('shop', siteLang)}?search=${search}`);
    await expect(page.getByRole('heading', { level: 2, name: t('shop.resultsFor', { search }) })).toBeVisible();
    await expect(page.getByRole('region', { name: t('shop.matchingTracks') })).toBeVisible();
    await page.getByRole('button', { name: t('shop.grid'), exact: true }).click();
    await expect(page.getByRole('button', { name: t('shop.grid'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page
        .getByRole('list', { name: t('shop.products') })
        .getByRole('link')
        .first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('a story page with a preview playing', async () => {
    await page.goto(`/story/${demoStory[siteLang]}`);
    const tracks = page.getByRole('region', { name: t('catalogue.tracks') });
    await tracks.getByRole('button', { name: t('catalogue.playPreviews') }).click();
    await expect(page.getByRole('region', { name: t('player.label') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('the free-streaming list and album', async () => {
    await page.goto('/free-streaming');
    await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.title') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: t('freeStreaming.albumHeading') })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: t('catalogue.tracks') })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the home page with the menu open, the shop and a story', async ({ page, t, siteLang, homeTitle }) => {
    await page.goto('/');
    // The page's content first: arriving (and fading in) during the check it would read as faint text.
    await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
    await page.getByRole('button', { name: t('shell.menuOpen') }).click();
    await expect(mainNavigation(page, t)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(routePath('shop', siteLang)!);
    await expect(page.getByRole('list', { name: t('shop.products') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/story/${demoStory[siteLang]}`);
    await expect(page.getByRole('region', { name: t('story.buy') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
// The cart (issue 3): empty, then with lines and the removal dialog open.
test('the empty cart, then with lines and the removal dialog', async ({ page, t, siteLang }) => {
  await page.goto('/cart');
  await expect(page.getByText(t('cart.empty'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/story/${demoStory[siteLang]}`);
  for (const offer of [t('catalogue.digitalAlbum'), t('catalogue.book')]) {
    await page.getByRole('button', { name: t('catalogue.addTrack', { title: offer }) }).click();
    await expect(page.getByRole('button', { name: t('catalogue.addedTrack', { title: offer }) })).toBeVisible();
  }
  await page
    .getByRole('banner')
    .getByRole('link', { name: t('shell.cartWithCount', { count: 2 }) })
    .click();
  const lines = page.getByRole('region', { name: t('cart.lines') }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await lines
    .first()
    .getByRole('button', { name: t('cart.remove') })
    .click();
  await expect(page.getByRole('dialog', { name: t('cart.confirmTitle') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
