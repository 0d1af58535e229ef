import { type AdminNavigationResponse, adminPath } from '@storyhouse/contracts';
import { demoNavigation, expect, mainNavigation, test } from './fixtures';
import { asBrowser, seriousViolations, signInAsAdmin } from './helpers';
import { overflow } from './page-width';

// Issue 30 item 3: the ministry's volunteer adds an item to the site's menu
// (under the last item with a drop-down list, so the header's bar, which
// other journeys measure, keeps its items), moves it up by keyboard, saves,
// and sees it in the site’s header; then takes it out again, after being
// told another admin saved the menu meanwhile.

// axe goes into the page as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });
// The save made from a menu another admin saved meanwhile is refused (409), on purpose.
test.use({ expectedApiErrors: [{ status: 409, path: /^\/crud\/admin\/navigation\/(en|es)$/ }] });

test('the admin adds a menu item, moves it up by keyboard, saves, and finds it in the site’s menu', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const parent = demoNavigation[siteLang].findLast((i) => i.children)!;
  const [lastChild] = parent.children!.slice(-1);
  // Its own title each run: a retry never finds the item of a failed first run.
  const title = `${t('admin.navigation.itemTitle')} ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto(adminPath('adminNavigation', siteLang)!);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.navigation.title') })).toBeVisible();
  const languageName = t(`admin.navigation.languageName.${siteLang}`);
  await expect(page.getByLabel(t('admin.navigation.language'))).toHaveValue(siteLang);
  const menu = page.getByRole('region', { name: t('admin.navigation.listLabel', { language: languageName }) });
  const children = menu.getByRole('list', { name: t('admin.navigation.subItems', { title: parent.title }) });
  const live = menu.locator('[aria-live="polite"]').first();

  await test.step('On a phone the menu fits the screen, no label cut off', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { scroll, width, culprits, clipped } = await overflow(page);
    expect({ scroll, culprits, clipped }).toEqual({ scroll: width, culprits: [], clipped: [] });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('Add an item: refused without a site path, then added at the end of the menu', async () => {
    const add = page.getByRole('region', { name: t('admin.navigation.addHeading') });
    await add.getByLabel(t('admin.navigation.itemTitle')).fill(title);
    await add.getByLabel(t('admin.navigation.itemUrl')).fill('javascript:alert(1)');
    await add.getByRole('button', { name: t('admin.navigation.add') }).click();
    await expect(add.getByText(t('admin.navigation.error.urlInvalid'))).toBeVisible();
    await add.getByLabel(t('admin.navigation.itemUrl')).fill('/contact');
    await add.getByRole('button', { name: t('admin.navigation.add') }).click();
    await expect(live).toHaveText(t('admin.navigation.added', { title }));
    await expect(page.getByText(t('admin.navigation.unsaved'))).toBeVisible();
  });

  await test.step(`Indent it under ${parent.title}, then move it up by keyboard: drag handle, Space, arrow up, Space`, async () => {
    await menu.getByRole('button', { name: t('admin.navigation.indentLabel', { title, parent: parent.title }) }).click();
    await expect(live).toHaveText(t('admin.navigation.indented', { title, parent: parent.title }));
    await expect(children.getByRole('listitem').last()).toContainText(title);

    await children.getByRole('button', { name: t('admin.navigation.handle', { title }) }).focus();
    // Each key is answered (and said, in the site language) before the next: picked up, over its own place, then the one above.
    const count = parent.children!.length + 1;
    const over = (position: number) => page.getByText(t('admin.navigation.dragOver', { title, position, count }));
    await page.keyboard.press('Space');
    await expect(over(count)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(over(count - 1)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(children.getByRole('listitem').last()).toContainText(lastChild!);
    await expect(children.getByRole('listitem').nth(-2)).toContainText(title);
    // The drop is said in the site language, and focus stays on the item moved.
    await expect(
      page.getByText(
        t('admin.navigation.moved', { title, position: parent.children!.length, count: parent.children!.length + 1 }),
      ),
    ).toBeAttached();
    await expect(children.getByRole('button', { name: t('admin.navigation.handle', { title }) })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('Save: the menu is saved, and the site’s menu shows the item before the one it moved above', async () => {
    await page.getByRole('button', { name: t('admin.navigation.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('admin.navigation.saved') })).toBeVisible();
    await expect(page.getByText(t('admin.navigation.unsaved'))).toHaveCount(0);

    await page.goto('/');
    const nav = mainNavigation(page, t);
    await nav.getByRole('button', { name: t('shell.submenu', { title: parent.title }) }).click();
    const link = nav.getByRole('link', { name: title, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/contact');
    const names = await nav.getByRole('link').allTextContents();
    expect(names.indexOf(title)).toBe(names.indexOf(lastChild!) - 1);
  });

  await test.step('Remove it; another admin saves first: told the menu changed, reloads, removes it again and saves', async () => {
    await page.goto(adminPath('adminNavigation', siteLang)!);
    await menu.getByRole('button', { name: t('admin.navigation.removeLabel', { title }) }).click();
    await expect(live).toHaveText(t('admin.navigation.removed', { title }));
    // Another admin saves the menu as it is (a new version) while this one is open.
    await asBrowser(page, async (api) => {
      const stored = (await (await api.get(`/crud/admin/navigation/${siteLang}`)).json()) as AdminNavigationResponse;
      const items = stored.items.map(({ id, title, url, children }) => ({
        id,
        title,
        url,
        children: children.map((c) => ({ id: c.id, title: c.title, url: c.url, children: [] })),
      }));
      const res = await api.put(`/crud/admin/navigation/${siteLang}`, { data: { version: stored.version, items } });
      expect(res.status(), await res.text()).toBe(200);
    });
    await page.getByRole('button', { name: t('admin.navigation.save') }).click();
    const conflict = page.getByRole('alert').filter({ hasText: t('admin.navigation.conflict') });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: t('admin.navigation.reload') }).click();
    await expect(conflict).toHaveCount(0);
    await menu.getByRole('button', { name: t('admin.navigation.removeLabel', { title }) }).click();
    await page.getByRole('button', { name: t('admin.navigation.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('admin.navigation.saved') })).toBeVisible();
    await page.goto('/');
    await expect(mainNavigation(page, t).getByRole('link', { name: title, exact: true })).toHaveCount(0);
  });
});
