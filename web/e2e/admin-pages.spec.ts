import type { Page } from '@playwright/test';
import { adminPath, routePath } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { demoPage, expect, otherLang, test } from './fixtures';
import { ANY, asBrowser, messagePattern, seriousViolations, signInAsAdmin, withRunLock } from './helpers';
import { overflow } from './page-width';

// Issue 30 item 3: the ministry's volunteer finds the About page among the
// Pages, adds a paragraph to its introduction with the rich-text editor and
// saves the draft (the site still shows the published page), previews the
// draft as the site will show it, publishes it, and sees it live.

const about = { en: '/about', es: '/quienes-somos' } as const;

// axe goes into the editor as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** The published page's intro as the API serves it on the site. */
const liveIntro = (page: Page, url: string) =>
  asBrowser(page, async (api) => {
    const answer = await api.get(`/crud/content/entry/by/url?url=${encodeURIComponent(url)}`);
    return ((await answer.json()) as { cms_entry: { intro: string } }).cms_entry.intro;
  });

/** Whether the page fits a phone's screen: nothing wider, no control's words cut off (page-width.ts). */
const fits = async (page: Page) => {
  const { width, scroll, culprits, clipped } = await overflow(page);
  return { wider: scroll > width, culprits, clipped };
};
const FITS = { wider: false, culprits: [], clipped: [] };

const adminNav = (page: Page, t: Translate) => page.getByRole('navigation', { name: t('admin.nav.label') });

/** Where the page stands, in the editor's sticky bar. */
const barState = (page: Page, t: Translate) =>
  page.getByRole('region', { name: t('admin.editBar.pageActions') }).getByRole('status');

test('the admin edits the About page’s draft with the rich-text editor, previews it, publishes it and sees it live', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  // admin-content.spec.ts edits the English About page too: one journey at a time.
  await withRunLock(`about-page-${siteLang}`, async () => {
    const url = about[siteLang];
    const entry = demoPage(siteLang, url);
    // A run of its own: a retry adds its own words (the demo page's own stay, which other journeys read).
    const words = `${siteLang === 'es' ? 'Ahora en tres idiomas' : 'Now in three languages'} ${Date.now().toString(36)}`;
    await signInAsAdmin(page);
    await page.goto(routePath('admin', siteLang)!);

    await test.step('Pages: found by its title among the pages of the language, opened in the editor', async () => {
      await adminNav(page, t)
        .getByRole('link', { name: t('admin.nav.pages') })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: t('admin.pages.title') })).toBeVisible();
      const filters = page.getByRole('form', { name: t('admin.pages.filters') });
      await filters.getByLabel(t('admin.pages.language')).selectOption({ label: t(`lang.${siteLang}`) });
      await filters.getByLabel(t('admin.pages.search')).fill(entry.title);
      await filters.getByRole('button', { name: t('admin.pages.filterButton') }).click();
      await expect(page).toHaveURL(new RegExp(`lang_code=${siteLang}`));
      const link = page.getByRole('link', { name: entry.title, exact: true });
      const row = page.getByRole('row').filter({ has: link });
      await expect(row).toContainText(url);
      await expect(row).toContainText(t('admin.pages.template.basic-subpage'));
      await link.click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin.pages.editTitle', { title: entry.title }) }),
      ).toBeVisible();
      // Its version in the other language is one click away.
      const other = otherLang(siteLang);
      await expect(
        page.getByRole('link', {
          name: t('admin.pages.otherVersion', { lang: t(`lang.${other}`), title: demoPage(other, about[other]).title }),
        }),
      ).toBeVisible();
    });

    await test.step('A new paragraph in bold at the end of the introduction, saved as a draft the site does not show yet', async () => {
      const intro = page.getByRole('textbox', { name: t('admin.pages.fieldIntro') });
      await intro.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      const bold = page
        .getByRole('toolbar', { name: t('admin.richText.toolbar', { field: t('admin.pages.fieldIntro') }) })
        .getByRole('button', { name: t('admin.richText.bold') });
      await bold.click();
      await expect(bold).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.type(words);
      await expect(intro.locator('strong')).toHaveText(words);
      expect(await seriousViolations(page)).toEqual([]);
      await expect(barState(page, t)).toHaveText(t('admin.editBar.unsavedPage'));
      await page.getByRole('button', { name: t('admin.pages.save') }).click();
      await expect(barState(page, t)).toHaveText(messagePattern(t, 'admin.editBar.draft', { time: ANY }));
      await expect(page.getByText(t('admin.pages.stateChanged'))).toBeVisible();
      expect(await liveIntro(page, url)).not.toContain(words);
    });

    await test.step('Preview: the draft as the site will show it, under a banner that says it is a draft', async () => {
      await page.getByRole('link', { name: t('admin.pages.preview') }).click();
      await expect(page.getByRole('complementary', { name: t('admin.pagePreview.banner') })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
      await expect(main.locator('.cms-intro strong')).toHaveText(words);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await page.getByRole('link', { name: t('admin.pagePreview.backToEditor') }).click();
    });

    await test.step('Publish, once confirmed: the page is live at once', async () => {
      await page.getByRole('button', { name: t('admin.pages.publish') }).click();
      const dialog = page.getByRole('dialog', { name: t('admin.pages.publishTitle', { title: entry.title }) });
      await expect(dialog).toContainText(url);
      await dialog.getByRole('button', { name: t('admin.pages.publish') }).click();
      await expect(barState(page, t)).toHaveText(messagePattern(t, 'admin.editBar.published', { time: ANY }));
      await expect(page.getByText(t('admin.pages.statePublished'))).toBeVisible();

      await page.goto(url);
      const intro = page.getByRole('main').locator('.cms-intro');
      await expect(intro.locator('strong')).toHaveText(words);
      await expect(intro).toContainText(entry.intro?.replace(/<[^>]+>/g, '') ?? '');
    });

    await test.step('The audit log names the publish and links the page', async () => {
      await page.goto(`${adminPath('adminAudit', siteLang)}?action=cms.publish`);
      const name = `${url} (${siteLang})`;
      const link = page.getByRole('link', { name: t('admin.audit.targetOf.page', { name }) }).first();
      await expect(page.getByRole('row').filter({ has: link }).first()).toContainText(t('admin.audit.action.cms_publish'));
      await link.click();
      await expect(page.getByRole('link', { name: entry.title, exact: true })).toBeVisible();
    });
  });
});

