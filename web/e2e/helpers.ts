import { createRequire } from 'node:module';
import type { Page, Request } from '@playwright/test';
import type { MailboxResponse } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect } from './fixtures';

const axePath = createRequire(import.meta.url).resolve('axe-core');

/**
 * axe's serious and critical findings on the page as it is now (DESIGN.md:
 * axe finds nothing serious). axe goes in as an inline script, which the
 * site's Content-Security-Policy forbids: a test that calls this runs with
 * `test.use({ bypassCSP: true })`.
 */
export async function seriousViolations(page: Page) {
  // Contrast is judged on the page at rest: a fade-in still running (the CMS page's 200 ms) would read as faint text.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
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

/**
 * The URLs of the requests the page makes that `match` picks, collected as
 * they go out: what a form sent, or that it sent nothing.
 */
export function watchRequests(page: Page, match: (request: Request) => boolean): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (match(request)) urls.push(request.url());
  });
  return urls;
}

/** The messages of the developer mailbox page (/dev/mailbox, DESIGN "e-mail"), newest first. */
export const mailboxMessages = (page: Page, t: Translate) =>
  page.getByRole('list', { name: t('mailbox.list') }).getByRole('listitem');

/** Opens the developer mailbox page and the one message with this subject; returns that message. */
export async function openMail(page: Page, t: Translate, subject: string) {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: t('mailbox.title') })).toBeVisible();
  const mail = mailboxMessages(page, t).filter({ hasText: subject });
  await expect(mail).toHaveCount(1);
  await mail.getByText(subject).click();
  return mail;
}

/** The developer mailbox as its API lists it, read from the page (Chromium resolves es.localhost; Node's request client does not). */
export function readMailbox(page: Page) {
  return page.evaluate(async () => (await (await fetch('/crud/dev/mailbox')).json()) as MailboxResponse);
}
