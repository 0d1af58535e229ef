import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import { readMailbox } from './helpers';

// Spec §2/§4/§5 Guest book over the demo content (server/src/modules/cms/demo-pages.ts
// and server/src/modules/guest-book/guest-book.seed.ts), and the moderation
// link the ministry receives (read from the developer mailbox, /crud/dev/mailbox).

const now = new Date();
const thisYear = now.getUTCFullYear();

/** The guest-book page and two demo messages of a fixed past year (two years ago). */
const demo: Record<SiteLang, { path: string; title: string; older: { name: string; content: string }; notInOlder: string }> = {
  en: {
    path: '/guestbook',
    title: 'Guest book',
    older: {
      name: 'Grandma Ruth',
      content: 'I send the free story of the week to all seven grandchildren. Bless you all.',
    },
    notInOlder: 'Mark',
  },
  es: {
    path: '/libro-de-visitas',
    title: 'Libro de visitas',
    older: { name: 'Pastor Andrés', content: 'Historias bien contadas y fieles a la Biblia. Dios les bendiga.' },
    notInOlder: 'Abuela Carmen',
  },
};

const yearsNav = (page: Page, t: Translate) => page.getByRole('navigation', { name: t('guestbook.years') });
const entries = (page: Page, year: number, t: Translate) =>
  page.getByRole('list', { name: t('guestbook.yearHeading', { year }) }).getByRole('listitem');
const signForm = (page: Page, t: Translate) => page.getByRole('region', { name: t('guestbook.signTitle') });

test('browses the approved messages year by year', async ({ page, t, siteLang }) => {
  const { path, title, older, notInOlder } = demo[siteLang];
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The newest year is shown first, and at least four years are offered.
  const years = yearsNav(page, t).getByRole('link');
  await expect(years.first()).toHaveAttribute('aria-current', 'page');
  expect(await years.count()).toBeGreaterThanOrEqual(4);
  const newest = Number(await years.first().textContent());
  await expect(page.getByRole('heading', { level: 2, name: t('guestbook.yearHeading', { year: newest }) })).toBeVisible();
  await expect(entries(page, newest, t).first()).toBeVisible();

  await yearsNav(page, t)
    .getByRole('link', { name: String(thisYear - 2), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?year=${thisYear - 2}$`));
  const list = entries(page, thisYear - 2, t);
  await expect(list.filter({ hasText: older.name })).toContainText(older.content);
  await expect(list.filter({ hasText: notInOlder })).toHaveCount(0);
  await expect(yearsNav(page, t).getByRole('link', { name: String(thisYear - 2) })).toHaveAttribute('aria-current', 'page');

  // A year without messages says so.
  await page.goto(`${path}?year=2001`);
  await expect(page.getByRole('heading', { level: 2, name: t('guestbook.yearHeading', { year: 2001 }) })).toBeVisible();
  await expect(page.getByText(t('guestbook.empty'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('guestbook.back') })).toBeVisible();
});

test('the sign form opens with sign=true, explains bad input and closes with cancel', { tag: '@i18n' }, async ({
  page,
  t,
  siteLang,
}) => {
  const { path } = demo[siteLang];
  await page.goto(path);
  await page.getByRole('link', { name: t('guestbook.addMessage') }).click();
  await expect(page).toHaveURL(/[?&]sign=true/);
  const form = signForm(page, t);
  await expect(form).toBeVisible();

  await form.getByRole('button', { name: t('guestbook.submit') }).click();
  const name = form.getByRole('textbox', { name: t('guestbook.authorName') });
  const email = form.getByRole('textbox', { name: t('guestbook.authorEmail') });
  const content = form.getByRole('textbox', { name: t('guestbook.content') });
  await expect(name).toHaveAccessibleDescription(t('validation.required'));
  await expect(email).toHaveAccessibleDescription(new RegExp(t('validation.required')));
  await expect(content).toHaveAccessibleDescription(t('validation.required'));
  await expect(name).toBeFocused();

  await email.fill('not-an-email');
  await content.fill('x'.repeat(2001));
  await expect(email).toHaveAccessibleDescription(new RegExp(t('validation.invalid')));
  await expect(content).toHaveAccessibleDescription(t('validation.tooLong', { max: 2000 }));

  await form.getByRole('button', { name: t('guestbook.cancel') }).click();
  await expect(form).toHaveCount(0);
  await expect(page).not.toHaveURL(/sign=true/);
  await expect(page.getByRole('link', { name: t('guestbook.addMessage') })).toBeVisible();
});

/** The moderation link of the newest e-mail a message from `email` produced. */
async function moderationLink(email: string) {
  const mailbox = await readMailbox();
  const mail = mailbox.items.find((m) => m.reply_to === email);
  const link = mail && /https?:\/\/\S+\/guestbook\/moderate\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no moderation e-mail for ${email}`);
  return link;
}

test.describe('a signed message', () => {
  // Opening the used-up link again is refused by the server (403), on purpose.
  test.use({ expectedApiErrors: [{ status: 403, path: /^\/crud\/guest-book\/\d+\/moderation$/ }] });

  test('shows only after the ministry approves it, as the text typed', async ({ page, t, siteLang }) => {
    const { path } = demo[siteLang];
    const stamp = `${siteLang}-${Date.now()}`;
    const author = `<b>Tester ${stamp}</b>`;
    const email = `tester-${stamp}@example.test`;
    const message = `Hello!\n<script>window.__signed = 1</script><img src="x" onerror="window.__signed = 2">`;

    await page.goto(`${path}?sign=true`);
    const form = signForm(page, t);
    await form.getByRole('textbox', { name: t('guestbook.authorName') }).fill(author);
    await form.getByRole('textbox', { name: t('guestbook.authorEmail') }).fill(email);
    await form.getByRole('textbox', { name: t('guestbook.country') }).fill('Canada');
    await form.getByRole('combobox', { name: t('guestbook.findUsLabel') }).selectOption({ label: t('guestbook.findUs.Friend') });
    await form.getByRole('textbox', { name: t('guestbook.content') }).fill(message);
    await form.getByRole('button', { name: t('guestbook.submit') }).click();

    await expect(page.getByRole('status').filter({ hasText: t('guestbook.thanks') })).toBeFocused();
    await expect(form).toHaveCount(0);
    await expect(page).not.toHaveURL(/sign=true/);
    await expect(page.getByText(author)).toHaveCount(0);

    // The ministry's e-mail links to the moderation page.
    await page.goto(await moderationLink(email));
    await expect(page.getByRole('heading', { level: 1, name: t('guestbook.moderation.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: author })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: t('guestbook.moderation.approve') }).click();
    await expect(page.getByRole('status')).toHaveText(t('guestbook.moderation.approved'));

    // The link works once.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(t('errors.guest_book_link_invalid'));

    await page.goto(path);
    const entry = entries(page, thisYear, t).filter({ hasText: stamp });
    await expect(entry.getByRole('heading', { level: 3 })).toHaveText(author);
    await expect(entry).toContainText('<script>window.__signed = 1</script><img src="x" onerror="window.__signed = 2">');
    await expect(entry).toContainText('Canada');
    expect(await page.evaluate(() => (window as unknown as { __signed?: number }).__signed)).toBeUndefined();
  });
});
