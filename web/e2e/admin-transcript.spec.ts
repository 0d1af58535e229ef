import type { Page } from '@playwright/test';
import { type AdminProduct, type AdminTranscript, type TranscriptResponse, transcriptPaths } from '@storyhouse/contracts';
import { expect, test } from './fixtures';
import { apiFromPage, apiGet, seriousViolations, signInAsAdmin } from './helpers';

// Issue 43: the back office times a three-sentence track by pressing Space as
// it plays, and a family reading along gets the new timing. The track is the
// journey's own (a new product with a demo recording), so the demo tracks'
// transcripts that other journeys read stay as they are. It is paid, as most
// of the ministry's tracks are, and the admin does not own it: the back office
// plays it all the same (decision 093).

// axe goes into the page as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

const TEXT = 'Mr. Noah built a big boat. Did it float?\n\nIt did!';
const SENTENCES = ['Mr. Noah built a big boat.', 'Did it float?', 'It did!'];

/** Waits until the page's recording has played to `seconds`. */
const playedTo = (page: Page, seconds: number) =>
  page.waitForFunction((s) => (document.querySelector('audio')?.currentTime ?? 0) >= s, seconds, { timeout: 20_000 });

/** "from 0:02.5 to 0:04.1" as tenths of a second. */
const tenthsOf = (text: string) =>
  [...text.matchAll(/(\d+):(\d\d)\.(\d)/g)].map(([, m, s, d]) => Number(m) * 600 + Number(s) * 10 + Number(d));

