import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { clientNavigate, demoNavigation, expect, mainNavigation, test } from './fixtures';

// DESIGN.md: axe finds nothing serious. Each page is checked as a visitor
// sees it, in the language of the project's host.

const axePath = createRequire(import.meta.url).resolve('axe-core');

// axe is injected as an inline script, which the site's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const options: RunOptions = { resultTypes: ['violations'] };
  const results = await page.evaluate(
    (opts) =>
      (window as unknown as { axe: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, opts),
    options,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('the home page', async ({ page, t }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toBeVisible();
  await expect(mainNavigation(page, t).getByRole('link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the home page with a submenu open', async ({ page, t, siteLang }) => {
  await page.goto('/');
  const parent = demoNavigation[siteLang].find((i) => i.children)!;
  await mainNavigation(page, t)
    .getByRole('button', { name: t('shell.submenu', { title: parent.title }) })
    .click();
  await expect(mainNavigation(page, t).getByRole('link', { name: parent.children![0]!, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the not-found page', async ({ page, t }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the offline not-found page', async ({ page, context, t }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toBeVisible();
  await context.setOffline(true);
  await clientNavigate(page, '/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: t('notFound.offlineTitle') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the home page with the menu open', async ({ page, t }) => {
    await page.goto('/');
    await page.getByRole('button', { name: t('shell.menuOpen') }).click();
    await expect(mainNavigation(page, t)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
