import type { Page } from '@playwright/test';
import { type LibraryAlbum, libraryPaths, type Order } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';
import { expect, type ProjectLang, ruTest as test } from './fixtures';
import { apiGet, familyBuysCdAndAlbum, readMailbox, seriousViolations } from './helpers';
import { overflow } from './page-width';

// Issue 46 "After paying" (decision 071), its "Done when" journey in English, Spanish and Russian: a family buys a download
// and a CD; the confirmation lists both with their covers, the download with "Listen now" and the CD with where it
// goes and when it should arrive (economy: 5-8 business days, the ministry's setting), at 1366 and at 390 px;
// "Listen now" opens the album in the library and its player plays track 1; the receipt in the developer mailbox
// has the Listen link and the address; My orders links each line to the album in the library.

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

const playerBar = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });
/** The player's audio element is kept off the page: the journey notes the one that is played (as read-along.spec.ts). */
const notePlayedAudio = (page: Page) =>
  page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      (window as unknown as { playedAudio: HTMLMediaElement }).playedAudio = this;
      return play.call(this);
    };
  });
/** What the played audio element plays, where it is in it, and whether it runs. */
const playedAudio = (page: Page) =>
  page.evaluate(() => {
    const audio = (window as unknown as { playedAudio?: HTMLMediaElement }).playedAudio;
    return audio ? { src: audio.src, time: audio.currentTime, paused: audio.paused } : null;
  });

/** A calendar day of the API (YYYY-MM-DD) as the page writes it. */
const dayText = (lang: ProjectLang, day: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(`${day}T12:00:00`));

for (const width of [1366, 390]) {
  test(`at ${width} px: the confirmation leads from paying to listening; the receipt and My orders say the same`, {
    tag: ['@i18n', '@ru'],
  }, async ({ page, t, siteLang }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await notePlayedAudio(page);
    const { email, orderId } = await familyBuysCdAndAlbum(page, siteLang, { tag: 'after-paying' });
    await page.goto(`/payment?order=${orderId}`);
    const order = await apiGet<Order>(page, `/crud/orders/${orderId}`);
    const [download, cd] = [order.items.find((i) => i.type === 'digital_album'), order.items.find((i) => i.type === 'physical')];
    if (!download?.library_album_id || !cd || !order.shipment?.arrives) throw new Error('the order answers its lines');
    const album = await apiGet<LibraryAlbum>(page, `/crud/my-library/product/${download.library_album_id}`);
    const firstTrack = album.tracks[0]?.title as string;

    await test.step('the confirmation: both lines with covers, Listen now, where the CD goes and when', async () => {
      await expect(page.getByRole('heading', { level: 1, name: t('payment.confirmation.title') })).toBeVisible();
      const bought = page.getByRole('region', { name: t('payment.confirmation.items') });
      const lines = bought.getByRole('list').first().getByRole('listitem');
      await expect(lines).toHaveCount(2);
      // Each line shows its story's cover.
      await expect(bought.locator('img.order-bought__cover')).toHaveCount(2);
      const listen = bought.getByRole('link', { name: t('payment.confirmation.listenTo', { title: download.title }) });
      await expect(listen).toHaveAttribute('href', libraryPaths.listen(download.library_album_id as number));
      const cdLine = lines.filter({ hasText: t('cart.type.physical') });
      await expect(cdLine).toContainText(
        t('payment.confirmation.arrives', {
          from: dayText(siteLang, order.shipment?.arrives?.from as string),
          by: dayText(siteLang, order.shipment?.arrives?.by as string),
        }),
      );
      const shipTo = bought.getByRole('region', { name: t('payment.confirmation.shipTo') });
      await expect(shipTo).toContainText('12 Elm Street');
      await expect(shipTo).toContainText('Chicago, IL 60601');
      // Fits the screen, and "Listen now" is a tap target of at least 44 × 44 px.
      const fit = await overflow(page);
      expect({ wider: fit.scroll - fit.width, culprits: fit.culprits, clipped: fit.clipped }).toEqual({
        wider: 0,
        culprits: [],
        clipped: [],
      });
      const box = await listen.boundingBox();
      expect(box && box.height >= 44 && box.width >= 44).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // Listen now: the album in the library, its player playing track 1 (the time runs).
      await listen.click();
      await expect(page).toHaveURL(new RegExp(`/library/album/${download.library_album_id}$`));
      const bar = playerBar(page, t);
      await expect(bar.getByText(firstTrack).first()).toBeVisible();
      await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
      // The audio element plays track 1's recording, and its time runs.
      await expect
        .poll(async () => {
          const audio = await playedAudio(page);
          return (
            audio && { track1: audio.src.endsWith(album.tracks[0]?.download_url ?? '-'), runs: audio.time > 0 && !audio.paused }
          );
        })
        .toEqual({ track1: true, runs: true });
    });

    await test.step('the receipt in the developer mailbox: the Listen link and the address', async () => {
      const receipt = async () =>
        (await readMailbox()).items.find((m) => m.subject.includes(order.order_number) && m.to.includes(email));
      await expect.poll(receipt).toBeTruthy();
      const text = (await receipt())?.text ?? '';
      expect(text).toMatch(
        new RegExp(
          `${t('orders.email.listen')}: https?://[^\\s]+${libraryPaths.listen(download.library_album_id as number).replace('?', '\\?')}`,
        ),
      );
      expect(text).toContain(`${t('orders.email.shipTo')}:\nRosa Tester\n12 Elm Street\nChicago, IL 60601`);
      expect(text).toContain(`${t('orders.email.arrives')}:`);
    });

    await test.step('My orders links each line to its album in the library', async () => {
      await page.goto('/account/orders');
      const card = page.getByRole('article', { name: t('orders.page.number', { number: order.order_number }) });
      // The album and the CD both lead to the story's album in the library.
      const lines = card.getByRole('list').first().getByRole('listitem');
      await expect(lines).toHaveCount(2);
      for (const [at, item] of [download, cd].entries()) {
        await expect(lines.nth(at).getByRole('link', { name: item.title })).toHaveAttribute(
          'href',
          libraryPaths.album(item.library_album_id as number),
        );
      }
    });
  });
}
