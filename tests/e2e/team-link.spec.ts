import fs from 'node:fs';
import { continueToPaymentStep, fillTeamInfo, payWithCard, shot, uniqueTag } from '../support/register-e2e';
import { expectNoAxeViolations } from './a11y-helpers';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, inDays, resetSite, test } from './fixtures';

/** Step 1 with a captain e-mail, Discord, then the payment step of the wizard. */
async function registerUpToPayment(page: import('@playwright/test').Page, tag: string): Promise<string> {
  await page.goto('/register');
  const teamName = await fillTeamInfo(page, tag);
  await page.getByLabel('Captain Email (optional)').fill(`cap${tag}@example.org`);
  await continueToPaymentStep(page);
  return teamName;
}

test.describe("the captain's team link", () => {
  test('pay, follow the toast to the team page, read the receipt, swap a substitute, withdraw and see the refund', async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    await createLiveTournament(site, { name: 'Link Cup', entryFee: '25', tournamentDate: inDays(10) });
    const tag = uniqueTag();
    const teamName = await registerUpToPayment(page, tag);
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Payment Successful');
    await toast.getByRole('link', { name: 'Manage your team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    // The key is remembered on this device and dropped from the address bar.
    await expect(page).toHaveURL(/\/team\/[0-9a-f-]+$/);
    await expect(page).toHaveTitle(/^Your Team \|/);
    await expect(page.getByTestId('team-status')).toHaveText('Paid');
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toContainText('Paid toNorthwind Esports Ltd');
    await expect(receipt).toContainText('TournamentLink Cup');
    await expect(receipt).toContainText('Amount$25.00');
    await expect(receipt).toContainText('CurrencyUSD');
    await expect(receipt).toContainText(/Payment reference\S+/);
    await expect(receipt.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your team' })).toBeVisible();
    await shot(page, 'team-page-paid');

    // Reload: the page still opens from this device's memory of the link.
    await page.reload();
    await expect(page.getByTestId('team-status')).toHaveText('Paid');

    // Swap the substitute; a Riot ID already on the roster is refused on the form.
    const sub = page.getByLabel('Substitute 1 Riot ID (optional)');
    await expect(sub).toHaveValue(`Sub${tag}#EUW`);
    await sub.fill(`NewSub${tag}#EUW`);
    await page.getByRole('button', { name: 'Save Roster' }).click();
    await expect(page.getByTestId('toast')).toContainText('Roster Saved');
    await page.reload();
    await expect(page.getByLabel('Substitute 1 Riot ID (optional)')).toHaveValue(`NewSub${tag}#EUW`);
    await page.getByLabel('Substitute 2 Riot ID (optional)').fill(`P2x${tag}#EUW`);
    await page.getByRole('button', { name: 'Save Roster' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Each player must have a different Riot ID' })).toBeVisible();

    // Ten days before the start: the whole fee comes back.
    await expect(page.getByTestId('refund-quote')).toHaveText('You will receive $25.00 (100 %)');
    await page.getByRole('button', { name: 'Withdraw Team' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Withdraw your team?' })).toBeVisible();
    await expect(dialog).toContainText('You will receive $25.00 (100 %).');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Team Withdrawn');
    await expect(page.getByTestId('toast')).not.toContainText(/success/i);
    await expect(page.getByTestId('team-status')).toHaveText('Withdrawn');
    await expect(page.getByTestId('refunds')).toContainText('$25.00');
    await expect(page.getByTestId('refunds')).toContainText(/Refunded|On its way|Requested/);
    await expect(page.getByRole('button', { name: 'Withdraw Team' })).toHaveCount(0);
    await shot(page, 'team-page-withdrawn');
    await expectNoAxeViolations(page, '/team/{id} after withdrawal');

    // The organizer sees the change and the withdrawal.
    await signInQuickly(page, site.url);
    await openAdminTab(page, 'Teams');
    const card = page.getByTestId('admin-team-card').filter({ hasText: teamName });
    await expect(card.getByTestId('team-email')).toHaveText(`Email: cap${tag}@example.org`);
    await expect(card.getByTestId('roster-changes')).toContainText(`Substitute 1: Sub${tag}#EUW → NewSub${tag}#EUW`);
    await expect(card.getByTestId('roster-changes')).toContainText('by captain');
  });

  test('close the tab on the payment step, reopen the team, finish the payment there', async ({ page, site, context }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Resume Cup', entryFee: '25' });
    const tag = uniqueTag();
    const teamName = await registerUpToPayment(page, tag);
    await page.close();

    const again = await context.newPage();
    await again.goto('/');
    await again.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your team' }).click();
    await expect(again.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(again.getByTestId('team-status')).toHaveText('Awaiting payment');
    await expect(again.getByTestId('hold-expiry')).toContainText('Your spot is held until');
    await expectNoAxeViolations(again, '/team/{id} awaiting payment');
    await again.getByRole('button', { name: 'Finish Payment' }).click();
    await expect(again.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await payWithCard(again, '4242 4242 4242 4242', '$25.00');
    await expect(again.getByTestId('toast')).toContainText('Payment Successful');
    await expect(again.getByTestId('team-status')).toHaveText('Paid');
    await expect(again.getByTestId('receipt')).toContainText('Amount$25.00');
    const teams = (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/teams`)).json()) as { name: string; paymentStatus: string; amountPaid: number }[];
    expect(teams.find((team) => team.name === teamName)).toMatchObject({ paymentStatus: 'completed', amountPaid: 2500 });
  });

  test("a wrong or missing key opens nothing; a captain downloads the team's data, erases it after the withdrawal it needs, and the Hall of Fame shows Removed team", async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Erase Cup', entryFee: '0' });
    const created = await site.adminApi.post('/api/teams', {
      data: {
        tournamentId: tournament.id,
        name: 'Vanishing Owls',
        captainDiscord: 'vanishcap',
        captainRiotId: 'Vanish#EUW',
        players: [{ riotId: 'Vanish#EUW', role: 'Captain' }, { riotId: 'Van2#EUW' }, { riotId: 'Van3#EUW' }, { riotId: 'Van4#EUW' }, { riotId: 'Van5#EUW' }],
        substitutes: [],
      },
    });
    const { id, manageUrl } = (await created.json()) as { id: string; manageUrl: string };
    // The team is also in the Hall of Fame, so its erasure shows on a public page.
    const champion = await site.adminApi.post('/api/champions', {
      data: { placement: 1, tournamentId: tournament.id, teamId: id, teamName: 'Vanishing Owls', tournamentName: 'Erase Cup', tournamentDate: '2026-11-20T18:00:00.000Z', playerNames: ['Vanish#EUW', 'Van2#EUW'], highlights: [], currency: 'USD' },
    });
    expect(champion.ok(), await champion.text()).toBe(true);

    await page.goto(`/team/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Team link needed' })).toBeVisible();
    await page.goto(`/team/${id}?key=not-the-key`);
    await expect(page.getByRole('heading', { level: 1, name: 'Team link not recognised' })).toBeVisible();

    await page.goto(manageUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Vanishing Owls' })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download our data' }).click()]);
    expect(download.suggestedFilename()).toBe(`team-${id}-data.json`);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { team: { name: string; captainDiscord: string }; players: { riotId: string }[] };
    expect(data.team).toMatchObject({ name: 'Vanishing Owls', captainDiscord: 'vanishcap' });
    expect(data.players.map((player) => player.riotId)).toContain('Van2#EUW');

    await page.getByRole('button', { name: 'Erase our data' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Kept: the amounts, dates and references of payments and refunds');
    await expect(dialog.getByTestId('erase-withdraws-first')).toHaveText('Your team still holds its spot: it is withdrawn first. Nothing was paid, so nothing is refunded.');
    await dialog.getByRole('button', { name: 'Erase our data' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your data was erased' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your team' })).toHaveCount(0);
    await page.goto('/hall-of-fame');
    await expect(page.getByRole('main').getByText('Removed team').first()).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Vanishing Owls');
    await expect(page.getByRole('main')).not.toContainText('Van2#EUW');
    const stored = (await (await site.adminApi.get(`/api/admin/teams/${id}/export`)).json()) as { team: { name: string; paymentStatus: string } };
    expect(stored.team).toMatchObject({ name: 'Removed team', paymentStatus: 'removed' });
  });
});