test.describe('two admins at once', () => {
  // The second save is refused on purpose (409): the browser reports the failed call.
  test.use({ expectedApiErrors: [{ status: 409, path: /^\/crud\/admin\/cms\/entries\/\d+$/ }] });
  // On a phone: the list, the editor and a translation beside it fit the screen (issue 11), and all of it works there.
  test.use({ viewport: { width: 320, height: 640 } });

  test('a new page, its Spanish version linked to it, and two admins saving it at once: the second is told it changed and reloads', async ({
    page,
    t,
  }) => {
    const url = `/e2e-${Date.now().toString(36)}`;
    await signInAsAdmin(page);
    await page.goto(adminPath('adminPages', 'en')!);
    expect(await fits(page), 'the page list on a phone').toEqual(FITS);

    await test.step('A new page, created as a draft, opens in its editor', async () => {
      const form = page.getByRole('form', { name: t('admin.pages.new') });
      await form.getByLabel(t('admin.pages.newTitle')).fill('Our volunteers');
      await form.getByLabel(t('admin.pages.newAddress')).fill(url);
      await form.getByRole('button', { name: t('admin.pages.create') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin.pages.editTitle', { title: 'Our volunteers' }) }),
      ).toBeVisible();
      await expect(page.getByText(t('admin.pages.stateNew'))).toBeVisible();
    });

    await test.step('Its Spanish version: created from it, linked both ways', async () => {
      const english = page.url();
      await page.getByRole('button', { name: t('admin.pages.createTranslation', { lang: t('admin.pages.langIn.es') }) }).click();
      const form = page.getByRole('form', { name: t('admin.pages.translationForm', { lang: t('admin.pages.langIn.es') }) });
      await form.getByLabel(t('admin.pages.fieldTitle')).fill('Nuestros voluntarios');
      await form.getByRole('button', { name: t('admin.pages.create') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin.pages.editTitle', { title: 'Nuestros voluntarios' }) }),
      ).toBeVisible();
      await page
        .getByRole('link', { name: t('admin.pages.otherVersion', { lang: t('lang.en'), title: 'Our volunteers' }) })
        .click();
      await expect(page).toHaveURL(english);
    });

    await test.step('Two admins save the page at once: the second save is refused, said so, and the page reloads with the first’s', async () => {
      const other = await page.context().newPage();
      await other.goto(page.url());
      const title = (p: Page) => p.getByRole('form', { name: t('admin.pages.form') }).getByLabel(t('admin.pages.fieldTitle'));
      await title(other).fill('Our volunteers, thanked');
      await other.getByRole('button', { name: t('admin.pages.save') }).click();
      await expect(barState(other, t)).toHaveText(messagePattern(t, 'admin.editBar.draftNew', { time: ANY }));
      await other.close();

      await title(page).fill('Our many volunteers');
      await page.getByRole('button', { name: t('admin.pages.save') }).click();
      const alert = page.getByRole('alert').filter({ hasText: t('admin.pages.changedTitle') });
      await expect(alert).toContainText(t('errors.cms_entry_changed'));
      await alert.getByRole('button', { name: t('admin.pages.reload') }).click();
      await expect(title(page)).toHaveValue('Our volunteers, thanked');
      await expect(alert).toBeHidden();
    });
  });
});
