import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { clientNavigate, expect, test } from './fixtures';
import { createAccount, freshEmail, seriousViolations, signIn } from './helpers';

// Issue 41 item 3, a queue that keeps going, with the demo catalogue: a
// free-streaming album (in full, about 30 s a track) and two sold ones (their
// previews), as a new family.

const free = {
  slug: 'in-the-beginning',
  title: 'In the Beginning',
  tracks: ['Let There Be Light', 'Sky, Sea and Land', 'Sun, Moon and Creatures', 'Adam and Eve in the Garden'],
};
const noahTrack = 'Noah Builds the Ark';
const david = {
  slug: 'david-the-shepherd-boy',
  tracks: ['The Youngest Son', 'Songs in the Field', 'David and Goliath', 'A Friend Named Jonathan'],
};

const playerBar = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });
const upNextDialog = (page: Page, t: Translate) => page.getByRole('dialog', { name: t('player.queue.upNext') });
/** Up next in order, as its Remove buttons name its tracks. */
const upNextOrder = (page: Page, t: Translate) =>
  upNextDialog(page, t)
    .getByRole('button', { name: t('player.queue.remove', { title: '' }).split('“')[0]! })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
const removeLabels = (t: Translate, titles: string[]) => titles.map((title) => t('player.queue.remove', { title }));

async function openUpNext(page: Page, t: Translate, count: number) {
  await playerBar(page, t)
    .getByRole('button', { name: t('player.queue.open', { count }) })
    .click();
  await expect(upNextDialog(page, t).getByRole('heading', { name: t('player.queue.upNext') })).toBeVisible();
}

/** Seeks the current track to its end: the element's `ended` comes at once. */
async function toTheEnd(page: Page, t: Translate) {
  const slider = playerBar(page, t).getByRole('slider', { name: t('player.position') });
  await expect(slider).toBeEnabled();
  await slider.focus();
  await page.keyboard.press('End');
}

// axe goes in as an inline script (helpers.ts seriousViolations).
test.use({ bypassCSP: true });

