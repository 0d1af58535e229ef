import { adminPath, type Order, type StatementRun } from '@storyhouse/contracts';
import { expect, test } from './fixtures';
import {
  apiGet,
  asBrowser,
  countPattern,
  createAccount,
  freshEmail,
  payCart,
  readMailbox,
  seriousViolations,
  signInAsAdmin,
  withRunLock,
} from './helpers';

// Issue 45: in January the ministry sends every donor their statement for
// the year in one action. A family gives; the volunteer opens Donors for that
// year, sends the year's statements (to the family among the others not sent
// one yet), watches the count reach the end, and the family's statement is
// in the mailbox in the site's language.

// axe goes into the page as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

test('the back office sends the year’s statements to every donor and sees the progress reach the end', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  // One journey at a time gives and presses Send for the year (the other language's run of this journey too):
  // otherwise its Send would reach this family's gift first.
  await withRunLock('year-end-statements', async () => {
    const email = await createAccount(page, { email: freshEmail('statements'), password: 'listen-along-3' });
    const { orderId } = await asBrowser(page, async (api) => {
      const added = await api.post('/crud/cart-session/donations', {
        data: [{ title: t('cart.generalDonation.name'), description: '', code: 'general_cart', amount: 9, type: 'donation' }],
      });
      expect(added.status(), `adding the donation: ${await added.text()}`).toBe(200);
      return payCart(api, siteLang);
    });
    const order = await asBrowser(page, async (api) => (await (await api.get(`/crud/orders/${orderId}`)).json()) as Order);
    const year = String(new Date(order.order_created_at).getUTCFullYear());
    await page.context().clearCookies();
    await signInAsAdmin(page);

    await page.goto(`${adminPath('adminDonors', siteLang)}?year=${year}`);
    const part = page.getByRole('region', { name: t('admin.donors.statements') });
    await expect(part).toContainText(t('admin.donors.statementsText', { year }));

    await test.step('Send, once confirmed: the count of statements sent runs to the end', async () => {
      // The year's first run, or (the family gave since an earlier one) the donors new since.
      const before = await apiGet<StatementRun>(page, `/crud/admin/statements?year=${year}`);
      expect(before.new_donors).toBeGreaterThanOrEqual(1);
      const send = part.getByRole('button', {
        name: before.started ? countPattern(t, 'admin.donors.sendNew') : t('admin.donors.sendAll', { year }),
      });
      await send.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(t('admin.donors.sendAllText', { year }));
      await dialog.getByRole('button', { name: t('admin.donors.send') }).click();
      await expect(dialog).toBeHidden();

      // The page asks again every two seconds until the last statement is out.
      const progress = part.getByRole('progressbar', { name: t('admin.donors.progressLabel') });
      await expect(progress).toBeVisible();
      await expect
        .poll(
          async () => {
            const run = await apiGet<StatementRun>(page, `/crud/admin/statements?year=${year}`);
            return run.sent === run.total;
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      const run = await apiGet<StatementRun>(page, `/crud/admin/statements?year=${year}`);
      await expect(part.getByRole('status')).toHaveText(t('admin.donors.finished', { total: run.total, year }), {
        timeout: 15_000,
      });
      await expect(progress).toHaveJSProperty('value', run.total);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('the family’s statement is in the mailbox, in the site’s language; the audit log names the action', async () => {
      const subject = t('subscriptions.email.statementSubject', { year });
      const mail = async () => (await readMailbox()).items.find((m) => m.to === email && m.subject === subject);
      await expect.poll(mail).toBeTruthy();
      expect((await mail())?.lang_code).toBe(siteLang);
      expect((await mail())?.text).toContain(order.order_number);
      await page.goto(adminPath('adminAudit', siteLang) ?? '');
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: t('admin.audit.action.donor_statements') })
          .first(),
      ).toContainText(t('admin.audit.targetOf.statements', { name: year }));
    });
  });
});
