import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';
import { paidTeam } from './refund-helpers';

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('Finance and Match Day show any tournament picked, not only the live one', async ({ page, site }) => {
  const earlier = await createLiveTournament(site, { name: 'Earlier Cup', checkInEnabled: false });
  await paidTeam(site, earlier.id, 'Old Payers');
  await paidTeam(site, earlier.id, 'Old Savers');
  const drawn = await site.adminApi.post(`/api/tournaments/${earlier.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await createLiveTournament(site, { name: 'Current Cup' });

  await openAdminTab(page, 'Finance');
  const picker = page.getByLabel('Tournament', { exact: true });
  await expect(picker.locator('option:checked')).toHaveText('Current Cup (live)');
  await expect(page.getByTestId('finance-payment-row')).toHaveCount(0);
  await picker.selectOption({ label: 'Earlier Cup' });
  await expect(page.getByText('Entry fees collected for Earlier Cup')).toBeVisible();
  await expect(page.getByTestId('finance-payment-row')).toHaveCount(2);

  await openAdminTab(page, 'Match Day');
  await expect(page.getByRole('button', { name: /^Enter result: / })).toHaveCount(0);
  await page.getByLabel('Tournament', { exact: true }).selectOption({ label: 'Earlier Cup' });
  await expect(page.getByRole('button', { name: 'Enter result: Old Payers vs Old Savers' })).toBeVisible();
});