test('a queue that keeps going: Up next, play next, add to queue, reorder, repeat, stop after, and back after a reload', async ({
  page,
  t,
  browser,
}) => {
  const email = freshEmail('queue');
  const password = 'queue-listener-1';
  await page.goto('/');
  await createAccount(page, { email, password });

  // An album plays: Up next is the rest of it.
  await page.goto(`/story/${free.slug}`);
  await page.getByRole('button', { name: t('catalogue.playAlbum') }).click();
  const bar = playerBar(page, t);
  await expect(bar.getByText(free.tracks[0]!)).toBeVisible();

  // Another album's track plays next; an album goes at the end (the album plays on across pages).
  await clientNavigate(page, '/story/noahs-big-boat');
  await page.getByRole('button', { name: t('catalogue.playNextLabel', { title: noahTrack }) }).click();
  await expect(page.getByText(t('catalogue.queuedNext', { title: noahTrack }))).toBeVisible();
  await clientNavigate(page, `/story/${david.slug}`);
  await page.getByRole('button', { name: t('catalogue.addToQueueLabel', { title: 'David the Shepherd Boy' }) }).click();

  await openUpNext(page, t, 8);
  const dialog = upNextDialog(page, t);
  expect(await upNextOrder(page, t)).toEqual(removeLabels(t, [noahTrack, ...free.tracks.slice(1), ...david.tracks]));
  expect(await seriousViolations(page)).toEqual([]);

  // Reorder with the buttons (the focus stays on the track moved), by dragging, and remove.
  await dialog.getByRole('button', { name: t('player.queue.moveDown', { title: noahTrack }) }).click();
  await expect(dialog.getByRole('button', { name: t('player.queue.moveDown', { title: noahTrack }) })).toBeFocused();
  await expect(dialog.getByText(t('player.queue.moved', { title: noahTrack, position: 2, count: 8 }))).toBeAttached();
  const handle = dialog.getByTitle(t('player.queue.drag', { title: 'David and Goliath' }));
  const target = dialog.getByRole('listitem').first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 30, to.y + 5, { steps: 5 });
  await page.mouse.up();
  await dialog.getByRole('button', { name: t('player.queue.remove', { title: 'Songs in the Field' }) }).click();
  await expect
    .poll(() => upNextOrder(page, t))
    .toEqual(
      removeLabels(t, [
        'David and Goliath',
        free.tracks[1]!,
        noahTrack,
        free.tracks[2]!,
        free.tracks[3]!,
        'The Youngest Son',
        'A Friend Named Jonathan',
      ]),
    );

  // Stop after this track: the next one waits, loaded and paused.
  await dialog
    .getByRole('group', { name: t('player.queue.stopAfter') })
    .getByRole('radio', { name: t('player.queue.stop_track') })
    .check();
  await dialog.getByRole('button', { name: t('player.queue.close') }).click();
  await toTheEnd(page, t);
  await expect(bar.getByText('David and Goliath')).toBeVisible();
  await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();

  // Repeat one: the track starts again by itself; then off, and the next one starts by itself.
  await openUpNext(page, t, 6);
  await expect(
    dialog.getByRole('group', { name: t('player.queue.stopAfter') }).getByRole('radio', { name: t('player.queue.stop_never') }),
  ).toBeChecked();
  await dialog
    .getByRole('group', { name: t('player.queue.repeat') })
    .getByRole('radio', { name: t('player.queue.repeat_one') })
    .check();
  await dialog.getByRole('button', { name: t('player.queue.close') }).click();
  await bar.getByRole('button', { name: t('player.play') }).click();
  await toTheEnd(page, t);
  const slider = bar.getByRole('slider', { name: t('player.position') });
  await expect.poll(async () => Number(await slider.inputValue())).toBeLessThan(5);
  await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
  await expect(bar.getByText('David and Goliath')).toBeVisible();
  await openUpNext(page, t, 6);
  await dialog
    .getByRole('group', { name: t('player.queue.repeat') })
    .getByRole('radio', { name: t('player.queue.repeat_off') })
    .check();
  await dialog.getByRole('button', { name: t('player.queue.close') }).click();
  await toTheEnd(page, t);
  await expect(bar.getByText(free.tracks[1]!)).toBeVisible();
  await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
  await bar.getByRole('button', { name: t('player.pause') }).click();

  // A reload: the queue is back, the current track loaded and paused; nothing plays without a press.
  const expected = [noahTrack, free.tracks[2]!, free.tracks[3]!, 'The Youngest Son', 'A Friend Named Jonathan'];
  await page.reload();
  await expect(bar.getByText(free.tracks[1]!)).toBeVisible();
  await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();
  await openUpNext(page, t, 5);
  expect(await upNextOrder(page, t)).toEqual(removeLabels(t, expected));
  await expect(
    dialog.getByRole('group', { name: t('player.queue.repeat') }).getByRole('radio', { name: t('player.queue.repeat_off') }),
  ).toBeChecked();
  // Cleared: kept on the server a moment later.
  const kept = page.waitForResponse((r) => r.url().includes('/crud/my-library/queue') && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: t('player.queue.clear') }).click();
  expect((await kept).status()).toBe(200);
  await expect(dialog.getByText(t('player.queue.empty'))).toBeVisible();
  await dialog.getByRole('button', { name: t('player.queue.close') }).click();

  // Another device of the family's: the same queue, kept on the server.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/');
  await signIn(otherPage, { email, password });
  await otherPage.goto('/');
  await expect(playerBar(otherPage, t).getByText(free.tracks[1]!)).toBeVisible();
  await expect(playerBar(otherPage, t).getByRole('button', { name: t('player.queue.open', { count: 0 }) })).toBeVisible();
  await other.close();
});
