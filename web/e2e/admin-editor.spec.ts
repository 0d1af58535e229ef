import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { type AdminProduct, adminPath } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { demoPage, expect, test } from './fixtures';
import { ANY, apiFromPage, messagePattern, seriousViolations, signInAsAdmin, withRunLock } from './helpers';

// Editing without HTML (decision 063), on a phone: a volunteer opens the About page, finds its text in the visual
// editor (no HTML box), adds words to a paragraph, sees the sticky bar say the changes are unsaved, is asked before
// leaving, stays, publishes from the bar and finds the words on the site. A product's description likewise.

const about = { en: '/about', es: '/quienes-somos' } as const;

test.use({ viewport: { width: 390, height: 844 } });
// axe goes into the editor as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** Whether the place being typed (the caret) shows above the bar, not under it. */
const caretAboveBar = (bar: Locator) =>
  bar.evaluate((el) => {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0) return 'no caret';
    const caret = selection.getRangeAt(0).getBoundingClientRect();
    return caret.bottom <= el.getBoundingClientRect().top && caret.top >= 0 ? 'above' : 'hidden';
  });

/** The editor's text field of `label`: the visual editor's (contenteditable), not an HTML box. */
async function expectVisual(within: Page | Locator, t: Translate, label: string) {
  const field = within.getByRole('textbox', { name: label, exact: true });
  await expect(field).toHaveAttribute('contenteditable', 'true');
  await expect(within.getByRole('toolbar', { name: t('admin.richText.toolbar', { field: label }) })).toBeVisible();
  return field;
}

test('on a phone the volunteer edits the About page in the visual editor, is asked before leaving, and publishes from the sticky bar', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  test.setTimeout(90_000);
  // admin-pages.spec.ts and admin-content.spec.ts edit this page too: one journey at a time.
  await withRunLock(`about-page-${siteLang}`, async () => {
    const url = about[siteLang];
    const entry = demoPage(siteLang, url);
    const words = `${siteLang === 'es' ? 'Gracias a cada voluntario' : 'Thank you to every volunteer'} ${Date.now().toString(36)}.`;
    const bar = page.getByRole('region', { name: t('admin.editBar.pageActions') });
    const state = bar.getByRole('status');
    await signInAsAdmin(page);

    await test.step('the About page opens in the visual editor: no HTML box, no warning, the scripts put away', async () => {
      await page.goto(`${adminPath('adminPages', siteLang)}?lang_code=${siteLang}&search=${encodeURIComponent(entry.title)}`);
      await page.getByRole('link', { name: entry.title, exact: true }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin.pages.editTitle', { title: entry.title }) }),
      ).toBeVisible();
      for (const label of [t('admin.pages.fieldIntro'), t('admin.pages.fieldMainContent'), t('admin.pages.fieldSidebarContent')])
        await expectVisual(page, t, label);
      await expect(page.locator('textarea.rich-text__html')).toHaveCount(0);
      await expect(page.getByText(t('admin.richText.beyond'))).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('admin.richText.html') }).first()).toBeVisible();
      // Scripts and stylesheets: under Advanced, closed (the About page has none).
      await expect(page.getByText(t('admin.pages.advanced'), { exact: true })).toBeVisible();
      await expect(page.getByLabel(t('admin.pages.fieldScripts'))).toBeHidden();
      // The bar is on screen from the start, saying the page is published.
      await expect(state).toHaveText(messagePattern(t, 'admin.editBar.published', { time: ANY }));
      await expect(bar).toBeInViewport({ ratio: 1 });
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('words added to the last paragraph of the main content: the bar says so, in view, not over the caret', async () => {
      const main = await expectVisual(page, t, t('admin.pages.fieldMainContent'));
      await main.locator('p').last().click();
      await main.press('ControlOrMeta+End');
      await page.keyboard.type(` ${words}`);
      await expect(main.locator('p').last()).toContainText(words);
      await expect(state).toHaveText(t('admin.editBar.unsavedPage'));
      await expect(bar).toBeInViewport({ ratio: 1 });
      expect(await caretAboveBar(bar)).toBe('above');
    });

    await test.step('leaving asks first: by a link, by the browser’s Back, by a reload; the volunteer stays each time', async () => {
      const editor = page.url();
      const leave = page.getByRole('dialog', { name: t('admin.leave.title') });
      await page.getByRole('link', { name: t('admin.pages.back') }).click();
      await expect(leave).toBeVisible();
      await expect(leave).toContainText(t('admin.leave.text'));
      await leave.getByRole('button', { name: t('admin.leave.stay') }).click();
      await expect(leave).toBeHidden();
      await expect(page).toHaveURL(editor);

      await page.evaluate(() => window.history.back());
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: t('admin.leave.stay') }).click();
      await expect(page).toHaveURL(editor);

      const asked = page.waitForEvent('dialog');
      void page.evaluate(() => window.location.reload()).catch(() => undefined);
      const reload = await asked;
      expect(reload.type()).toBe('beforeunload');
      await reload.dismiss();

      await expect(page.getByRole('textbox', { name: t('admin.pages.fieldMainContent'), exact: true })).toContainText(words);
      await expect(state).toHaveText(t('admin.editBar.unsavedPage'));
    });

    await test.step('saved as a draft, then published from the bar, which says so with the time', async () => {
      await bar.getByRole('button', { name: t('admin.pages.save') }).click();
      await expect(state).toHaveText(messagePattern(t, 'admin.editBar.draft', { time: ANY }));
      await bar.getByRole('button', { name: t('admin.pages.publish') }).click();
      await page
        .getByRole('dialog', { name: t('admin.pages.publishTitle', { title: entry.title }) })
        .getByRole('button', { name: t('admin.pages.publish') })
        .click();
      await expect(state).toHaveText(messagePattern(t, 'admin.editBar.published', { time: ANY }));
      await expect(bar).toBeInViewport({ ratio: 1 });
    });

    await test.step('the site’s About page shows the words, and leaving a saved page asks nothing', async () => {
      await page.getByRole('link', { name: t('admin.pages.back') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('admin.pages.title') })).toBeVisible();
      await page.goto(url);
      await expect(page.getByRole('main').locator('.cms-main')).toContainText(words);
    });
  });
});

