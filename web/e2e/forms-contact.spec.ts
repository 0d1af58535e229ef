import type { Locator, Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, type SiteLang, test } from './fixtures';
import {
  DEMO_CUSTOMER,
  mailboxMessages,
  openMail,
  readMailbox,
  seriousViolations,
  signIn,
  signInAsAdmin,
  watchRequests,
} from './helpers';

// Spec §2 Contact us and Adventures sign-up, §4 Contact send / Adventures
// sign-up, §5 and §8, and the developer mailbox the e-mails land in (DESIGN
// "e-mail"), with the demo CMS pages (server/src/modules/cms/demo-pages.ts).

const contactPath: Record<SiteLang, string> = { en: '/contact', es: '/contactar' };
/** The demo contact page's response text (shown once sent). */
const contactResponse: Record<SiteLang, string> = {
  en: 'Thank you for writing to us!',
  es: '¡Gracias por escribirnos!',
};
/** The lessons pages the sign-up leads to, with their demo titles. */
const lessonsPage: Record<SiteLang, Record<'download' | 'mail', { path: string; title: string }>> = {
  en: {
    download: { path: '/kids-corner/adventures-in-the-holy-bible/download-lessons', title: 'Your lessons are ready' },
    mail: { path: '/kids-corner/adventures-in-the-holy-bible/mail-lessons', title: 'Your lessons are on their way' },
  },
  es: {
    download: {
      path: '/rincon-infantil/aventuras-en-la-historia-sagrada/descargar-lecciones',
      title: 'Tus lecciones están listas',
    },
    mail: { path: '/rincon-infantil/aventuras-en-la-historia-sagrada/correo-lecciones', title: 'Tus lecciones van en camino' },
  },
};

/** A name no other test (or run) uses, to find this test's e-mail in the shared mailbox. */
const unique = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

const contactForm = (page: Page, t: Translate) => page.getByRole('form', { name: t('contact.formLabel') });
const adventuresForm = (page: Page, t: Translate) => page.getByRole('form', { name: t('adventures.formLabel') });

test.describe('contact us', () => {
  /** The contact form with its required fields filled. */
  async function fillRequired(form: Locator, t: Translate, last: string, message: string) {
    await form.getByLabel(t('contact.fields.first_name')).fill('Ana');
    await form.getByLabel(t('contact.fields.last_name')).fill(last);
    await form.getByLabel(t('contact.fields.email')).fill('ana@example.test');
    await form.getByLabel(t('contact.fields.message')).fill(message);
  }

  test('a filled form is sent: the response replaces it and the ministry gets the e-mail', { tag: '@i18n' }, async ({
    page,
    t,
    siteLang,
  }) => {
    const last = unique('Tester');
    await page.goto(contactPath[siteLang]);
    const form = contactForm(page, t);
    await fillRequired(form, t, last, 'We listen every night.\n<script>alert(1)</script>');
    await form.getByLabel(t('contact.fields.find_us')).fill('A friend');
    await form.getByRole('button', { name: t('contact.button.ready') }).click();

    await expect(page.getByRole('status').filter({ hasText: contactResponse[siteLang] })).toBeVisible();
    await expect(contactForm(page, t)).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The mailbox page refreshes itself every 5 s: on Playwright's clock.
    await page.clock.install();
    const subject = t('contact.email.subject', { name: `Ana ${last}` });
    const mail = await openMail(page, t, subject);
    await expect(mail.getByText('ministry@storyhouse.example').first()).toBeVisible();
    await expect(mail.getByText('We listen every night.', { exact: false })).toBeVisible();
    // The visitor's text is shown as text, never run.
    await expect(mail.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    // The HTML part too, in a sandbox: the site's layout, the words escaped.
    const html = mail.frameLocator(`iframe[title="${t('mailbox.htmlFrame', { subject })}"]`);
    await expect(html.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    await expect(html.getByRole('link', { name: t('footer.ministry') })).toBeVisible();
    // The delivery worker (outbox transport, every 2 s on the server) marks it sent; the page's next refresh shows it.
    await expect.poll(async () => (await readMailbox()).items.find((m) => m.subject === subject)?.status).toBe('sent');
    await page.clock.runFor(5000);
    await expect(mail.getByText(`ministry@storyhouse.example · ${t('mailbox.status.sent')}`)).toBeVisible();
  });

  test.describe('when a field is missing or sending fails', () => {
    test.use({ expectedApiErrors: [{ status: 503, path: /^\/crud\/email\/contact-us$/ }] });

    test('missing and invalid fields are named next to them and nothing is sent; a failed send says Failed for 10 seconds, then Ready again', async ({
      page,
      t,
      siteLang,
    }) => {
      await page.clock.install();
      let sent = 0;
      await page.route('**/crud/email/contact-us*', (route) => {
        sent += 1;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"code":"service_unavailable","message":""}',
        });
      });
      await page.goto(contactPath[siteLang]);
      const form = contactForm(page, t);

      await test.step('missing and invalid fields are named next to them and nothing is sent', async () => {
        await form.getByLabel(t('contact.fields.email')).fill('ana@');
        await form.getByRole('button', { name: t('contact.button.ready') }).click();

        const first = form.getByLabel(t('contact.fields.first_name'));
        await expect(first).toBeFocused();
        await expect(first).toHaveAccessibleDescription(t('validation.required'));
        await expect(form.getByLabel(t('contact.fields.last_name'))).toHaveAccessibleDescription(t('validation.required'));
        await expect(form.getByLabel(t('contact.fields.email'))).toHaveAccessibleDescription(t('validation.invalid'));
        await expect(form.getByLabel(t('contact.fields.message'))).toHaveAccessibleDescription(t('validation.required'));
        // Optional fields have no message.
        await expect(form.getByLabel(t('contact.fields.phone'))).not.toHaveAttribute('aria-invalid', 'true');
        expect(sent).toBe(0);
      });

      await test.step('the button says Failed for 10 seconds, then Ready again', async () => {
        await fillRequired(form, t, 'López', 'Hello');
        await form.getByRole('button', { name: t('contact.button.ready') }).click();

        const failed = form.getByRole('button', { name: t('contact.button.failed') });
        await expect(failed).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: t('contact.failed') })).toBeVisible();
        // Submitting is ignored unless Ready (spec §4). The button is aria-disabled, which Playwright would wait out: forced.
        await failed.click({ force: true });
        await expect(failed).toBeVisible();
        expect(sent).toBe(1);

        await page.clock.fastForward(10_000);
        await expect(form.getByRole('button', { name: t('contact.button.ready') })).toBeVisible();
        // What the visitor typed is still there to send again.
        await expect(form.getByLabel(t('contact.fields.message'))).toHaveValue('Hello');
      });
    });
  });
});

