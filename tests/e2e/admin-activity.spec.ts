import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the Activity tab shows who did what, newest first, as the API has it, and filters by tournament', async ({ page, site }) => {
  const spring = (await createLiveTournament(site, { name: 'Spring Activity Cup' })) as unknown as Record<string, unknown> & { id: string };
  const edited = await site.adminApi.put(`/api/tournaments/${spring.id}`, { data: { ...spring, name: 'Spring Activity Cup Finals' } });
  expect(edited.ok(), await edited.text()).toBe(true);
  const summer = await site.adminApi.post('/api/tournaments', { data: { ...spring, slug: undefined, name: 'Summer Activity Cup' } });
  expect(summer.ok(), await summer.text()).toBe(true);

  const api = (await (await site.adminApi.get(`/api/admin/audit?tournamentId=${spring.id}`)).json()) as { entries: { action: string; actor: string }[] };
  expect(api.entries.map((entry) => entry.action)).toEqual(['tournament.update', 'tournament.registration', 'tournament.set_live', 'tournament.create']);

  await openAdminTab(page, 'Activity');
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toContainText('Created tournament');
  await expect(rows.first()).toContainText('Summer Activity Cup');

  await page.getByLabel('Tournament', { exact: true }).selectOption({ label: 'Spring Activity Cup Finals' });
  await expect(rows).toHaveCount(api.entries.length);
  await expect(rows.nth(0)).toContainText('Edited tournament');
  await expect(rows.nth(0)).toContainText('changed name');
  await expect(rows.nth(1)).toContainText('Switched registration');
  await expect(rows.nth(1)).toContainText('opened');
  await expect(rows.nth(2)).toContainText('Set tournament live');
  await expect(rows.nth(3)).toContainText('Created tournament');
  for (let i = 0; i < 4; i++) await expect(rows.nth(i)).toContainText('organizer');
});

test('an entered and a corrected result name the match, the teams, the score and the previous result', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Result Cup', entryFee: '0', checkInEnabled: false });
  for (const name of ['Sage Advice', 'Spike Rush']) await registerTeam(site, tournament.id, name);
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const { id, team1Id } = ((await drawn.json()) as { rounds: { matches: { id: string; team1Id: string }[] }[] }).rounds[0].matches[0];
  for (const score of ['13-9', '13-7']) expect((await site.adminApi.put(`/api/matches/${id}`, { data: { winnerTeamId: team1Id, score } })).ok()).toBe(true);

  await openAdminTab(page, 'Activity');
  const results = page.getByTestId('activity-row').filter({ hasText: 'Entered result' });
  await expect(results.nth(0)).toContainText('Result Cup · Final, Match 1 — Sage Advice beat Spike Rush 13-7 (was 13-9)');
  await expect(results.nth(1)).toContainText('Result Cup · Final, Match 1 — Sage Advice beat Spike Rush 13-9');
});
