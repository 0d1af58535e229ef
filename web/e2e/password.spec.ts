import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, test } from './fixtures';
import { createAccount, freshEmail, loginStatus, readMailbox, seriousViolations } from './helpers';

// Issue 5 password recovery and change (spec §2 /forgot-password and
// /account/reset-password, §4 Forgot password and Reset password, §5): a
// fresh account of the test's own (the demo accounts are shared), the
// e-mailed link read from the developer mailbox.

const OLD_PASSWORD = 'first secret 1';
/**
 * Setting and checking passwords runs the memory-hard hash (scrypt, 128 MiB,
 * by design): on a busy two-core machine one can take seconds.
 */
const HASHING = 20_000;

/** A fresh account of the test's own, the browser signed in to it unless `{ signIn: false }`; returns its e-mail. */
const newAccount = (page: Page, tag: string, opts?: { signIn: boolean }) =>
  createAccount(page, { email: freshEmail(tag), password: OLD_PASSWORD, firstName: 'Ana', lastName: 'Reyes' }, opts);

/** The reset link of the newest e-mail to `email`. */
async function resetLink(email: string, t: Translate) {
  const mailbox = await readMailbox();
  const mail = mailbox.items.find((m) => m.to === email && m.subject === t('password.email.subject'));
  const link = mail && /https?:\/\/\S+\/forgot-password\/reset\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset e-mail for ${email}`);
  return link;
}

test.describe('a forgotten password', () => {
  // On purpose: the used-up link is refused (400).
  test.use({ expectedApiErrors: [{ status: 400, path: /^\/crud\/reset\/password\/token$/ }] });

  test('is replaced through the e-mailed link, which then works no more', { tag: '@i18n' }, async ({
    page,
    context,
    t,
    siteLang,
  }) => {
    test.slow();
    const email = await newAccount(page, `forgot-${siteLang}`, { signIn: false });

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: t('password.forgot.title') })).toBeVisible();
    const form = page.getByRole('form', { name: t('password.forgot.formLabel') });
    await form.getByRole('button', { name: t('password.forgot.submit') }).click();
    await expect(form.getByText(t('password.forgot.emailRequired'))).toBeVisible();
    await form.getByLabel(t('password.forgot.email')).fill(email);
    await form.getByRole('button', { name: t('password.forgot.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('password.forgot.sent', { email }) })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: t('password.forgot.login') })).toHaveAttribute(
      'href',
      '/login',
    );

    const mailbox = await readMailbox();
    expect(mailbox.items.find((m) => m.to === email)?.lang_code).toBe(siteLang);
    const link = await resetLink(email, t);
    expect(new URL(link).host).toBe(new URL(page.url()).host);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: t('password.link.title') })).toBeVisible();
    const linkForm = page.getByRole('form', { name: t('password.link.formLabel') });
    const newPassword = linkForm.getByLabel(t('password.link.newPassword'));
    await expect(newPassword).toHaveAttribute('type', 'password');
    await linkForm.getByLabel(t('password.showPassword')).check();
    await expect(newPassword).toHaveAttribute('type', 'text');
    await newPassword.fill('1234567');
    await page.getByRole('button', { name: t('password.link.submit') }).click();
    await expect(page.getByText(t('validation.passwordMin'))).toBeVisible();
    await newPassword.fill('second secret 2');
    await page.getByRole('button', { name: t('password.link.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('password.link.done') })).toBeVisible({ timeout: HASHING });
    await expect(page.getByRole('main').getByRole('link', { name: t('password.link.login') })).toHaveAttribute('href', '/login');

    expect(await loginStatus({ email, password: OLD_PASSWORD })).not.toBe(200);
    expect(await loginStatus({ email, password: 'second secret 2' })).toBe(200);

    // The link works once.
    await context.clearCookies();
    await page.goto(link);
    await page
      .getByRole('form', { name: t('password.link.formLabel') })
      .getByLabel(t('password.link.newPassword'))
      .fill('third secret 3');
    await page.getByRole('button', { name: t('password.link.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('errors.password_reset_link_invalid') })).toBeVisible();
    await expect(page.getByRole('link', { name: t('password.link.requestNew') })).toHaveAttribute('href', '/forgot-password');
    expect(await loginStatus({ email, password: 'second secret 2' })).toBe(200);
  });
});

test.describe('a signed-in password change', () => {
  test('needs the current password, says password updated, then clears the fields', async ({ page, t, siteLang }) => {
    test.slow();
    await page.clock.install();
    const email = await newAccount(page, `change-${siteLang}`);

    await page.goto('/account/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: t('password.change.title') })).toBeVisible();
    const form = page.getByRole('form', { name: t('password.change.formLabel') });
    const current = form.getByLabel(t('password.change.currentPassword'));
    const next = form.getByLabel(t('password.change.newPassword'));
    const submit = form.getByRole('button', { name: t('password.change.submit') });
    await expect(submit).toBeDisabled();
    await expect(current).toHaveAttribute('type', 'password');
    await form.getByLabel(t('password.showPassword')).check();
    await expect(current).toHaveAttribute('type', 'text');
    await expect(next).toHaveAttribute('type', 'text');

    await current.fill('not my password');
    await next.fill('1234567');
    await expect(submit).toBeDisabled();
    await next.fill('second secret 2');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(form.getByRole('alert').filter({ hasText: t('errors.current_password_wrong') })).toBeVisible({
      timeout: HASHING,
    });

    await current.fill(OLD_PASSWORD);
    await submit.click();
    await expect(form.getByRole('status').filter({ hasText: t('password.change.updated') })).toBeVisible({ timeout: HASHING });
    // Spec §4: the fields clear after 1.5 s.
    await page.clock.runFor(1500);
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(form.getByRole('status').filter({ hasText: t('password.change.updated') })).toHaveCount(0);

    // Still signed in here; the new password logs in, the old one no longer does.
    expect(await page.evaluate(async () => (await fetch('/crud/user')).status)).toBe(200);
    expect(await loginStatus({ email, password: OLD_PASSWORD })).not.toBe(200);
    expect(await loginStatus({ email, password: 'second secret 2' })).toBe(200);
  });
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the site's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test('the three password pages, with their messages showing, have nothing serious for axe', async ({ page, t, siteLang }) => {
    test.slow();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: t('password.forgot.submit') }).click();
    await expect(page.getByText(t('password.forgot.emailRequired'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/forgot-password/reset');
    await expect(page.getByRole('alert').filter({ hasText: t('password.link.missing') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/forgot-password/reset?token=${'A'.repeat(43)}`);
    await page.getByRole('button', { name: t('password.link.submit') }).click();
    await expect(page.getByText(t('validation.required'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await newAccount(page, `a11y-${siteLang}`);
    await page.goto('/account/reset-password');
    await page.getByLabel(t('password.change.currentPassword')).fill('x');
    await page.getByLabel(t('password.change.currentPassword')).fill('');
    await expect(page.getByText(t('validation.required'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
