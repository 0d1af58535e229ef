import type { Page } from '@playwright/test';
import type { Translate } from '@storyhouse/i18n';
import { expect, test } from './fixtures';
import { createAccount, freshEmail, seriousViolations } from './helpers';

// Issue 41 item 5, "Bedtime": the family saves its bedtime hours on its account; within them any play starts the
// bedtime timer by itself, which fades the story out over its last 10 s and stops it (the lock screen with it);
// "after 2 tracks" stops after two. Demo catalogue: "In the Beginning", free to stream in full, some 30 s a track.

// The family's device is in Chicago; on its clock it is 21:00, within 19:30–07:00. axe goes in as an inline script.
test.use({ timezoneId: 'America/Chicago', bypassCSP: true });
const nineInTheEvening = new Date('2026-11-29T21:00:00-06:00');

const playerBar = (page: Page, t: Translate) => page.getByRole('region', { name: t('player.label') });

test('bedtime hours saved on the account start a timer with the play that fades out and stops; after 2 tracks stops after two', async ({
  page,
  t,
}) => {
  // Every volume the page gives its audio, to see the fade (the element is not in the page).
  await page.addInitScript(() => {
    const volume = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'volume')!;
    const heard: number[] = [];
    (window as unknown as { volumes: number[] }).volumes = heard;
    Object.defineProperty(HTMLMediaElement.prototype, 'volume', {
      ...volume,
      set(this: HTMLMediaElement, value: number) {
        heard.push(value);
        volume.set!.call(this, value);
      },
    });
  });
  const volumes = () => page.evaluate(() => (window as unknown as { volumes: number[] }).volumes.slice());
  await page.clock.install({ time: nineInTheEvening });
  await createAccount(page, { email: freshEmail('bedtime'), password: 'bedtime-stories-1' });

  // Account menu → Settings → Bedtime: 19:30–07:00 on this device's zone, a 5-minute timer.
  await page.goto('/');
  await page.getByRole('button', { name: t('shell.myAccount') }).click();
  await page.getByRole('link', { name: t('shell.settings') }).click();
  const bedtime = page.getByRole('region', { name: t('account.bedtime.title') });
  await bedtime.getByLabel(t('account.bedtime.enabled')).check();
  await expect(bedtime.getByLabel(t('account.bedtime.from'))).toHaveValue('19:30');
  await expect(bedtime.getByLabel(t('account.bedtime.to'))).toHaveValue('07:00');
  await expect(bedtime.getByLabel(t('account.bedtime.timeZone'))).toHaveValue('America/Chicago');
  await bedtime.getByLabel(t('account.bedtime.timer')).selectOption({ label: t('player.sleepMinutes', { minutes: 5 }) });
  await bedtime.getByRole('button', { name: t('account.bedtime.save') }).click();
  await expect(bedtime.getByRole('status').filter({ hasText: t('account.bedtime.saved') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A play within the hours: the bedtime timer is on by itself, says so, and the player is dimmed. The family's hours
  // load with the player, after the play, on the page's running clock (its timers deliver them); once the timer is
  // on, the clock stands still until the timer's end has been checked: the 5 minutes pass when the journey moves the
  // clock, never with the machine's own time (a slow step in between, on a busy machine, let them end before the
  // journey looked). It may have run up to 3 s of them by then.
  await page.goto('/story/in-the-beginning');
  await page.getByRole('button', { name: t('catalogue.play', { title: 'Let There Be Light' }) }).click();
  const bar = playerBar(page, t);
  const sleep = bar.getByRole('combobox', { name: t('player.sleep') });
  const [before, after] = t('player.sleepLeft', { time: '\u0000' }).split('\u0000');
  await expect(bar.getByText(new RegExp(`${before}(5:00|4:5[7-9])${after}`))).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await expect(bar.getByText(t('player.bedtimeOn'))).toBeVisible();
  await expect(sleep).toHaveValue('5');
  await expect(page.locator('html')).toHaveAttribute('data-bedtime', '');

  // Its last 10 seconds: the volume goes down while it still plays; silent and stopped as it ends.
  await page.clock.fastForward(4 * 60_000 + 55_000);
  await expect(bar.getByText(t('player.sleepFading'))).toBeVisible();
  await expect(bar.getByRole('button', { name: t('player.pause') })).toBeVisible();
  const fading = (await volumes()).at(-1)!;
  expect(fading).toBeGreaterThan(0);
  expect(fading).toBeLessThan(0.6);
  // Every step of the fade's last 5 s (fastForward would jump straight to its end).
  await page.clock.runFor(5_000);
  await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();
  await expect(sleep).toHaveValue('off');
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
  const heard = await volumes();
  expect(Math.min(...heard)).toBeLessThan(0.1);
  // Put back for the next play.
  expect(heard.at(-1)).toBe(1);
  // Dark and minimal during the bedtime hours, still readable (axe waits on the page's timers: the clock runs again).
  await page.clock.resume();
  await expect(page.locator('html')).toHaveAttribute('data-bedtime', '');
  expect(await seriousViolations(page)).toEqual([]);

  // Played again: on again by itself, and turned off with one press.
  await bar.getByRole('button', { name: t('player.play') }).click();
  await expect(bar.getByText(t('player.bedtimeOn'))).toBeVisible();
  await bar.getByRole('button', { name: t('player.bedtimeTurnOffLabel') }).click();
  await expect(sleep).toHaveValue('off');
  await expect(bar.getByText(t('player.bedtimeOn'))).toHaveCount(0);

  // After 2 tracks, chosen instead of the bedtime timer: the album from its start; the end of the second stops it.
  await page.goto('/story/in-the-beginning');
  await page.getByRole('button', { name: t('catalogue.playAlbum') }).click();
  await expect(bar.getByText(t('player.bedtimeOn'))).toBeVisible();
  await sleep.selectOption({ label: t('player.sleepTracks', { count: 2 }) });
  await expect(bar.getByText(t('player.sleepLeftTracks', { count: 2 }))).toBeVisible();
  await expect(bar.getByText(t('player.bedtimeOn'))).toHaveCount(0);
  const seek = bar.getByRole('slider', { name: t('player.position') });
  await seek.focus();
  await page.keyboard.press('End');
  await expect(bar.getByText('Sky, Sea and Land')).toBeVisible();
  await expect(bar.getByText(t('player.sleepLeftTracks', { count: 1 }))).toBeVisible();
  await seek.focus();
  await page.keyboard.press('End');
  await expect(bar.getByRole('button', { name: t('player.play') })).toBeVisible();
  await expect(bar.getByText('Sky, Sea and Land')).toBeVisible();
  await expect(bar.getByText('Sun, Moon and Creatures')).toHaveCount(0);
  await expect(sleep).toHaveValue('off');
});
