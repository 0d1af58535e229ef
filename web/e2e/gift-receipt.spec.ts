import { execFileSync } from 'node:child_process';
import { adminPath } from '@storyhouse/contracts';
import { expect, type SiteLang, test } from './fixtures';
import { asBrowser, createAccount, freshEmail, payCart, seriousViolations, signInAsAdmin } from './helpers';

// Issue 45, decision 068: the back office sets the ministry's Canadian details; a donor in Canada gives, downloads
// the gift's receipt from My orders, and the PDF (read back with poppler's pdftotext, as the paper would be read)
// is Canada's official donation receipt in the donor's language, with its serial number.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** Dollars as the receipt prints them, its spaces read back as plain ones. */
const money = (lang: SiteLang, usd: number) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(usd).replace(/\s/g, ' ');

const CANADA = {
  legal_name: 'Storyhouse Ministries Canada',
  ca_registration: '123456789RR0001',
  place_of_issue: 'Toronto, Ontario',
};

test('a donor in Canada gives and downloads the official donation receipt from My orders', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  await test.step('Back office: the ministry’s legal name, address and Canadian details are saved', async () => {
    await signInAsAdmin(page);
    await page.goto(adminPath('adminReceiptSettings', siteLang)!);
    const form = page.getByRole('form', { name: t('admin.receiptSettings.title') });
    await form.getByLabel(t('admin.receiptSettings.legalName')).fill(CANADA.legal_name);
    await form.getByLabel(t('admin.receiptSettings.address')).fill('100 Gospel Way\nToronto, ON M5V 2T6');
    await form.getByLabel(t('admin.receiptSettings.caRegistration')).fill('123456789RR');
    await form.getByLabel(t('admin.receiptSettings.placeOfIssue')).fill(CANADA.place_of_issue);
    // A registration number cut short is refused by its field.
    await form.getByRole('button', { name: t('admin.receiptSettings.save') }).click();
    await expect(form.getByLabel(t('admin.receiptSettings.caRegistration'))).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(t('admin.receiptSettings.caRegistration')).fill(CANADA.ca_registration);
    await form.getByRole('button', { name: t('admin.receiptSettings.save') }).click();
    await expect(form.getByRole('status')).toHaveText(t('admin.receiptSettings.saved'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('A donor with a billing address in Canada gives $20', async () => {
    const email = await createAccount(page, { email: freshEmail('receipt'), password: 'listen-along-9', firstName: 'Marie' });
    await asBrowser(page, async (api) => {
      const added = await api.post('/crud/cart-session/donations', {
        data: [{ title: t('cart.generalDonation.name'), description: '', code: 'general_cart', amount: 20, type: 'donation' }],
      });
      expect(added.status(), `adding the donation: ${await added.text()}`).toBe(200);
      const { cart } = (await (await api.get('/crud/cart-session/total')).json()) as { cart: { id: number } };
      const billing = await api.post(`/crud/cart/${cart.id}/address/billing`, {
        data: {
          fname: 'Marie',
          lname: 'Tester',
          email,
          phone: '+1 613 555 0100',
          line1: '5 Oak Ave',
          country_id: 87,
          state: 'ON',
          city: 'Ottawa',
          postal_code: 'K1A 0B1',
        },
      });
      expect(billing.status(), `the billing address: ${await billing.text()}`).toBe(200);
      return payCart(api, siteLang);
    });
  });

  await test.step('My orders: the receipt downloads as Canada’s official receipt, with its serial number', async () => {
    await page.goto('/account/orders');
    const link = page.getByRole('link', { name: t('orders.receiptDownload') });
    await expect(link).toBeVisible();
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^receipt-SH-[0-9A-Z]{4}-[0-9A-Z]{2}\.pdf$/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(t('receipts.title.ca'));
    expect(text).toContain('Official receipt for income tax purposes');
    expect(text).toMatch(new RegExp(`${t('receipts.field.serial')} \\d{4}-\\d{5}`));
    expect(text).toContain(`${t('receipts.field.registration')} ${CANADA.ca_registration}`);
    expect(text).toContain(`${t('receipts.field.eligible')} ${money(siteLang, 20)}`);
    expect(text).toContain(`${t('receipts.field.placeOfIssue')} ${CANADA.place_of_issue}`);
    expect(text).toContain(CANADA.legal_name);
    expect(text).toContain('canada.ca/charities-giving');
    expect(text).toContain('Marie Tester');
    // The donor's country in their language.
    expect(text).toContain(`Ottawa, ON K1A 0B1, ${new Intl.DisplayNames([siteLang], { type: 'region' }).of('CA')}`);
  });
});