test('the admin times a track’s three sentences by pressing Space, and a family reads along with that timing', async ({
  page,
  t,
  request,
}) => {
  test.setTimeout(90_000);
  const token = Date.now().toString(36);
  const title = `Boat song ${token}`;
  let productId = 0;
  let skuId = 0;

  await test.step('a product with one paid track (a demo recording)', async () => {
    await signInAsAdmin(page);
    await page.goto('/');
    const demo = await apiGet<{ items: { id: number; slug: string }[] }>(page, '/crud/admin/products?search=in-the-beginning');
    const demoId = demo.items.find((p) => p.slug === 'in-the-beginning')?.id;
    const demoTrack = (await apiGet<AdminProduct>(page, `/crud/admin/products/${demoId}`)).skus.find(
      (s) => s.type === 'digital_track',
    );
    expect(demoTrack?.media_full, 'a demo recording').toBeTruthy();
    const created = await apiFromPage(page, 'POST', '/crud/admin/products', {
      title: `Timing ${token}`,
      slug: `timing-${token}`,
      lang_code: 'en',
    });
    expect(created.status, 'the product is created').toBe(200);
    const product = created.body as AdminProduct;
    productId = product.id;
    const added = await apiFromPage(page, 'POST', `/crud/admin/products/${product.id}/skus`, {
      updated_at: product.updated_at,
      type: 'digital_track',
      title,
      full_price_usd: 0.99,
      media_full: demoTrack?.media_full,
      length_seconds: demoTrack?.length_seconds,
    });
    expect(added.status, 'the track is added').toBe(200);
    skuId = (added.body as AdminProduct).skus.find((s) => s.title === title)?.id ?? 0;
    expect(skuId).toBeGreaterThan(0);
  });

  await test.step('the track’s Transcript page, from the product’s track list', async () => {
    await page.goto(`/admin/products/${productId}`);
    await page.getByRole('link', { name: t('admin.transcript.linkLabel', { title }) }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('admin.transcript.title', { title }) })).toBeVisible();
    await expect(page.getByText(t('admin.transcript.neverSaved'))).toBeVisible();
  });

  await test.step('the pasted text becomes its three sentences, a title kept with its name; nothing serious for axe', async () => {
    await page.getByRole('textbox', { name: t('admin.transcript.pasteLabel') }).fill(TEXT);
    await page.getByRole('button', { name: t('admin.transcript.makeSentences') }).click();
    for (const [i, sentence] of SENTENCES.entries()) {
      await expect(page.getByRole('textbox', { name: t('admin.transcript.words', { n: i + 1 }) })).toHaveValue(sentence);
    }
    await expect(page.getByText(t('admin.transcript.untimed'))).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('Time it: Space as each sentence begins, then Stop; a nudge moves a start by 0.1 s', async () => {
    await page.getByRole('button', { name: t('admin.transcript.startTiming') }).click();
    const next = page.getByRole('button', { name: t('admin.transcript.pressNext') });
    await expect(next).toBeFocused();
    for (const [i, seconds] of [1, 2.5, 4].entries()) {
      await playedTo(page, seconds);
      await page.keyboard.press('Space');
      await expect(
        page.getByRole('status').filter({ hasText: t('admin.transcript.pressed', { n: i + 1, count: 3 }) }),
      ).toBeAttached();
    }
    // Three presses timed three sentences: none was taken twice (the focused button and the page's key).
    await expect(page.getByRole('button', { name: t('admin.transcript.pressDone') })).toBeVisible();
    await playedTo(page, 5.5);
    await page.getByRole('button', { name: t('admin.transcript.stop'), exact: true }).click();
    await expect(page.getByText(t('admin.transcript.untimed'))).toHaveCount(0);

    const second = page.getByRole('listitem').filter({ hasText: t('admin.transcript.sentenceN', { n: 2 }) });
    const before = tenthsOf((await second.locator('p').first().textContent()) ?? '');
    await page
      .getByRole('button', { name: t('admin.transcript.laterLabel', { n: 2, nudge: t('admin.transcript.later') }) })
      .click();
    await expect
      .poll(async () => tenthsOf((await second.locator('p').first().textContent()) ?? '')[0])
      .toBe((before[0] ?? 0) + 1);
  });

  let saved: AdminTranscript | undefined;
  await test.step('saved; the preview highlights the sentence being read', async () => {
    await page.getByRole('button', { name: t('admin.transcript.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('admin.transcript.saved') })).toBeVisible();
    saved = await apiGet<AdminTranscript>(page, transcriptPaths.admin(skuId));
    expect(saved.cues.map((c) => c.text)).toEqual(SENTENCES);
    const [one, two, three] = saved.cues;
    expect(one?.start_ms).toBeGreaterThanOrEqual(1000);
    expect(two?.start_ms).toBeGreaterThanOrEqual(2500 + 100);
    expect(three?.start_ms).toBeGreaterThanOrEqual(4000);
    expect(three?.end_ms).toBeGreaterThanOrEqual(5500);
    expect(one?.end_ms, 'a sentence ends where the next begins').toBe(two?.start_ms);
    expect(two?.end_ms).toBe(three?.start_ms);

    await page.getByRole('button', { name: t('admin.transcript.playFromStart') }).click();
    await playedTo(page, ((two?.start_ms ?? 0) + 300) / 1000);
    await expect(page.locator('mark')).toHaveText(SENTENCES[1] as string);
    await page.getByRole('button', { name: t('admin.transcript.pause') }).click();
  });

  await test.step('a visitor reading along the preview gets the three sentences with the new timing', async () => {
    const response = await request.get(transcriptPaths.track(skuId));
    expect(response.status()).toBe(200);
    const transcript = (await response.json()) as TranscriptResponse;
    // The track is paid: a visitor hears its preview, and the three sentences begin within it.
    expect(transcript.scope).toBe('preview');
    expect(transcript.cues).toEqual(saved?.cues);
  });

  // The journey's product leaves the shop (a product is never deleted).
  const product = await apiGet<AdminProduct>(page, `/crud/admin/products/${productId}`);
  const withdrawn = await apiFromPage(page, 'POST', `/crud/admin/products/${productId}/withdraw`, {
    updated_at: product.updated_at,
  });
  expect(withdrawn.status).toBe(200);
});
