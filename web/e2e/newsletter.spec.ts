import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, test } from './fixtures';
import { watchRequests } from './helpers';

// Spec §4/§5/§8 Newsletter: the block on the home page, subscribing through
// the JSONP endpoint (the server's own by default: per-language lists).

const block = (page: Page, t: Translate) => page.getByRole('region', { name: t('newsletter.title') });

test('subscribes, says Subscribed for five seconds, and knows an address already on the list', async ({ page, t, siteLang }) => {
  const email = `family-${siteLang}-${Date.now()}@example.test`;
  await page.goto('/');
  const newsletter = block(page, t);
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill(email);
  await newsletter.getByRole('textbox', { name: t('newsletter.fname') }).fill('Ada');
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();

  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribed') })).toBeDisabled();
  await expect(newsletter.getByRole('status')).toHaveText(t('newsletter.reply.subscribed'));
  await expect(newsletter.getByRole('textbox', { name: t('newsletter.email') })).toHaveValue('');
  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled({ timeout: 7000 });

  // The same address again, in other letter case: the provider's message, as it is.
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill(email.toUpperCase());
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();
  await expect(newsletter.getByRole('alert')).toHaveText(t('newsletter.reply.alreadySubscribed', { email: email.toUpperCase() }));
  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();
});

test('explains a missing or invalid e-mail without asking the provider', async ({ page, t }) => {
  const requests = watchRequests(page, (r) => r.url().includes('/newsletter/subscribe/'));
  await page.goto('/');
  const newsletter = block(page, t);
  const email = newsletter.getByRole('textbox', { name: t('newsletter.email') });

  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();
  await expect(email).toHaveAccessibleDescription(t('validation.required'));
  await expect(email).toBeFocused();
  await email.fill('not-an-email');
  await expect(email).toHaveAccessibleDescription(t('validation.invalid'));
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();

  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();
  expect(requests).toEqual([]);
});

test("shows a provider's refusal as plain text", async ({ page, t }) => {
  const refusal = '0 - <a href="https://example.test">Too many</a> sign-ups <script>window.__ran = 1</script>';
  // Stands in for a configured provider that refuses: answers the JSONP callback it was given.
  await page.route('**/newsletter/subscribe/post-json?*', (route) => {
    const callback = new URL(route.request().url()).searchParams.get('c');
    return route.fulfill({
      contentType: 'application/javascript',
      body: `${callback}(${JSON.stringify({ result: 'error', msg: refusal })});`,
    });
  });
  await page.goto('/');
  const newsletter = block(page, t);
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill('refused@example.test');
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();

  await expect(newsletter.getByRole('alert')).toHaveText(refusal);
  await expect(newsletter.getByRole('link')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();
});

test('a provider that cannot be reached gives the generic failure', async ({ page, t }) => {
  // An answer that never calls back (a provider that is down behind a proxy page): the request times out.
  await page.clock.install();
  await page.route('**/newsletter/subscribe/post-json?*', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: '/* nothing */' }),
  );
  await page.goto('/');
  const newsletter = block(page, t);
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill('unreachable@example.test');
  // The time-out starts when the provider's script is requested, after the newsletter settings have loaded:
  // moving the clock before that would move it past nothing.
  const requested = page.waitForRequest(/\/newsletter\/subscribe\/post-json\?/);
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();
  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribing') })).toBeDisabled();
  await requested;

  await page.clock.fastForward(16_000);
  await expect(newsletter.getByRole('alert')).toHaveText(t('newsletter.failed'));
  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();
});
