import type { Page, Route } from '@playwright/test';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { payForTeam } from './a11y-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';
import { paidTeam } from './refund-helpers';

type ApiChampion = { id: string; teamName: string; placement: number; prizeAmount: string | null; currency: string; playerNames: string[]; highlights: { title: string; url: string; type: string }[]; teamQuote: string | null; tournamentName: string; tournamentDate: string; tournamentId: string | null; teamId: string | null };

async function listChampions(page: Page): Promise<ApiChampion[]> {
  return (await (await page.context().request.get('/api/champions')).json()) as ApiChampion[];
}

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the empty champion form shows each validation message', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await expect(page.getByText('No champions recorded yet. Add champions from completed tournaments.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await expect(dialog.getByLabel('Placement')).toHaveValue('1');
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
  // One player row, and it cannot be removed while it is the only one.
  await expect(dialog.getByRole('button', { name: 'Remove player 1' })).toHaveCount(0);

  await dialog.getByLabel('Placement').fill('0');
  await dialog.getByRole('button', { name: 'Add Highlight' }).click();
  await dialog.getByLabel('URL').fill('not a link');
  await dialog.getByRole('button', { name: 'Add Champion' }).click();
  for (const message of ['Placement must be at least 1', 'Team name is required', 'Tournament name is required', 'Tournament date is required', 'Player name cannot be empty', 'Highlight title is required', 'Must be a valid URL']) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
});

test('add a champion with two players and a highlight, edit it, and see it in the hall of fame', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await dialog.getByLabel('Tournament Name').fill('Autumn Major 2026');
  await dialog.getByLabel('Tournament Date').fill('2026-10-18');
  await dialog.getByLabel('Team Name').fill('Crimson Tide');
  await dialog.getByLabel('Prize Amount (optional)').fill('3000');
  await dialog.getByLabel('Currency').selectOption('EUR');
  await dialog.getByRole('textbox', { name: 'Player 1', exact: true }).fill('Tide#EUW');
  await dialog.getByRole('button', { name: 'Add Player' }).click();
  await dialog.getByRole('textbox', { name: 'Player 2', exact: true }).fill('Wave#EUW');
  await expect(dialog.getByRole('button', { name: 'Remove player 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Highlight' }).click();
  await dialog.getByLabel('Title').fill('Grand final ace');
  await dialog.getByLabel('URL').fill('https://clips.twitch.tv/GrandFinalAce');
  await expect(dialog.getByLabel('Type')).toHaveValue('twitch');
  await dialog.getByLabel('Team Quote (optional)').fill('We never gave up.');
  await dialog.getByRole('button', { name: 'Add Champion' }).click();

  await expect(toast(page, 'Champion Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('champion-row').filter({ hasText: 'Crimson Tide' });
  await expect(row).toContainText('Autumn Major 2026');
  await expect(row).toContainText('1st');
  await expect(row).toContainText('€3,000.00');
  await expect(row).toContainText('Oct 18, 2026');

  const [saved] = await listChampions(page);
  expect(saved).toMatchObject({
    teamName: 'Crimson Tide',
    placement: 1,
    prizeAmount: '3000',
    currency: 'EUR',
    playerNames: ['Tide#EUW', 'Wave#EUW'],
    highlights: [{ title: 'Grand final ace', url: 'https://clips.twitch.tv/GrandFinalAce', type: 'twitch' }],
    teamQuote: 'We never gave up.',
    tournamentName: 'Autumn Major 2026',
    tournamentId: null,
    teamId: null,
  });

  await page.getByRole('button', { name: 'Edit Crimson Tide' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Champion' });
  await expect(edit.getByLabel('Team Name')).toHaveValue('Crimson Tide');
  await expect(edit.getByLabel('Tournament Date')).toHaveValue('2026-10-18');
  await expect(edit.getByRole('textbox', { name: 'Player 2', exact: true })).toHaveValue('Wave#EUW');
  // In the edit form the first highlight row cannot be removed, the later ones can.
  await expect(edit.getByRole('button', { name: 'Remove highlight 1' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Add Highlight' }).click();
  await expect(edit.getByRole('button', { name: 'Remove highlight 2' })).toBeVisible();
  await edit.getByRole('button', { name: 'Remove highlight 2' }).click();

  await edit.getByLabel('Team Name').fill('Crimson Tide Esports');
  await edit.getByRole('button', { name: 'Remove player 1' }).click();
  await edit.getByRole('button', { name: 'Add Player' }).click();
  await edit.getByRole('textbox', { name: 'Player 2', exact: true }).fill('Surf#EUW');
  await edit.getByRole('button', { name: 'Update Champion' }).click();
  await expect(toast(page, 'Champion Updated')).toBeVisible();
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Crimson Tide Esports' })).toBeVisible();
  const [updated] = await listChampions(page);
  expect(updated.playerNames).toEqual(['Wave#EUW', 'Surf#EUW']);
  expect(updated.highlights).toHaveLength(1);

  await page.goto('/hall-of-fame');
  await expect(page.getByText('Crimson Tide Esports').first()).toBeVisible();
});

test('placements show as 2nd, 3rd and Nth badges', async ({ page, site }) => {
  for (const [teamName, placement] of [['Silver Squad', 2], ['Bronze Squad', 3], ['Fourth Squad', 4], ['Eleventh Squad', 11]] as const) {
    const response = await site.adminApi.post('/api/champions', {
      data: { teamName, placement, playerNames: ['Someone'], tournamentName: 'Placement Cup', tournamentDate: '2026-09-01T12:00:00.000Z' },
    });
    expect(response.ok()).toBe(true);
  }
  await openAdminTab(page, 'Champions');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Silver Squad' })).toContainText('2nd');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Bronze Squad' })).toContainText('3rd');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Fourth Squad' })).toContainText('4th');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Eleventh Squad' })).toContainText('11th');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('counter-Hall of Fame')).toHaveText('4');
});

