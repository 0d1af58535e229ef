import type { Page } from '@playwright/test';
import { type AdminProduct, adminPath, routePath } from '@storyhouse/contracts';
import { appReady, expect, test, WITHOUT_SERVICE_WORKER } from './fixtures';
import { asBrowser, createAccount, freshEmail, payCart, seriousViolations, shipCartToChicago, signInAsAdmin } from './helpers';
import { overflow } from './page-width';

// Decision 061: stock and returns of what is posted. The ministry counts a
// new CD's one copy in the product editor; a family buys it; a second family
// finds it sold out; the parcel comes back, a volunteer records the return
// with restock on the order page and refunds it, and the CD is for sale
// again; the first family's My orders says Returned.

// axe goes into the back office's pages as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

/** A new product holding only a CD, made through the back office's API as the signed-in admin; its id and CD. */
async function newCdProduct(page: Page, title: string, slug: string) {
  return asBrowser(page, async (api) => {
    const made = await api.post('/crud/admin/products', { data: { title, slug, lang_code: 'en', description: '' } });
    expect(made.status(), `the product: ${await made.text()}`).toBe(200);
    const product = (await made.json()) as AdminProduct;
    const cd = await api.post(`/crud/admin/products/${product.id}/skus`, {
      data: { updated_at: product.updated_at, type: 'physical', title, full_price_usd: 12 },
    });
    expect(cd.status(), `the CD: ${await cd.text()}`).toBe(200);
    return { id: product.id, cdId: ((await cd.json()) as AdminProduct).skus[0]?.id as number };
  });
}

