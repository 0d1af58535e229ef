import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { adminPath, routePath } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, countPattern, readMailbox, seriousViolations, signInAsAdmin } from './helpers';

// Issue 30 item 5: moderation in the back office. A visitor signs the guest
// book, writes to the ministry and subscribes to the newsletter; the admin
// corrects the guest-book message's typo and approves it (it shows on the
// guest book), marks the contact message handled, and downloads the
// newsletter list; the newsletter e-mail's unsubscribe link works.

// axe goes into the pages as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

const guestBookPath: Record<SiteLang, string> = { en: '/guestbook', es: '/libro-de-visitas' };
const listId: Record<SiteLang, string> = { en: 'storyhouse-en', es: 'storyhouse-es' };
const adminNav = (page: Page, t: Translate) => page.getByRole('navigation', { name: t('admin.nav.label') });

/** On a 320 px phone the page is no wider than the screen (phone-width.spec.ts measures the other pages so). */
async function fitsPhone(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(widths.scroll, `${page.url()} at 320 px`).toBeLessThanOrEqual(widths.width);
  if (size) await page.setViewportSize(size);
}

test('the admin corrects and approves a guest book message, handles a contact message and downloads the newsletter list', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  const stamp = `${siteLang}${Date.now().toString(36)}`;
  const author = `Visitor ${stamp}`;
  const writer = `Writer ${stamp}`;
  const subscriber = `reader-${stamp}@example.test`;

  await test.step('a visitor signs the guest book (with a typo), writes to the ministry and subscribes', async () => {
    await page.goto(`${guestBookPath[siteLang]}?sign=true`);
    const form = page.getByRole('region', { name: t('guestbook.signTitle') });
    await form.getByRole('textbox', { name: t('guestbook.authorName') }).fill(author);
    await form.getByRole('textbox', { name: t('guestbook.authorEmail') }).fill(`visitor-${stamp}@example.test`);
    await form.getByRole('textbox', { name: t('guestbook.content') }).fill('We love the storeis!');
    await form.getByRole('button', { name: t('guestbook.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('guestbook.thanks') })).toBeVisible();

    await asBrowser(page, async (api) => {
      const sent = await api.post('/crud/email/contact-us', {
        data: { first_name: 'Writer', last_name: stamp, email: `writer-${stamp}@example.test`, message: 'Please call me.' },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const subscribed = await api.get('/newsletter/subscribe/post-json', {
        params: { u: 'storyhouse', id: listId[siteLang], EMAIL: subscriber, FNAME: 'Reader', LNAME: stamp },
      });
      expect(subscribed.status()).toBe(200);
    });
    // The owner confirms from the e-mail, which also carries the unsubscribe link.
    const mail = (await readMailbox()).items.find((m) => m.to === subscriber);
    expect(mail?.text).toContain(t('newsletter.mail.unsubscribe'));
    const confirm = /https?:\/\/\S+\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    await asBrowser(page, async (api) => {
      expect((await api.post('/crud/newsletter/confirm', { data: { token: confirm } })).status()).toBe(200);
    });
  });

  await signInAsAdmin(page);
  await page.goto(routePath('admin', siteLang)!);

  await test.step('Overview: the waiting message is on the to-do list; on a phone, the Menu opens the sections', async () => {
    const toDo = page.getByRole('region', { name: t('admin.overview.toDo') });
    await expect(toDo.getByRole('link', { name: countPattern(t, 'admin.overview.guestBook') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = adminNav(page, t).getByRole('button', { name: new RegExp(`^${t('admin.nav.menu')}`) });
    await expect(adminNav(page, t).getByRole('link', { name: t('admin.nav.guestBook') })).toBeHidden();
    await menu.click();
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.guestBook') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.guestBook.title') })).toBeInViewport();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toContainText(t('admin.nav.guestBook'));
    if (size) await page.setViewportSize(size);
  });

  await test.step('Guest book: the waiting message, corrected, then approved; no serious accessibility problem', async () => {
    await expect(page.getByRole('heading', { level: 1, name: t('admin.guestBook.title') })).toBeVisible();
    const entry = page.getByRole('article', { name: author });
    await expect(entry).toContainText('We love the storeis!');
    await expect(entry).toContainText(`visitor-${stamp}@example.test`);
    expect(await seriousViolations(page)).toEqual([]);
    await fitsPhone(page);

    await entry.getByRole('button', { name: t('admin.guestBook.correctFor', { name: author }) }).click();
    const form = entry.getByRole('form', { name: t('admin.guestBook.correctFor', { name: author }) });
    const message = form.getByRole('textbox', { name: t('admin.guestBook.messageLabel') });
    // The guest book's own rules: an empty message is refused here, as the server would.
    await message.fill('');
    await form.getByRole('button', { name: t('admin.guestBook.save') }).click();
    await expect(message).toHaveAccessibleDescription(t('validation.required'));
    await message.fill('We love the stories!');
    await form.getByRole('button', { name: t('admin.guestBook.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: author })).toHaveText(
      t('admin.guestBook.corrected', { name: author }),
    );
    await expect(entry).toContainText('We love the stories!');

    await entry.getByRole('button', { name: t('admin.guestBook.approveFor', { name: author }) }).click();
    const done = page.getByRole('status').filter({ hasText: author });
    await expect(done).toHaveText(t('admin.guestBook.approved', { name: author, language: t(`lang.${siteLang}`) }));
    await expect(done).toBeFocused();
    await expect(entry).toHaveCount(0);
  });

  await test.step('the approved message shows on the guest book, as corrected', async () => {
    await page.goto(guestBookPath[siteLang]);
    const year = new Date().getUTCFullYear();
    const shown = page
      .getByRole('list', { name: t('guestbook.yearHeading', { year }) })
      .getByRole('listitem')
      .filter({ hasText: author });
    await expect(shown).toContainText('We love the stories!');
    await page.goBack();
  });

  await test.step('Messages: the contact message, marked handled, moves to the handled ones', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.messages') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.messages.title') })).toBeVisible();
    const item = page.getByRole('article', { name: writer });
    await expect(item).toContainText('Please call me.');
    await item.getByRole('button', { name: t('admin.messages.markHandledFor', { name: writer }) }).click();
    await expect(page.getByRole('status').filter({ hasText: writer })).toHaveText(
      t('admin.messages.markedHandled', { name: writer }),
    );
    await expect(item).toHaveCount(0);
    await page
      .getByRole('navigation', { name: t('admin.messages.statuses') })
      .getByRole('link', { name: t('admin.messages.status.handled') })
      .click();
    await expect(page).toHaveURL(/status=handled/);
    await expect(page.getByRole('article', { name: writer })).toContainText('admin@storyhouse.example');
    expect(await seriousViolations(page)).toEqual([]);
    await fitsPhone(page);
  });

  await test.step('Newsletter: the list of the site’s language, and its confirmed subscribers as a CSV file', async () => {
    await adminNav(page, t)
      .getByRole('link', { name: t('admin.nav.newsletter') })
      .click();
    // It opens on the list of the admin's language, not the English one.
    await expect(
      page
        .getByRole('navigation', { name: t('admin.newsletter.lists') })
        .getByRole('link', { name: new RegExp(`^${t(`lang.${siteLang}`)}`) }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row').filter({ hasText: subscriber })).toContainText(`Reader ${stamp}`);
    expect(await seriousViolations(page)).toEqual([]);
    await fitsPhone(page);
    const listName = t(`lang.${siteLang}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: t('admin.newsletter.download', { list: listName }) }).click();
    const file = await (await downloading).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      `\uFEFF${(['email', 'fname', 'lname', 'signedUp', 'confirmed'] as const).map((c) => t(`admin.newsletter.col.${c}`)).join(',')}`,
    );
    expect(csv).toContain(`${subscriber},Reader,${stamp},`);
  });

  await test.step('the unsubscribe link of the newsletter e-mail takes the address off the list', async () => {
    const mail = (await readMailbox()).items.find((m) => m.to === subscriber);
    const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await page.getByRole('button', { name: t('newsletter.unsubscribe.button') }).click();
    await expect(page.getByRole('status')).toHaveText(t('newsletter.unsubscribe.done'));
    await page.goto(`${adminPath('adminNewsletter', siteLang)}?list=${siteLang}`);
    await expect(page.getByRole('heading', { level: 1, name: t('admin.newsletter.title') })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: subscriber })).toHaveCount(0);
  });
});
