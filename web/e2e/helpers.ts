import { createRequire } from 'node:module';
import { type APIRequestContext, type Page, type Request, request } from '@playwright/test';
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

/** The demo admin (server/src/modules/accounts/accounts.seed.ts): the developer mailbox shows only to an admin. */
export const DEMO_ADMIN = { email: 'admin@storyhouse.example', password: 'storyhouse-admin' };

/** Signs the page's browser in as the demo admin, through the API from inside the page (it must be on the site). */
export async function signInAsAdmin(page: Page) {
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/crud/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    DEMO_ADMIN,
  );
  expect(status, 'demo admin login').toBe(200);
}

/** The messages of the developer mailbox page (/dev/mailbox, DESIGN "e-mail"), newest first. */
export const mailboxMessages = (page: Page, t: Translate) =>
  page.getByRole('list', { name: t('mailbox.list') }).getByRole('listitem');

/**
 * Signs the page in as the admin, opens the developer mailbox page and the
 * one message with this subject; returns that message. The page stays
 * signed in as the admin: call it last, after what the visitor does.
 */
export async function openMail(page: Page, t: Translate, subject: string) {
  await signInAsAdmin(page);
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: t('mailbox.title') })).toBeVisible();
  const mail = mailboxMessages(page, t).filter({ hasText: subject });
  await expect(mail).toHaveCount(1);
  await mail.getByText(subject).click();
  return mail;
}

/** One admin-signed-in API client per server (worker), made on first use: a login is a deliberately slow hash. */
const adminClients = new Map<string, Promise<APIRequestContext>>();

/**
 * An API client signed in as the demo admin, apart from the page's browser
 * (which stays the visitor it is). It calls the server at 127.0.0.1, one of
 * its allowed hosts: Node does not resolve es.localhost, and the mailbox is
 * the same on every site.
 */
function adminClient(page: Page) {
  const baseURL = `http://127.0.0.1:${new URL(page.url()).port}`;
  let client = adminClients.get(baseURL);
  if (!client) {
    client = (async () => {
      const api = await request.newContext({ baseURL });
      const res = await api.post('/crud/login', { data: DEMO_ADMIN });
      if (!res.ok()) throw new Error(`demo admin login: ${res.status()} ${await res.text()}`);
      return api;
    })();
    adminClients.set(baseURL, client);
  }
  return client;
}

/** The developer mailbox as its API lists it, read as the admin without touching the page's own session. */
export async function readMailbox(page: Page) {
  const res = await (await adminClient(page)).get('/crud/dev/mailbox');
  expect(res.status(), 'GET /crud/dev/mailbox as the admin').toBe(200);
  return (await res.json()) as MailboxResponse;
}
