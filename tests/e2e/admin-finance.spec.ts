import fs from 'node:fs';
import { financeCsvHeader } from '../../src/shared/finance-csv';
import { formatMoney, fromMinorUnits } from '../../src/shared/money';
import type { Finance } from '../../src/shared/schemas/finance';
import { payForTeam } from './a11y-helpers';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('without an active tournament the Finance tab says so', async ({ page }) => {
  await openAdminTab(page, 'Finance');
  await expect(page.getByText('No active tournament to show finances for.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Finance CSV' })).toBeDisabled();
});

test("the Finance tab shows the API's gross, fees, refunds and net, a row per payment and refund, and exports them as CSV", async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Money Cup', entryFee: '25', currency: 'USD' });
  const payer = await registerTeam(site, tournament.id, 'Paying Pumas');
  await payForTeam(site, tournament.id, payer.id, '4242424242424242');
  const trickster = await registerTeam(site, tournament.id, '=HYPERLINK("http://x.example","Pay")');
  await payForTeam(site, tournament.id, trickster.id, '4242424242424242');
  await registerTeam(site, tournament.id, 'Pending Pandas');
  const refund = await site.adminApi.post(`/api/teams/${payer.id}/refund`, { data: { amount: '5.00', reason: 'Sub could not play' } });
  expect(refund.ok(), await refund.text()).toBe(true);

  const api = (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/finance`)).json()) as Finance;
  // Two payments of $25.00, the demo provider's simulated fee of 2.9 % + 30 cents on each, one $5.00 refund.
  expect(api.totals).toEqual({ gross: 5000, fees: 206, refunds: 500, net: 4294 });
  const shown = (minor: number) => formatMoney(fromMinorUnits(minor), 'USD');

  await openAdminTab(page, 'Finance');
  await expect(page.getByTestId('finance-gross')).toHaveText(shown(api.totals.gross));
  await expect(page.getByTestId('finance-fees')).toHaveText(shown(api.totals.fees));
  await expect(page.getByTestId('finance-refunds')).toHaveText(shown(api.totals.refunds));
  await expect(page.getByTestId('finance-net')).toHaveText('$42.94');
  await expect(page.getByTestId('finance-payment-row')).toHaveCount(2);
  await expect(page.getByTestId('finance-payment-row').filter({ hasText: 'Paying Pumas' })).toContainText('$25.00');
  await expect(page.getByTestId('finance-payment-row').filter({ hasText: 'Paying Pumas' })).toContainText('$1.03');
  await expect(page.getByTestId('finance-payment-row').first()).toContainText('Demo: simulated fee');
  await expect(page.getByTestId('finance-refund-row')).toHaveCount(1);
  await expect(page.getByTestId('finance-refund-row')).toContainText('Paying Pumas');
  await expect(page.getByTestId('finance-refund-row')).toContainText('$5.00');
  await expect(page.getByTestId('finance-refund-row')).toContainText('Sub could not play');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Finance CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^finance-money-cup-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(financeCsvHeader.join(','));
  expect(lines.filter((line) => line.startsWith('Payment,'))).toHaveLength(2);
  expect(lines.find((line) => line.startsWith('Payment,') && line.includes('Paying Pumas'))).toContain(',25.00,USD,1.03,Demo: simulated fee,paid,');
  expect(lines.filter((line) => line.startsWith('Refund,'))).toEqual([
    expect.stringMatching(/^Refund,[^,]+,Paying Pumas,[^,]+,5\.00,USD,,,succeeded,Sub could not play$/),
  ]);
  expect(csv).toContain(`"'=HYPERLINK(""http://x.example"",""Pay"")"`);
  expect(lines.slice(-4)).toEqual([
    'Total gross collected,,,,50.00,USD,,,,',
    'Total provider fees,,,,2.06,USD,,,,',
    'Total refunds,,,,5.00,USD,,,,',
    'Net,,,,42.94,USD,,,,',
  ]);
});
