import fs from 'node:fs';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test, type Site } from './fixtures';
import { paidTeam } from './refund-helpers';

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

async function registerTeamWithSubs(site: Site, tournamentId: string) {
  const response = await site.adminApi.post('/api/teams', {
    data: {
      tournamentId,
      name: 'Night Owls, "The Best"',
      logoUrl: null,
      captainDiscord: 'owl_captain',
      captainRiotId: 'OwlCap#EUW',
      players: [{ riotId: 'OwlCap#EUW', role: 'Captain' }, { riotId: 'Owl2#EUW' }, { riotId: '=Owl3#EUW' }, { riotId: 'Owl4#EUW' }, { riotId: 'Owl5#EUW' }],
      substitutes: [{ riotId: 'OwlSub1#EUW' }, { riotId: '@OwlSub2#EUW' }],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('without an active tournament the Teams tab says so and exporting has no data', async ({ page }) => {
  await openAdminTab(page, 'Teams');
  await expect(page.getByText('No active tournament to show teams for.')).toBeVisible();
  await page.getByRole('button', { name: 'Export Teams' }).click();
  await expect(toast(page, 'No Data')).toContainText('No teams to export.');
});

test('an active tournament without teams says No teams registered yet', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Empty Cup' });
  await openAdminTab(page, 'Teams');
  await expect(page.getByText('No teams registered yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Export Teams' }).click();
  await expect(toast(page, 'No Data')).toBeVisible();
});

test("a registered team's card shows captain, roster, payment and the N Main + M Subs total", async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Team Cup' });
  await registerTeamWithSubs(site, tournament.id);
  await openAdminTab(page, 'Teams');

  const card = page.getByTestId('admin-team-card').filter({ hasText: 'Night Owls' });
  await expect(card.getByRole('heading', { name: 'Night Owls, "The Best"' })).toBeVisible();
  await expect(card).toContainText('Discord: owl_captain');
  await expect(card).toContainText('Riot ID: OwlCap#EUW');
  await expect(card).toContainText(`Registered ${new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`);
  await expect(card.getByTestId('team-status')).toHaveText('Pending');
  for (const riotId of ['Owl2#EUW', '=Owl3#EUW', 'Owl4#EUW', 'Owl5#EUW', 'OwlSub1#EUW', '@OwlSub2#EUW']) await expect(card).toContainText(riotId);
  await expect(card).toContainText('5 Main + 2 Subs');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('counter-Registered Teams')).toHaveText('1');
  await expect(page.getByTestId('active-tournament-card')).toContainText('1 / 32');
});

test('Export Teams downloads the team CSV with quoted and neutralised cells', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Export Cup' });
  await registerTeamWithSubs(site, tournament.id);
  await registerTeam(site, tournament.id, 'Plain Squad');
  await openAdminTab(page, 'Teams');
  await expect(page.getByTestId('admin-team-card')).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Teams' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^teams-export-cup-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe(
    'Team Name,Captain Discord,Captain Riot ID,Registration Date,Payment Status,Total Main Players,Total Subs,' +
      'Player 1 Riot ID,Player 1 Role,Player 2 Riot ID,Player 2 Role,Player 3 Riot ID,Player 3 Role,Player 4 Riot ID,Player 4 Role,Player 5 Riot ID,Player 5 Role,' +
      'Substitute 1 Riot ID,Substitute 2 Riot ID,Captain Email,Consent',
  );
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  expect(lines[1]).toBe(
    `"Night Owls, ""The Best""",owl_captain,OwlCap#EUW,"${today}",pending,5,2,OwlCap#EUW,Captain,Owl2#EUW,Player,'=Owl3#EUW,Player,Owl4#EUW,Player,Owl5#EUW,Player,OwlSub1#EUW,'@OwlSub2#EUW,,Not recorded`,
  );
  expect(lines[2]).toMatch(new RegExp(`^Plain Squad,cap\\S+,Cap\\S+#EUW,"${today}",pending,5,0,Cap\\S+#EUW,Captain,(P\\d\\S+#EUW,Player,){4},,,Not recorded$`));
});

test("the tournament selector shows any tournament's teams, the live one first, and the export follows it", async ({ page, site }) => {
  const spring = await createLiveTournament(site, { name: 'Spring Cup' });
  await registerTeam(site, spring.id, 'Spring Squad');
  const summer = await createLiveTournament(site, { name: 'Summer Cup' }); // now the live one
  await registerTeam(site, summer.id, 'Summer Squad');
  await openAdminTab(page, 'Teams');

  const picker = page.getByLabel('Tournament', { exact: true });
  await expect(picker).toHaveValue(summer.id);
  await expect(picker.locator('option:checked')).toHaveText('Summer Cup (live)');
  await expect(page.getByTestId('admin-team-card')).toHaveCount(1);
  await expect(page.getByTestId('admin-team-card')).toContainText('Summer Squad');

  await picker.selectOption({ label: 'Spring Cup' });
  await expect(page.getByText('Teams registered for Spring Cup.')).toBeVisible();
  await expect(page.getByTestId('admin-team-card')).toHaveCount(1);
  await expect(page.getByTestId('admin-team-card')).toContainText('Spring Squad');
  // The organizer's view of a tournament that is not live: the captain's private details too.
  await expect(page.getByTestId('admin-team-card')).toContainText(/Discord: cap\S+/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Teams' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^teams-spring-cup-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Spring Squad');
  expect(csv).not.toContain('Summer Squad');

  await picker.selectOption({ label: 'Summer Cup (live)' });
  await expect(page.getByTestId('admin-team-card')).toContainText('Summer Squad');
});

test('the Overview splits confirmed from pending teams; a team removed after paying counts as neither', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Split Cup', maxTeams: 8 });
  await paidTeam(site, tournament.id, 'Paid Panthers');
  const leaving = await paidTeam(site, tournament.id, 'Leaving Lions');
  await registerTeam(site, tournament.id, 'Waiting Wolves');
  await registerTeam(site, tournament.id, 'Slow Sloths');
  const removed = await site.adminApi.post(`/api/teams/${leaving.id}/remove`, { data: { refund: 'full', reason: 'Asked to leave' } });
  expect(removed.ok(), await removed.text()).toBe(true);

  await openAdminTab(page, 'Overview');
  await expect(page.getByTestId('counter-Registered Teams')).toHaveText('3');
  await expect(page.getByTestId('registered-split')).toHaveText('1 confirmed · 2 pending');
  const card = page.getByTestId('active-tournament-card');
  await expect(card.getByTestId('fact-Teams Registered')).toContainText('3 / 8');
  await expect(card.getByTestId('fact-Confirmed Teams')).toContainText('1');
  await expect(card.getByTestId('fact-Pending Teams')).toContainText('2');

  // The Teams tab still lists the removed team: its money is the organizer's to account for.
  await page.getByRole('tab', { name: 'Teams' }).click();
  await expect(page.getByTestId('admin-team-card')).toHaveCount(4);
});
