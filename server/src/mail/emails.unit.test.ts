import { type AdventuresSignUp, type ContactMessage, type GuestBookSubmission, langCodes } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../test/mail';
import { translators } from '../i18n';
import { familyMail, ministryMail } from '../modules/adventures/adventures.service';
import { contactMail } from '../modules/contact/contact.service';
import { moderationMail } from '../modules/guest-book/guest-book.service';
import { alreadySubscribedMail, confirmMail } from '../modules/newsletter/newsletter.service';
import { resetMail } from '../modules/passwords/passwords.service';
import { emailChangedMail } from '../modules/profile/profile.service';
import type { RenderedMail } from './content';
import { setMailSiteOrigins } from './site';

// The footer's address comes from configuration (app.ts sets it from PUBLIC_URL_* / SITE_HOSTS_*).
const origins = { en: 'https://storyhouse.example', es: 'https://es.storyhouse.example', ru: 'https://ru.storyhouse.example' };
setMailSiteOrigins(origins);

const LINK = 'https://storyhouse.example/some/page?token=abc';
const SCRIPT = '<script>alert(1)</script>';

describe.each(langCodes)('every e-mail of the site, in %s', (lang) => {
  const t = translators[lang];
  const contact: ContactMessage = {
    first_name: 'Ana',
    last_name: `<b>López</b>`,
    email: 'ana@example.test',
    address: '',
    city: '',
    country: '',
    state: '',
    zip: '',
    phone: '555-0100',
    find_us: '',
    message: `Line one\n${SCRIPT}`,
  };
  const entry = {
    lang_code: lang,
    author_name: 'Grace <i>',
    author_email: 'grace@example.test',
    country: '',
    find_us: 'Radio',
    content: `We listen every night ${SCRIPT}`,
  } as GuestBookSubmission;
  const signUp = {
    receive_method: 'mail',
    site: lang,
    sets_needed: 2,
    mail_choice: 'print_and_mail_back',
    fname: 'Grace',
    lname: 'Miller',
    address: '4 Oak Lane',
    city: 'Dayton',
    state: 'OH',
    zip: '45402',
    country: 'United States',
    email: 'grace@example.test',
    phone: '',
    birthday: '',
    station: '',
  } as AdventuresSignUp;

  // Each e-mail with the button its link has (none for those without a link).
  const mails: [string, () => Promise<RenderedMail>, string | null][] = [
    ['password reset', () => resetMail(lang, 'ana@example.test', LINK), t('mail.button.resetPassword')],
    [
      'e-mail change undo',
      () => emailChangedMail(lang, 'old@example.test', 'new@example.test', LINK),
      t('mail.button.undoEmailChange'),
    ],
    ['newsletter confirmation', () => confirmMail(lang, 'ana@example.test', LINK, LINK), t('mail.button.confirmNewsletter')],
    ['newsletter, already subscribed', () => alreadySubscribedMail(lang, 'ana@example.test', LINK), null],
    ['contact message to the ministry', () => contactMail(lang, contact), null],
    ['guest book message to the ministry', () => moderationMail(entry, LINK), t('mail.button.moderateGuestBook')],
    ['Bible lessons, to the ministry', () => ministryMail(lang, signUp), null],
    ['Bible lessons, to the family', () => familyMail(lang, signUp, LINK), null],
  ];

  it.each(mails)(
    '%s: a subject, the layout with the ministry’s name and address, HTML and plain text',
    async (_name, render, button) => {
      const mail = await render();
      const shown = visibleText(mail.html);

      expect(mail.subject).not.toBe('');
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain(`lang="${lang}"`);
      expect(mail.html).not.toContain('<script');
      // Header and footer: the ministry's name, postal address and the site's address of the reader's language.
      expect(shown.startsWith(t('footer.ministry'))).toBe(true);
      for (const part of [shown, mail.text]) {
        expect(part).toContain(t('footer.addressLine1'));
        expect(part).toContain(t('footer.email'));
        expect(part).toContain(origins[lang]);
      }
      expect(mail.html).toContain(`href="${origins[lang]}"`);
      if (button) {
        expect(shown).toContain(button);
        expect(mail.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
        // The plain-text rule: a link is written out on a line of its own.
        expect(mail.text).toMatch(new RegExp(`^${LINK.replace(/[.?/]/g, '\\$&')}$`, 'm'));
      }
    },
  );

  it('keeps what visitors typed as text: escaped in the HTML part, as typed in the plain one', async () => {
    const fromContact = await contactMail(lang, contact);
    const fromGuestBook = await moderationMail(entry, LINK);

    for (const mail of [fromContact, fromGuestBook]) {
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text).toContain(SCRIPT);
    }
    expect(fromContact.html).toContain('&lt;b&gt;López&lt;/b&gt;');
    expect(fromContact.text).toContain(`${t('contact.fields.message')}:\nLine one\n${SCRIPT}`);
    expect(fromGuestBook.html).toContain('Grace &lt;i&gt;');
    expect(visibleText(fromGuestBook.html)).toContain(`${t('guestbook.mail.findUs')} ${t('guestbook.findUs.Radio')}`);
  });
});