test.describe('Bible lessons sign-up', () => {
  async function fillFamily(page: Page, t: Translate, lname: string) {
    const form = adventuresForm(page, t);
    await form.getByLabel(t('adventures.fields.fname')).fill('Grace');
    await form.getByLabel(t('adventures.fields.lname')).fill(lname);
    await form.getByLabel(t('adventures.fields.email')).fill('grace@example.test');
    await form.getByLabel(t('adventures.fields.address')).fill('4 Oak Lane');
    await form.getByLabel(t('adventures.fields.city')).fill('Dayton');
    await form.getByLabel(t('adventures.fields.state')).fill('OH');
    await form.getByLabel(t('adventures.fields.zip')).fill('45402');
    await form.getByLabel(t('adventures.fields.country')).fill('United States');
    return form;
  }

  test('signing up for mailed lessons leads to the mail-lessons page; both e-mails are in the mailbox', async ({
    page,
    t,
    siteLang,
  }) => {
    const lname = unique('Miller');
    await page.goto('/adventures/sign-up');
    await expect(page.getByRole('heading', { level: 1, name: t('adventures.title') })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t('adventures.title')}`));
    const form = adventuresForm(page, t);
    await form.getByRole('radio', { name: t('adventures.method.mail') }).check();
    await form.getByLabel(t('adventures.fields.sets_needed')).fill('2');
    await form.getByRole('radio', { name: t('adventures.mailChoice.mail_lessons_1_2') }).check();
    await fillFamily(page, t, lname);
    await form.getByRole('button', { name: t('adventures.submit') }).click();

    await expect(page).toHaveURL(new RegExp(`${lessonsPage[siteLang].mail.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: lessonsPage[siteLang].mail.title })).toBeVisible();

    const name = `Grace ${lname}`;
    await openMail(page, t, t('adventures.email.ministrySubjectMail', { name }));
    await expect(
      page.getByText(
        t('adventures.email.ministryMail', {
          count: 2,
          choice: t('adventures.mailChoice.mail_lessons_1_2'),
          language: t(`lang.${siteLang}`),
        }),
      ),
    ).toBeVisible();
    // The family's confirmation, in the site language, went to the family.
    const confirmation = mailboxMessages(page, t)
      .filter({ hasText: t('adventures.email.familySubject') })
      .filter({ hasText: 'grace@example.test' });
    await expect(confirmation.first()).toBeVisible();
  });

  test('11 sets, a missing method and empty fields are refused with their messages and nothing is sent; signing up to download then leads to the download-lessons page', async ({
    page,
    t,
    siteLang,
  }) => {
    const posted = watchRequests(page, (r) => r.method() === 'POST' && r.url().includes('/crud/email/adventures-sign-up'));
    await page.goto('/adventures/sign-up');
    const form = adventuresForm(page, t);
    await form.getByRole('button', { name: t('adventures.submit') }).click();
    await expect(form.getByRole('group', { name: t('adventures.fields.receive_method') })).toContainText(
      t('validation.required'),
    );
    await expect(form.getByLabel(t('adventures.fields.fname'))).toHaveAccessibleDescription(t('validation.required'));

    await form.getByRole('radio', { name: t('adventures.method.mail') }).check();
    const sets = form.getByLabel(t('adventures.fields.sets_needed'));
    await sets.fill('11');
    await fillFamily(page, t, 'Miller');
    await form.getByRole('radio', { name: t('adventures.mailChoice.print_and_mail_back') }).check();
    await form.getByRole('button', { name: t('adventures.submit') }).click();
    await expect(sets).toBeFocused();
    await expect(sets).toHaveAccessibleDescription(
      `${t('adventures.fields.sets_neededHint')} ${t('adventures.setsNeededRange')}`,
    );
    await sets.fill('abc');
    await expect(sets).toHaveAccessibleDescription(
      `${t('adventures.fields.sets_neededHint')} ${t('adventures.setsNeededRange')}`,
    );
    await expect(page).toHaveURL(/\/adventures\/sign-up$/);
    expect(posted).toEqual([]);

    // Signing up to download instead: the mail-only questions are not asked, and the form is sent.
    await form.getByRole('radio', { name: t('adventures.method.download') }).check();
    await expect(form.getByLabel(t('adventures.fields.sets_needed'))).toHaveCount(0);
    await fillFamily(page, t, unique('Downloader'));
    await form.getByRole('button', { name: t('adventures.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`${lessonsPage[siteLang].download.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: lessonsPage[siteLang].download.title })).toBeVisible();
  });
});

test.describe('the developer mailbox', () => {
  // Its API answers 404 to anyone but an admin, on purpose (the reset links it shows are the admin's too).
  test.use({ expectedApiErrors: [{ status: 404, path: /^\/crud\/dev\/mailbox$/ }] });

  test('is the not-found page for a visitor and for a signed-in customer', async ({ page, t }) => {
    const expectNotFound = async () => {
      await page.goto('/dev/mailbox');
      await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
      await expect(page).toHaveTitle(`${t('notFound.title')} · ${t('app.titleSuffix')}`);
      await expect(page.getByText(t('mailbox.title'))).toHaveCount(0);
    };
    await expectNotFound();

    await signIn(page, DEMO_CUSTOMER);
    await expectNotFound();
  });
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the site's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test('the forms with their messages, and the mailbox with a message open', async ({ page, t, siteLang }) => {
    await page.goto(contactPath[siteLang]);
    await contactForm(page, t)
      .getByRole('button', { name: t('contact.button.ready') })
      .click();
    await expect(contactForm(page, t).getByLabel(t('contact.fields.message'))).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/adventures/sign-up');
    const form = adventuresForm(page, t);
    await form.getByRole('radio', { name: t('adventures.method.mail') }).check();
    await form.getByRole('button', { name: t('adventures.submit') }).click();
    await expect(form.getByLabel(t('adventures.fields.sets_needed'))).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    // At least one e-mail to show: a contact message sent from the page, as the form sends it.
    await page.evaluate(async () => {
      const body = { first_name: 'Axe', last_name: 'Check', email: 'axe@example.test', message: 'Accessibility check' };
      const res = await fetch('/crud/email/contact-us', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`contact-us: ${res.status}`);
    });
    await signInAsAdmin(page);
    await page.goto('/dev/mailbox');
    const first = mailboxMessages(page, t).first();
    await first.locator('summary').click();
    await expect(first.locator('pre')).toBeVisible();
    // The e-mail's HTML part is in a sandboxed frame (no scripts): axe checks the page around it, not inside.
    expect(await seriousViolations(page, { iframes: false })).toEqual([]);
  });
});
