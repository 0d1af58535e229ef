import { expect, test } from './fixtures';

// The pages keep to the Content-Security-Policy the server sends (no eval,
// no inline script): a violation is reported by the browser even when the
// code that tried recovers (zod's `new Function` probe did, on every page
// with a form, until the web app set it jitless).

test('pages with forms and the player do nothing the security policy refuses', async ({ page, t }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    window.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  for (const path of ['/', '/contact', '/login', '/get-a-free-mp3']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
  await page.goto('/');
  await page
    .getByRole('region', { name: t('home.freeStory') })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('region', { name: t('player.label') })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
