import { expect, test } from './fixtures';
import { DEMO_CUSTOMER, seriousViolations, signIn } from './helpers';
import { overflow } from './page-width';

// Account → Family on a phone: the demo parents see Mia and Leo, add a child, let them hear only their age and
// younger, and delete the profile again (the journey cleans up after itself). axe goes in as an inline script.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, bypassCSP: true });

test('the parents add a child, set what they may hear and delete the profile', { tag: '@i18n' }, async ({
  page,
  t,
  siteLang,
}) => {
  const nickname = `Ada ${siteLang} ${Date.now().toString(36)}`;
  await signIn(page, DEMO_CUSTOMER);
  await page.goto('/');
  await page.getByRole('button', { name: t('shell.myAccount') }).click();
  await page.getByRole('link', { name: t('shell.family'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('family.title') })).toBeVisible();
  for (const child of ['Mia', 'Leo'])
    await expect(page.getByRole('heading', { level: 2, name: child, exact: true })).toBeVisible();
  const leo = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: 'Leo', exact: true }) });
  await expect(leo.getByText(t('family.listens.age', { band: '3-5' }))).toBeVisible();

  // Add a child: a nickname, the owl, ages 3-5.
  await page.getByRole('button', { name: t('family.add') }).click();
  const adding = page.getByRole('region', { name: t('family.addTitle') });
  await adding.getByLabel(t('family.form.nickname')).fill(nickname);
  await adding.getByRole('radio', { name: t('profiles.avatar.owl') }).check();
  await adding.getByLabel(t('family.form.ageBand')).selectOption({ label: t('family.ageBand', { band: '3-5' }) });
  await adding.getByRole('button', { name: t('family.form.add') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('family.added', { nickname }) })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: nickname }) });
  await expect(card.getByText(t('family.listens.all'))).toBeVisible();
  const { width, scroll, culprits, clipped } = await overflow(page);
  expect([scroll <= width, culprits, clipped]).toEqual([true, [], []]);
  expect(await seriousViolations(page)).toEqual([]);

  // Only albums for ages 3-5 and younger.
  await card.getByRole('button', { name: t('family.editLabel', { nickname }) }).click();
  await card.getByRole('radio', { name: t('family.listens.age', { band: '3-5' }) }).check();
  await card.getByRole('button', { name: t('family.form.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('family.saved', { nickname }) })).toBeVisible();
  await expect(card.getByText(t('family.listens.age', { band: '3-5' }))).toBeVisible();

  // Deleted, after saying what goes with it.
  await card.getByRole('button', { name: t('family.deleteLabel', { nickname }) }).click();
  const dialog = page.getByRole('dialog', { name: t('family.deleteTitle', { nickname }) });
  await expect(dialog).toContainText(t('family.deleteText', { nickname }));
  await dialog.getByRole('button', { name: t('family.deleteConfirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('family.deleted', { nickname }) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: nickname })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Mia', exact: true })).toBeVisible();
});
