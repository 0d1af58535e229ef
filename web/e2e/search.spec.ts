import type { Page } from '@playwright/test';
import { demoPage, expect, type SiteLang, test } from './fixtures';
import { seriousViolations } from './helpers';

// Issue 4 site search: a word from a story finds both its page and its
// product, in the site language, with highlighted snippets.

/** A word of a demo story, typed the way a visitor would (no accent in Spanish), its product, and a page that tells of it. */
const story: Record<SiteLang, { word: string; product: string; page: string }> = {
  en: { word: 'David', product: 'David the Shepherd Boy', page: '/get-a-free-mp3' },
  es: { word: 'jonas', product: 'Jonás y el gran pez', page: '/get-a-free-mp3' },
};

/**
 * A word said in a track of a free-streaming demo album (its words: server/demo/media/transcripts), past the track's
 * first sentence: a visitor hears that album in full, so Play from here starts the track at the sentence.
 */
const spoken: Record<SiteLang, { word: string; track: string; startsAt: number }> = {
  en: { word: 'golden', track: 'Let There Be Light', startsAt: 14 },
  es: { word: 'marineros', track: 'Jonás huye', startsAt: 19 },
};

const results = (page: Page) => page.getByRole('list').filter({ has: page.getByRole('heading', { level: 2 }) });

test('a word from a story finds both the page and the product', { tag: '@i18n' }, async ({ page, t, siteLang }) => {
  const { word, product, page: pagePath } = story[siteLang];
  await page.goto('/search');
  await page.getByRole('searchbox', { name: t('search.label') }).fill(word);
  await page.getByRole('button', { name: t('search.submit') }).click();

  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByRole('status')).toHaveText(new RegExp(`«?“?${word}”?»?`));
  const list = results(page);
  const productHit = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: product, exact: true }) });
  await expect(productHit.getByText(t('search.kindProduct'), { exact: true })).toBeVisible();
  const pageTitle = demoPage(siteLang, pagePath).title;
  const pageHit = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: pageTitle, exact: true }) });
  await expect(pageHit.getByText(t('search.kindPage'), { exact: true })).toBeVisible();
  // The matched word is highlighted in the snippet (with its accent in Spanish).
  await expect(pageHit.locator('mark').first()).toHaveText(new RegExp(word.replace('a', '[aá]'), 'i'));

  // Results link inside the app: the story page opens without a reload.
  await page.evaluate(() => {
    (window as unknown as { __stayed: boolean }).__stayed = true;
  });
  await productHit.getByRole('link', { name: product, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);

  // Back to the results, which the URL kept.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: t('search.label') })).toHaveValue(word);
  await expect(results(page).getByRole('link', { name: product, exact: true })).toBeVisible();

  await test.step('a word inside a story: Play from here plays its track from that sentence', async () => {
    const { word: said, track, startsAt } = spoken[siteLang];
    await page.getByRole('searchbox', { name: t('search.label') }).fill(said);
    await page.getByRole('button', { name: t('search.submit') }).click();
    const hit = results(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: track, exact: true }) })
      .filter({ hasText: t('search.kindTranscript') });
    await hit.getByRole('button', { name: t('search.playFromHereLabel', { title: track }) }).click();
    const player = page.getByRole('region', { name: t('player.label') });
    await expect(player.getByText(track)).toBeVisible();
    await expect(player.getByRole('button', { name: t('player.pause') })).toBeVisible();
    const position = player.getByRole('slider', { name: t('player.position') });
    await expect.poll(async () => Number(await position.inputValue())).toBeGreaterThanOrEqual(startsAt);
    await expect(player.getByText(track)).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the site's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test('the results page has nothing serious for axe; a search that matches nothing says so', async ({ page, t, siteLang }) => {
    await page.goto(`/search?q=${story[siteLang].word}`);
    await expect(results(page).getByRole('link', { name: story[siteLang].product, exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/search?q=zebracornucopia');
    await expect(page.getByRole('status')).toHaveText(t('errors.search_no_results'));
    await expect(page.getByRole('searchbox', { name: t('search.label') })).toHaveValue('zebracornucopia');
  });
});
