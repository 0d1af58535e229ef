import { expect, test } from './fixtures';
import { DEMO_CUSTOMER, loginFromPage, seriousViolations } from './helpers';

// Decision 051, "Who's listening?" and the grown-ups lock, on a phone: the demo family (Mia, Leo; family PIN
// 1234) signs in and is asked who listens; Leo is one tap away; the store is the grown-ups', behind the PIN. The
// demo account is shared: the session (not the account) is switched, and the one wrong PIN is cleared by the right
// one. axe goes in as an inline script.
test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  bypassCSP: true,
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const shopPath = { en: '/shop', es: '/tienda' } as const;

test('a family picks Leo after sign-in; the store asks the family PIN, and the right one opens it as the parents', {
  tag: '@i18n',
}, async ({ page, t, siteLang }) => {
  await page.goto('/login');
  await loginFromPage(page, t, DEMO_CUSTOMER);

  // Who's listening? The parents and each child, one tap each.
  await expect(page.getByRole('heading', { level: 1, name: t('profiles.whoTitle') })).toBeVisible({ timeout: 20_000 });
  const choices = page.getByRole('list', { name: t('profiles.whoTitle') });
  const leo = choices.getByRole('button', { name: 'Leo' });
  await expect(choices.getByRole('button', { name: 'Mia' })).toBeVisible();
  await expect(choices.getByRole('button', { name: 'Grace' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await leo.click();

  // Leo listens: the header says so, the account menu and the cart are behind "Grown-ups".
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: t('profiles.profileButton', { name: 'Leo' }) })).toBeVisible();
  await expect(header.getByRole('button', { name: t('shell.myAccount') })).toHaveCount(0);
  await expect(header.getByRole('button', { name: t('profiles.grownUps') })).toBeVisible();

  // The store is the grown-ups': the family PIN first. A wrong one says so.
  await page.goto(shopPath[siteLang]);
  const lock = page.getByRole('dialog', { name: t('profiles.lockTitle') });
  await expect(lock).toBeVisible();
  const pin = lock.getByLabel(t('profiles.pinInput'));
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  for (const digit of '0000') await lock.getByRole('button', { name: digit, exact: true }).click();
  // Four tries left, or three while the other language's run tries the same family at once.
  const tries = (left: number) => t('errors.pin_wrong', { left });
  await expect(lock.getByRole('alert')).toHaveText(new RegExp(`^(${literal(tries(4))}|${literal(tries(3))})$`));
  expect(await seriousViolations(page)).toEqual([]);

  // The right PIN: the store opens, as the parents.
  for (const digit of '1234') await lock.getByRole('button', { name: digit, exact: true }).click();
  await expect(lock).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${shopPath[siteLang]}$`));
  await expect(header.getByRole('button', { name: t('shell.myAccount') })).toBeVisible();
  await expect(header.getByRole('link', { name: t('profiles.profileButton', { name: t('profiles.grownUps') }) })).toBeVisible();
});
