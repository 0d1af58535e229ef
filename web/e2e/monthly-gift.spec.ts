import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { type MonthlyFundsResponse, type MySubscription, type MySubscriptionsResponse, routePath } from '@storyhouse/contracts';
import { expect, type SiteLang, test } from './fixtures';
import {
  ANY,
  advanceTestClock,
  apiGet,
  asBrowser,
  createAccount,
  freshEmail,
  messagePattern,
  payCart,
  readMailbox,
  seriousViolations,
  withTestClock,
} from './helpers';

// Issue 45: a donor manages a monthly gift on My subscription: raises it,
// moves the day of the month it is charged, pauses it for a month and sees
// when it starts again; each change is confirmed on screen and by e-mail
// in the donor's language. Then (decision 070) it moves to another fund,
// and once it is charged again its receipt downloads from My subscription
// as a PDF (read back with pdftotext). The dates are the server's (the
// test processor's clock, which no other journey moves meanwhile).

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** Dollars and dates as the page writes them (Intl in the site language, in the browser). */
const money = (page: Page, lang: SiteLang, usd: number) =>
  page.evaluate(([v, l]) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(v), [usd, lang] as const);
const day = (page: Page, lang: SiteLang, iso: string) =>
  page.evaluate(([d, l]) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }).format(new Date(d)), [iso, lang] as const);

/** The donor's monthly gift as the API answers it now. */
async function giftNow(page: Page): Promise<MySubscription> {
  const { data } = await apiGet<MySubscriptionsResponse>(page, '/crud/stripe/customer/my/subscriptions');
  const gift = data.find((s) => s.type === 'recurring_donation');
  expect(gift, 'the donor’s monthly gift').toBeDefined();
  return gift!;
}

test('a donor raises a monthly gift, changes its day, pauses it for a month, moves it to another fund and downloads its receipt', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  test.setTimeout(90_000);
  const email = await createAccount(page, { email: freshEmail('monthly-gift'), password: 'gives-monthly-1' });
  const title = t('cart.generalDonation.name');
  await asBrowser(page, async (api) => {
    const added = await api.post('/crud/cart-session/donations', {
      data: [{ title, description: '', code: 'general_cart', amount: 15, type: 'recurring_donation' }],
    });
    expect(added.status(), `adding the monthly gift: ${await added.text()}`).toBe(200);
    await payCart(api, siteLang);
  });

  await withTestClock(async () => {
    await page.goto(routePath('subscriptions', siteLang)!);
    const gifts = page.getByRole('region', { name: t('mySubscription.donations.title') });
    await expect(
      gifts.getByText(t('mySubscription.donations.amount', { amount: await money(page, siteLang, 15) })),
    ).toBeVisible();
    const given = await giftNow(page);

    // Raised to $25 and charged on another day of the month, from the next charge.
    const newDay = (new Date(given.current_period_end).getUTCDate() % 28) + 1;
    await gifts.getByLabel(t('mySubscription.gift.amount')).fill('25');
    await gifts.getByLabel(t('mySubscription.gift.day')).selectOption(String(newDay));
    await gifts.getByRole('button', { name: t('mySubscription.gift.save') }).click();
    await expect(
      gifts.getByText(t('mySubscription.donations.amount', { amount: await money(page, siteLang, 25) })),
    ).toBeVisible();
    const changed = await giftNow(page);
    expect(changed.price_usd).toBe(25);
    expect(changed.charge_day).toBe(newDay);
    expect(new Date(changed.next_payment?.date ?? '').getUTCDate()).toBe(newDay);
    await expect(
      gifts.getByRole('status').filter({
        hasText: t('mySubscription.gift.changedDone', {
          date: await day(page, siteLang, changed.next_payment?.date ?? ''),
          amount: await money(page, siteLang, 25),
        }),
      }),
    ).toBeVisible();

    // Paused for a month: nothing until the day it starts again, which the page says.
    await gifts
      .getByLabel(t('mySubscription.gift.pauseFor'))
      .selectOption({ label: t('mySubscription.gift.months', { count: 1 }) });
    await gifts.getByRole('button', { name: t('mySubscription.gift.pause') }).click();
    await expect.poll(async () => (await giftNow(page)).paused_until).not.toBeNull();
    const paused = await giftNow(page);
    const resumes = await day(page, siteLang, paused.paused_until ?? '');
    await expect(
      gifts.getByRole('status').filter({
        hasText: t('mySubscription.gift.pausedDone', { date: resumes, amount: await money(page, siteLang, 25) }),
      }),
    ).toBeVisible();
    await expect(gifts.getByText(t('mySubscription.gift.pausedUntil', { date: resumes }))).toBeVisible();
    // A month after the day it would have been charged, on the chosen day.
    const resumeDate = new Date(paused.paused_until ?? '');
    expect(resumeDate.getUTCDate()).toBe(newDay);
    expect(resumeDate.getTime()).toBeGreaterThan(new Date(changed.next_payment?.date ?? '').getTime());

    // Still paused when the page is opened again.
    await page.reload();
    await expect(gifts.getByText(t('mySubscription.gift.pausedUntil', { date: resumes }))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Another monthly fund, from the funds on sale in the site's language; the pause stays.
    const funds = await apiGet<MonthlyFundsResponse>(page, '/crud/stripe/subscription/funds');
    const other = funds.data.find((f) => f.code !== paused.code);
    expect(other, 'another monthly fund on sale').toBeDefined();
    await gifts.getByLabel(t('mySubscription.gift.fund')).selectOption({ label: other!.title });
    await gifts.getByRole('button', { name: t('mySubscription.gift.save') }).click();
    await expect(gifts.getByRole('heading', { level: 3, name: other!.title })).toBeVisible();
    const moved = await giftNow(page);
    expect([moved.code, moved.price_usd, moved.paused_until]).toEqual([other!.code, 25, paused.paused_until]);

    // Charged again once the pause ends: that month's receipt downloads from the gift's Receipts.
    const clock = new Date(moved.test_clock?.frozen_time ?? Date.now()).getTime();
    await advanceTestClock(Math.ceil((resumeDate.getTime() - clock) / 86_400_000) + 1);
    await page.reload();
    await gifts.getByText(t('mySubscription.receipts.title'), { exact: true }).click();
    const link = gifts.getByRole('link', { name: t('mySubscription.receipts.download') });
    await expect(link).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^receipt-SH-[0-9A-Z]{4}-[0-9A-Z]{2}-\d+\.pdf$/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(t('receipts.field.monthlyGift'));
    expect(text).toContain('Rosa Tester');
    expect(text).toContain((await money(page, siteLang, 25)).replace(/\s/g, ' '));
  });

  // Both changes confirmed by e-mail, in the donor's language.
  // The change e-mails name the gift's fund at the time of each change (the last one moved it to another fund).
  const subject = messagePattern(t, 'subscriptions.email.giftChangedSubject', { title: ANY });
  const mails = async () => (await readMailbox(email)).items.filter((m) => m.to === email && subject.test(m.subject));
  await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
});