test('a CD with one copy sells once, is sold out for the next family, and is for sale again once returned with restock', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  test.setTimeout(150_000);
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const title = `Daniel and the lions ${token}`;
  const slug = `daniel-lions-${token}`;
  const storyPath = `/story/${slug}`;
  const cdName = t('catalogue.physical');
  // A reason the demo ministry offers (server/src/modules/returns/returns.seed.ts), in the site's language.
  const mistake = { en: 'Ordered by mistake', es: 'Pedido por error' }[siteLang];
  const cdOffer = (p: Page) => p.getByRole('listitem').filter({ has: p.getByRole('heading', { level: 3, name: cdName }) });

  await signInAsAdmin(page);
  const product = await newCdProduct(page, title, slug);

  await test.step('the volunteer counts one copy of the CD in the product editor', async () => {
    await page.goto(`/admin/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const stock = page.getByRole('form', { name: t('admin.stock.formLabel', { kind: cdName }) });
    await expect(stock.getByText(t('admin.stock.notTracked'))).toBeVisible();
    await stock.getByRole('checkbox', { name: t('admin.stock.tracked') }).check();
    await stock.getByRole('textbox', { name: t('admin.stock.count') }).fill('1');
    await stock.getByRole('textbox', { name: t('admin.stock.threshold') }).fill('0');
    await stock.getByRole('button', { name: t('admin.stock.save') }).click();
    await expect(stock.getByRole('status')).toHaveText(t('admin.stock.saved'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  // The first family, in a browser of its own, buys the one copy from the story page.
  const first = await page
    .context()
    .browser()
    ?.newContext({ baseURL: test.info().project.use.baseURL, ...WITHOUT_SERVICE_WORKER });
  const second = await page
    .context()
    .browser()
    ?.newContext({ baseURL: test.info().project.use.baseURL, ...WITHOUT_SERVICE_WORKER });
  if (!first || !second) throw new Error('no browser');
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();
  let orderId = 0;

  await test.step('a family adds the CD on its story page and pays for it', async () => {
    const email = await createAccount(firstPage, { email: freshEmail('stock-first'), password: 'listen-along-1' });
    await firstPage.goto(storyPath);
    await appReady(firstPage);
    await cdOffer(firstPage)
      .getByRole('button', { name: t('catalogue.addTrack', { title: cdName }) })
      .click();
    await expect(cdOffer(firstPage).getByRole('button', { name: t('catalogue.addedTrack', { title: cdName }) })).toBeVisible();
    ({ orderId } = await asBrowser(firstPage, async (api) => {
      await shipCartToChicago(api, email);
      return payCart(api, 'en');
    }));
  });

  await test.step('a second family finds it sold out: no way to add it', async () => {
    await createAccount(secondPage, { email: freshEmail('stock-second'), password: 'listen-along-1' });
    await secondPage.goto(storyPath);
    await appReady(secondPage);
    await expect(cdOffer(secondPage).getByText(t('catalogue.soldOut'), { exact: true })).toBeVisible();
    await expect(cdOffer(secondPage).getByRole('button', { name: t('catalogue.addTrack', { title: cdName }) })).toHaveCount(0);
  });

  await test.step('the parcel left, and came back: the volunteer records the return with restock and refunds it', async () => {
    await asBrowser(page, async (api) => {
      expect((await api.post(`/crud/admin/orders/${orderId}/ship`, { data: { carrier: 'USPS' } })).status()).toBe(200);
    });
    await page.goto(`/admin/orders/${orderId}`);
    const returns = page.getByRole('region', { name: t('admin.returns.title') });
    await expect(returns.getByText(t('admin.returns.none'))).toBeVisible();
    const form = returns.getByRole('form', { name: t('admin.returns.record') });
    // Nothing chosen: the form says so and sends nothing.
    await form.getByRole('button', { name: t('admin.returns.submit') }).click();
    await expect(form.getByText(t('admin.returns.nothingChosen'))).toBeVisible();
    await form.getByRole('textbox', { name: t('admin.returns.copies', { title, kind: t('cart.type.physical') }) }).fill('1');
    await form.getByRole('combobox', { name: t('admin.returns.reason') }).selectOption({ label: mistake });
    await form.getByRole('checkbox', { name: t('admin.returns.restock') }).check();
    await form.getByRole('button', { name: t('admin.returns.submit') }).click();

    await expect(returns.getByText(mistake)).toBeVisible();
    await expect(returns.getByText(t('admin.returns.restocked'))).toBeVisible();
    await expect(returns.getByText(t('admin.returns.allBack'))).toBeVisible();
    const amount = new Intl.NumberFormat(siteLang, { style: 'currency', currency: 'USD' }).format(12.75);
    await returns
      // The amount as the site writes it (its spaces may be non-breaking ones, which an accessible name reads as spaces).
      .getByRole('button', {
        name: new RegExp(`^${t('admin.returns.refund', { amount }).replace('$', '\\$').replace(/\s/g, '\\s')}\\s`),
      })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t('admin.returns.refundQuestion', { amount }))).toBeVisible();
    await dialog.getByRole('button', { name: t('admin.returns.confirm', { amount }) }).click();
    await expect(returns.getByText(t('admin.returns.refundDone', { amount }))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('the CD is for sale again, and the first family’s My orders says Returned', async () => {
    await secondPage.reload();
    await appReady(secondPage);
    await expect(cdOffer(secondPage).getByRole('button', { name: t('catalogue.addTrack', { title: cdName }) })).toBeVisible();
    await firstPage.goto(routePath('orders', siteLang) ?? '/account/orders');
    await appReady(firstPage);
    const order = firstPage.getByRole('article').filter({ hasText: title });
    await expect(order.getByText(t('orders.item.returned'), { exact: true })).toBeVisible();
  });

  await first.close();
  await second.close();

  await test.step('the reasons have a page of their own in the Shop menu, and every page here fits a phone', async () => {
    await page.goto(adminPath('admin', siteLang) ?? '/admin');
    await page
      .getByRole('navigation', { name: t('admin.nav.label') })
      .getByRole('link', { name: t('admin.nav.returnReasons') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.returnReasons.title') })).toBeVisible();
    await page.getByRole('button', { name: t('admin.returnReasons.renameLabel', { name: mistake }) }).click();
    await expect(page.getByRole('form', { name: t('admin.returnReasons.formLabel', { name: mistake }) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 800 });
    for (const [address, heading] of [
      [adminPath('adminReturnReasons', siteLang) ?? '', t('admin.returnReasons.title')],
      [`/admin/products/${product.id}`, title],
      [`/admin/orders/${orderId}`, undefined],
    ] as const) {
      await page.goto(address);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      else await expect(page.getByRole('region', { name: t('admin.returns.title') }).getByText(mistake)).toBeVisible();
      const { width, scroll, culprits, clipped } = await overflow(page);
      expect([scroll <= width, culprits, clipped], address).toEqual([true, [], []]);
    }
  });
});
