import { demoPage, expect, type SiteLang, test } from './fixtures';

// Spec §2 CMS page: pages of the demo content (server/src/modules/cms/demo-pages.ts)
// rendered by their layouts, in the language of each project's host.

const about: Record<SiteLang, { url: string; anchor: string; anchorTarget: string; internal: string; internalTitle: string }> = {
  en: {
    url: '/about',
    anchor: 'Our team',
    anchorTarget: 'our-team',
    internal: 'Russian program',
    internalTitle: 'Russian program',
  },
  es: {
    url: '/quienes-somos',
    anchor: 'Nuestro equipo',
    anchorTarget: 'nuestro-equipo',
    internal: 'programa ruso',
    internalTitle: 'Programa ruso',
  },
};

test('a basic subpage arrives with its page head, shows its hero, title, intro, content, sidebar and newsletter; its anchors and links work in the app', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const { url, anchor, anchorTarget, internal, internalTitle } = about[siteLang];
  const entry = demoPage(siteLang, url);
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';

  await test.step('the server sends the page head: description, canonical link, alternates and social preview', async () => {
    expect(html).toContain(`<meta name="description" content="${entry.description}">`);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="http://${siteLang === 'es' ? 'es\\.' : ''}localhost:\\d+${entry.url}">`),
    );
    expect(html).toMatch(/<link rel="alternate" hreflang="es" href="http:\/\/es\.localhost:\d+\/quienes-somos">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="ru" href="http:\/\/ru\.localhost:\d+\/about[^"]*">/);
    expect(html).toContain('<meta property="og:image"');
  });

  await test.step('the page shows its hero, title, intro, content, sidebar and newsletter', async () => {
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
    await expect(page).toHaveTitle(`${entry.title} · ${t('app.titleSuffix')}`);
    const hero = main.getByRole('img', { name: entry.main_image_alt });
    await expect(hero).toHaveAttribute('srcset', /580w.*990w.*1500w/);
    // The largest image comes first: the server preloads the very copies the page shows; the sidebar's waits.
    const preload = /<link rel="preload" as="image" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(html);
    await expect(hero).toHaveAttribute('srcset', preload?.[1]?.replaceAll('&amp;', '&') ?? 'no preload link');
    await expect(hero).toHaveAttribute('sizes', preload?.[2] ?? 'no preload link');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).not.toHaveAttribute('loading', /./);
    await expect(main.locator('img.cms-sidebar__image')).toHaveAttribute('loading', 'lazy');
    await expect(main.locator('.cms-intro')).toContainText(entry.intro?.replace(/<[^>]+>/g, '') ?? '');
    await expect(main.locator('figcaption')).toHaveText(entry.sidebar_image_alt ?? '');
    await expect(main.getByRole('heading', { level: 2, name: t('newsletter.title') })).toBeVisible();
  });

  // The headings have no ids in the text (the visual editor keeps none): the server gives each one of its words.
  await test.step('in-page anchors scroll to their section and internal links route in the app', async () => {
    // A full page load would lose this marker; in-app routing keeps it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByRole('main').getByRole('link', { name: anchor, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${url}#${anchorTarget}$`));
    await expect(page.locator(`#${anchorTarget}`)).toBeInViewport();

    await page.locator('.cms-main').getByRole('link', { name: internal, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: internalTitle })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

test('the Russian-program page loads its listed script and stylesheet once and marks today in the schedule', async ({
  page,
  t,
  siteLang,
}) => {
  const url = siteLang === 'es' ? '/quienes-somos/programa-ruso' : '/about/russian-program';
  // A Wednesday: the schedule has a broadcast that day.
  await page.clock.setFixedTime(new Date('2026-06-03T12:00:00'));
  await page.goto(url);
  // The schedule is a list, each day's item beginning with the weekday in bold (what the visual editor keeps).
  const [monday, wednesday] = siteLang === 'es' ? ['Lunes', 'Miércoles'] : ['Monday', 'Wednesday'];
  const schedule = page.locator('.cms-main').getByRole('list').filter({ hasText: monday });
  await expect(schedule.getByRole('listitem')).toHaveCount(5);
  const today = schedule.locator('li[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today.locator('strong')).toHaveText(wednesday);
  // The listed stylesheet marks it: a background of its own, the other days none.
  await expect(today).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(schedule.getByRole('listitem').first()).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  // Away and back: the assets are not added again.
  await page.getByRole('link', { name: t('shell.homeLink') }).click();
  await page.goBack();
  await expect(schedule).toBeVisible();
  await expect(page.locator('script[data-cms-asset="/cms/schedule-today.js"]')).toHaveCount(1);
  await expect(page.locator('link[data-cms-asset="/cms/schedule.css"]')).toHaveCount(1);
});

test('the home page shows its CMS blocks around the catalogue blocks; the footer links the privacy page; a path the CMS does not have is the not-found page', async ({
  page,
  t,
  siteLang,
  homeTitle,
}) => {
  const home = demoPage(siteLang, '/index').home ?? {};
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
  if (home.homeAnnouncementTitle) {
    await expect(main.getByRole('heading', { level: 2, name: home.homeAnnouncementTitle })).toBeVisible();
  } else {
    await expect(main.getByRole('heading', { level: 2, name: home.homeMainTitle })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: home.homeMainTitle2 })).toBeVisible();
  }
  const kids = main.getByRole('region', { name: t('home.kidsCorner') });
  await expect(kids.getByRole('link', { name: home.homeKidsCornerItem1LinkTitle })).toHaveAttribute(
    'href',
    '/adventures/sign-up',
  );
  await expect(kids.getByRole('link', { name: home.homeKidsCornerItem2LinkTitle })).toHaveAttribute('href', '/get-a-free-mp3');
  await expect(main.getByRole('region', { name: t('home.explore') })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: t('newsletter.title') })).toBeVisible();

  await kids.getByRole('link', { name: home.homeKidsCornerLinkTitle }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: demoPage(siteLang, siteLang === 'es' ? '/libro-de-visitas' : '/guestbook').title,
    }),
  ).toBeVisible();

  // The privacy page is linked from the footer, in the site language.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('footer.privacy') })
    .click();
  const privacy = demoPage(siteLang, siteLang === 'es' ? '/privacidad' : '/privacy');
  await expect(page.getByRole('heading', { level: 1, name: privacy.title })).toBeVisible();

  // A path the CMS does not have is the not-found page, with status 404.
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
});
