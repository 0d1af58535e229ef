import { execFileSync } from 'node:child_process';
import { type AdminOrder, adminPath } from '@storyhouse/contracts';
import { expect, test } from './fixtures';
import { asBrowser, countPattern, familyBuysCdAndAlbum, seriousViolations, signInAsAdmin } from './helpers';
import { overflow } from './page-width';

// The orders list's bulk actions (issue 44): a volunteer follows the Overview's
// "orders to ship" to the orders waiting to be posted, ticks two, prints their packing slips (one PDF, a
// page each, read back with poppler's pdftotext as the paper would be read),
// and marks both shipped in one go with a tracking number each. In English
// on a desktop; in Spanish on a phone (390 px), where everything still fits.

// axe goes into the page as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

test('the volunteer prints the packing slips of two orders to ship and marks both shipped in one go', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  // Two families, two parcels; then the list, a PDF and a bulk action: a long journey on two shared cores.
  test.slow();
  if (siteLang === 'es') await page.setViewportSize({ width: 390, height: 844 });
  const recipients = [
    { fname: 'Rosa', lname: 'Piñón' },
    { fname: 'Анна', lname: 'Ёлкина' },
  ];
  const orderIds: number[] = [];
  for (const to of recipients) {
    orderIds.push((await familyBuysCdAndAlbum(page, siteLang, { tag: 'admin-bulk', to })).orderId);
    await page.context().clearCookies();
  }
  await signInAsAdmin(page);
  /** An order as the back office's API answers it to the volunteer. */
  const orderOf = (id: number | undefined) =>
    asBrowser(page, async (api) => {
      const res = await api.get(`/crud/admin/orders/${id}`);
      expect(res.status(), `GET /crud/admin/orders/${id}`).toBe(200);
      return (await res.json()) as AdminOrder;
    });
  const numbers = await Promise.all(orderIds.map(async (id) => (await orderOf(id)).number));
  const rowOf = (number: string) => page.getByRole('table').getByRole('row').filter({ hasText: number });

  await test.step('Overview: the to-do list leads to the orders to ship; tick the two orders', async () => {
    await page.goto(adminPath('admin', siteLang)!);
    const toDo = page.getByRole('region', { name: t('admin.overview.toDo') });
    await toDo.getByRole('link', { name: countPattern(t, 'admin.overview.toShip') }).click();
    await expect(page).toHaveURL(/filter=to_ship/);
    await expect(page.getByRole('heading', { level: 1, name: t('admin.orders.title') })).toBeInViewport();
    for (const number of numbers) {
      await rowOf(number)
        .getByRole('checkbox', { name: t('admin.orders.bulk.select', { number }) })
        .check();
    }
    await expect(page.getByText(t('admin.orders.bulk.selected', { count: 2 }), { exact: true })).toBeVisible();
  });

  await test.step('Print packing slips: one PDF, a page per order, each with its recipient', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('admin.orders.bulk.print') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${t('admin.orders.bulk.fileName')}.pdf`);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').slice(0, -1);
    expect(pages).toHaveLength(2);
    // The list is newest first, the slips in the order ticked: each order's page has its own recipient.
    for (const [i, number] of numbers.entries()) {
      const slip = pages.find((p) => p.includes(number));
      expect(slip, `the slip of ${number}`).toBeDefined();
      expect(slip).toContain(`${recipients[i]?.fname} ${recipients[i]?.lname}`);
    }
    await expect(page.getByText(t('admin.orders.bulk.printed', { count: 2 }))).toBeVisible();
  });

  await test.step('Mark shipped: one carrier, a tracking number each, confirmed once', async () => {
    await page.getByRole('button', { name: t('admin.orders.bulk.ship') }).click();
    const form = page.getByRole('form', { name: t('admin.orders.bulk.shipForm') });
    await form.getByLabel(t('admin.orders.bulk.carrier')).selectOption('USPS');
    for (const [i, number] of numbers.entries()) {
      await form.getByRole('textbox', { name: number }).fill(`9400 1112 0200 000${i}`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    if (siteLang === 'es') {
      const measured = await overflow(page);
      expect(measured.culprits, 'wider than the phone').toEqual([]);
      expect(measured.scroll).toBeLessThanOrEqual(measured.width);
    }
    await form.getByRole('button', { name: t('admin.orders.bulk.shipButton', { count: 2 }) }).click();
    const dialog = page.getByRole('dialog', { name: t('admin.orders.bulk.shipTitle', { count: 2 }) });
    for (const number of numbers) await expect(dialog).toContainText(number);
    await dialog.getByRole('button', { name: t('admin.orders.bulk.shipButton', { count: 2 }) }).click();

    await expect(page.getByRole('status').filter({ hasText: t('admin.orders.bulk.shipDone', { count: 2 }) })).toBeVisible();
    const results = page.getByRole('list', { name: t('admin.orders.bulk.results') }).getByRole('listitem');
    await expect(results).toHaveCount(2);
    for (const number of numbers) {
      await expect(results.filter({ hasText: number })).toHaveText(t('admin.orders.bulk.resultShipped', { number }));
    }
    // Posted, they are no longer to ship.
    for (const number of numbers) await expect(rowOf(number)).toHaveCount(0);
  });

  await test.step('both orders read Shipped, each with its own tracking number', async () => {
    for (const [i, number] of numbers.entries()) {
      await page.goto(`${adminPath('adminOrders', siteLang)}?filter=shipped&search=${number}`);
      await expect(
        rowOf(number)
          .getByRole('list', { name: t('admin.orders.state') })
          .getByRole('listitem'),
      ).toHaveText([t('admin.orders.status.paid'), t('admin.orders.fulfilment.shipped')]);
      const order = await orderOf(orderIds[i]);
      expect(order.shipment).toMatchObject({ carrier: 'USPS', tracking_number: `9400 1112 0200 000${i}` });
    }
  });
});
