import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, test } from './fixtures';
import { readMailbox, watchRequests } from './helpers';

// Spec §4/§5/§8 Newsletter: the block on the home page, subscribing through
// the JSONP endpoint (the server's own by default: per-language lists), and
// issue 8's double opt-in: the e-mailed link confirms the subscription.

const block = (page: Page, t: Translate) => page.getByRole('region', { name: t('newsletter.title') });

/** Subscribes an address through the block and waits for the provider's answer. */
async function signUp(page: Page, t: Translate, email: string) {
  const newsletter = block(page, t);
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill(email);
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();
  await expect(newsletter.getByRole('status')).toHaveText(t('newsletter.reply.checkInbox'));
}

/** The link of the newest confirmation e-mail to `email`, read from the developer mailbox (as the admin, apart from the page). */
async function confirmationLink(t: Translate, email: string) {
  const mailbox = await readMailbox();
  const mail = mailbox.items.find((m) => m.to === email && m.subject === t('newsletter.mail.confirmSubject'));
  const link = mail && /https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation e-mail for ${email}`);
  return link;
}

test('asks to confirm by e-mail, says Subscribed for five seconds, and answers an address on the list alike', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const email = `family-${siteLang}-${Date.now()}@example.test`;
  await page.clock.install();
  await page.goto('/');
  const newsletter = block(page, t);
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill(email);
  await newsletter.getByRole('textbox', { name: t('newsletter.fname') }).fill('Ada');
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();

  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribed') })).toBeDisabled();
  await expect(newsletter.getByRole('status')).toHaveText(t('newsletter.reply.checkInbox'));
  await expect(newsletter.getByRole('textbox', { name: t('newsletter.email') })).toHaveValue('');
  await page.clock.runFor(5000);
  await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();

  // The same address again, in other letter case: the same answer (it tells no one who is on the list).
  await newsletter.getByRole('textbox', { name: t('newsletter.email') }).fill(email.toUpperCase());
  await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();
  await expect(newsletter.getByRole('status')).toHaveText(t('newsletter.reply.checkInbox'));
  await expect(newsletter.getByRole('alert')).toHaveCount(0);
});

test.describe('the e-mailed confirmation link', () => {
  // On purpose: the used-up link is refused.
  test.use({ expectedApiErrors: [{ status: 400, path: /^\/crud\/newsletter\/confirm$/ }] });

  test('confirms the subscription, once', async ({ page, t, siteLang }) => {
    const email = `confirm-${siteLang}-${Date.now()}@example.test`;
    await page.goto('/');
    await signUp(page, t, email);

    const link = await confirmationLink(t, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: t('newsletter.confirm.title') })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(t('newsletter.confirm.done'));

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(t('errors.newsletter_link_invalid'));
    await expect(page.getByRole('link', { name: t('newsletter.confirm.home') })).toBeVisible();
  });
});

test('explains a missing or invalid e-mail without asking the provider; shows a provider’s refusal as plain text, and one that cannot be reached as the generic failure', async ({
  page,
  t,
}) => {
  // The unreachable provider's time-out passes on Playwright's clock.
  await page.clock.install();
  const requests = watchRequests(page, (r) => r.url().includes('/newsletter/subscribe/'));
  await page.goto('/');
  const newsletter = block(page, t);
  const email = newsletter.getByRole('textbox', { name: t('newsletter.email') });

  await test.step('a missing or invalid e-mail is explained without asking the provider', async () => {
    await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();
    await expect(email).toHaveAccessibleDescription(t('validation.required'));
    await expect(email).toBeFocused();
    await email.fill('not-an-email');
    await expect(email).toHaveAccessibleDescription(t('validation.invalid'));
    await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();

    await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();
    expect(requests).toEqual([]);
  });

  await test.step('a provider’s refusal shows as plain text', async () => {
    const refusal = '0 - <a href="https://example.test">Too many</a> sign-ups <script>window.__ran = 1</script>';
    // Stands in for a configured provider that refuses: answers the JSONP callback it was given.
    await page.route('**/newsletter/subscribe/post-json?*', (route) => {
      const callback = new URL(route.request().url()).searchParams.get('c');
      return route.fulfill({
        contentType: 'application/javascript',
        body: `${callback}(${JSON.stringify({ result: 'error', msg: refusal })});`,
      });
    });
    await email.fill('refused@example.test');
    await newsletter.getByRole('button', { name: t('newsletter.subscribe') }).click();

    await expect(newsletter.getByRole('alert')).toHaveText(refusal);
    await expect(newsletter.getByRole('link')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    await expect(newsletter.getByRole('button', { name: t('newsletter.subscribe') })).toBeEnabled();
    await page.unrouteAll();
  });

  await test.step('a provider that cannot be reached gives the generic failure', async () => {
    // An answer that never calls back (a provider that is down behind a proxy page): the request times out.
    await page.route('**/newsletter/subscribe/post-json?*', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: '/* nothing */' }),
    );
    await email.fill('unreachable@example.test');
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
});