test("the champion form's team picker offers the tournament's confirmed teams only", async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Picker Cup' });
  await paidTeam(site, tournament.id, 'Paid Pumas');
  await registerTeam(site, tournament.id, 'Unpaid Urchins');
  const declined = await registerTeam(site, tournament.id, 'Declined Dingos');
  await payForTeam(site, tournament.id, declined.id, '4000000000000002');

  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await dialog.getByLabel('Tournament (optional)').selectOption({ label: 'Picker Cup' });
  const picker = dialog.getByLabel('Registered Team (optional)');
  await expect(picker).toBeEnabled();
  await expect(picker.locator('option')).toHaveText(['Not linked', 'Paid Pumas']);
  await picker.selectOption({ label: 'Paid Pumas' });
  await expect(dialog.getByLabel('Team Name')).toHaveValue('Paid Pumas');
});

test('a champion is deleted only after confirming; Cancel keeps it, and the hall of fame drops it', async ({ page, site }) => {
  for (const teamName of ['Keep Kestrels', 'Gone Geckos']) {
    const response = await site.adminApi.post('/api/champions', { data: { teamName, placement: 1, playerNames: ['Someone'], tournamentName: `${teamName} Cup`, tournamentDate: '2026-09-01T12:00:00.000Z' } });
    expect(response.ok()).toBe(true);
  }
  await openAdminTab(page, 'Champions');
  const row = page.getByTestId('champion-row').filter({ hasText: 'Gone Geckos' });

  await row.getByRole('button', { name: 'Delete Gone Geckos' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Champion' });
  await expect(confirm).toContainText('Are you sure you want to remove Gone Geckos (Gone Geckos Cup) from the hall of fame?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  expect((await listChampions(page)).map((c) => c.teamName).sort()).toEqual(['Gone Geckos', 'Keep Kestrels']);

  await row.getByRole('button', { name: 'Delete Gone Geckos' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Champion Deleted')).toContainText('Gone Geckos has been removed from the hall of fame.');
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('champion-row')).toHaveCount(1);
  expect((await listChampions(page)).map((c) => c.teamName)).toEqual(['Keep Kestrels']);

  await page.goto('/hall-of-fame');
  await expect(page.getByText('Keep Kestrels').first()).toBeVisible();
  await expect(page.getByText('Gone Geckos')).toHaveCount(0);
});

test('deleting a champion that is already gone shows the error toast and the list catches up', async ({ page, site }) => {
  const created = await site.adminApi.post('/api/champions', { data: { teamName: 'Ghost Gophers', placement: 1, playerNames: ['Someone'], tournamentName: 'Ghost Cup', tournamentDate: '2026-09-01T12:00:00.000Z' } });
  const { id } = (await created.json()) as { id: string };
  await openAdminTab(page, 'Champions');
  const row = page.getByTestId('champion-row').filter({ hasText: 'Ghost Gophers' });
  await expect(row).toBeVisible();
  // Another organizer deletes it first.
  expect((await site.adminApi.delete(`/api/champions/${id}`)).status()).toBe(204);

  await row.getByRole('button', { name: 'Delete Ghost Gophers' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Champion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Error')).toContainText('Champion not found');
  await expect(toast(page, 'Champion Deleted')).toHaveCount(0);
  await expect(row).toHaveCount(0);
});

test('on a phone each champion is a card whose Edit and Delete buttons are in view', async ({ page, site }) => {
  const response = await site.adminApi.post('/api/champions', { data: { teamName: 'Pocket Pythons', placement: 2, prizeAmount: '750', playerNames: ['Someone'], tournamentName: 'Pocket Cup', tournamentDate: '2026-09-01T12:00:00.000Z' } });
  expect(response.ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminTab(page, 'Champions');
  await expect(page.getByTestId('champion-row')).toBeHidden();
  const card = page.getByTestId('champion-card').filter({ hasText: 'Pocket Pythons' });
  await expect(card).toContainText('Pocket Cup');
  await expect(card).toContainText('2nd');
  await expect(card).toContainText('$750.00');
  // Scrolled to (the tabs above take several rows on a phone), its buttons are on screen, not pushed off to the side.
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'Edit Pocket Pythons' })).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Delete Pocket Pythons' })).toBeInViewport();
  await card.getByRole('button', { name: 'Delete Pocket Pythons' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Champion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Champion Deleted')).toBeVisible();
  await expect(page.getByText('No champions recorded yet. Add champions from completed tournaments.')).toBeVisible();
});

test('a champion recorded by Confirm Champions opens in Edit linked to its tournament and team', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Final Cup', entryFee: '0', checkInEnabled: false });
  await registerTeam(site, tournament.id, 'Grand Winners');
  await registerTeam(site, tournament.id, 'Close Seconds');
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const final = (await drawn.json()) as { rounds: { matches: { id: string; team1Id: string }[] }[] };
  const match = final.rounds[0].matches[0];
  expect((await site.adminApi.put(`/api/matches/${match.id}`, { data: { winnerTeamId: match.team1Id, score: '13-7' } })).ok()).toBe(true);
  await openAdminTab(page, 'Match Day');
  await page.getByRole('button', { name: 'Confirm Champions' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Champions' }).click();
  await expect(toast(page, 'Champions Recorded')).toBeVisible();

  // A slow connection: the dialog opens before the lists of tournaments and teams arrive.
  const slow = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  };
  await page.route(/\/api\/admin\/teams\?/, slow);
  await page.route(/\/api\/tournaments$/, slow);
  await page.reload();
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Edit Grand Winners' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Champion' });
  await expect(edit.getByLabel('Tournament (optional)').locator('option:checked')).toHaveText('Final Cup');
  await expect(edit.getByLabel('Registered Team (optional)').locator('option:checked')).toHaveText('Grand Winners');
});