// In English only (decision 087): the About page's journey above shows the same editor and sticky bar in Spanish.
test('on a phone a product’s description is written in the visual editor and saved from the sticky bar', async ({
  page,
  t,
  siteLang,
}) => {
  const token = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/');
  // A product of its own, not on sale: the shop's catalogue stays as other journeys read it.
  const created = await apiFromPage(page, 'POST', '/crud/admin/products', {
    title: `Editor ${token}`,
    slug: `editor-${token}-${siteLang}`,
    lang_code: siteLang,
    description: '<p>A first paragraph.</p>',
    is_available: false,
  });
  expect(created.status, 'the product is created').toBe(200);
  const product = created.body as AdminProduct;
  const bar = page.getByRole('region', { name: t('admin.editBar.productActions') });
  const state = bar.getByRole('status');

  await page.goto(`/admin/products/${product.id}`);
  const details = page.getByRole('region', { name: t('admin.catalogue.details') });
  const description = await expectVisual(details, t, t('admin.catalogue.description'));
  await expect(state).toHaveText(messagePattern(t, 'admin.editBar.saved', { time: ANY }));
  await description.locator('p').last().click();
  await description.press('ControlOrMeta+End');
  await description.press('Enter');
  await expect(description.locator('p')).toHaveText(['A first paragraph.', '']);
  const toolbar = page.getByRole('toolbar', { name: t('admin.richText.toolbar', { field: t('admin.catalogue.description') }) });
  await toolbar.getByRole('button', { name: t('admin.richText.bulletList') }).click();
  await page.keyboard.type('Five stories');
  await expect(description.getByRole('listitem')).toHaveText('Five stories');
  // A picture in the text: uploaded with the back office's own picker, then described, then inserted.
  await description.press('Enter');
  await description.press('Enter');
  await toolbar.getByRole('button', { name: t('admin.richText.image') }).click();
  const uploaded = page.waitForResponse((r) => r.url().includes('/crud/admin/media?kind=image') && r.ok());
  await details.getByLabel(t('admin.richText.imagePick'), { exact: true }).setInputFiles({
    name: `editor-${Date.now().toString(36)}.jpg`,
    mimeType: 'image/jpeg',
    buffer: readFileSync(path.join(import.meta.dirname, '../../server/demo/media/covers/daniel-y-los-leones.jpg')),
  });
  const key = ((await (await uploaded).json()) as { key: string }).key;
  await expect(details.getByRole('textbox', { name: t('admin.richText.imageAddress') })).toHaveValue(`/media/${key}`);
  await details.getByRole('textbox', { name: t('admin.richText.imageAlt') }).fill('Daniel and the lions');
  await details.getByRole('button', { name: t('admin.richText.imageApply') }).click();
  await expect(description.getByRole('img', { name: 'Daniel and the lions' })).toHaveAttribute('src', `/media/${key}`);
  await expect(state).toHaveText(t('admin.editBar.unsaved'));
  await expect(bar).toBeInViewport({ ratio: 1 });
  expect(await seriousViolations(page)).toEqual([]);

  await bar.getByRole('button', { name: t('admin.catalogue.save') }).click();
  await expect(state).toHaveText(messagePattern(t, 'admin.editBar.saved', { time: ANY }));
  const saved = await apiFromPage(page, 'GET', `/crud/admin/products/${product.id}`);
  expect((saved.body as AdminProduct).description).toBe(
    `<p>A first paragraph.</p><ul><li><p>Five stories</p></li></ul><p><img src="/media/${key}" alt="Daniel and the lions" loading="lazy" /></p>`,
  );
});
