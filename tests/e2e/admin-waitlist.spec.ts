import { expectNoAxeViolations } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, teamPayload, test, type Site } from './fixtures';

/** Joins the waitlist through the public API, as the step 1 form does. */
async function joinWaitlist(site: Site, tournamentId: string, name: string) {
  const response = await site.adminApi.post(`/api/tournaments/${tournamentId}/waitlist`, { data: teamPayload(tournamentId, name) });
  if (!response.ok()) throw new Error(await response.text());
}

test('the organizer sees the waitlist in order on the Teams tab and offers a spot by hand to a team of their choice', async ({ page, site, baseURL }) => {
  await resetSite(site);
  const cup = await createLiveTournament(site, { name: 'Waitlist Cup', entryFee: '25', maxTeams: 4 });
  for (let i = 0; i < 4; i++) await registerTeam(site, cup.id);
  await joinWaitlist(site, cup.id, 'Early Birds');
  await joinWaitlist(site, cup.id, 'Late Owls');

  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Teams');
  const card = page.getByTestId('admin-waitlist');
  const entries = card.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Early Birds');
  await expect(entries.nth(1)).toContainText('Late Owls');
  await expect(entries.nth(1)).toContainText('Waiting');

  // No spot is free yet: the reason is said.
  await entries.nth(1).getByRole('button', { name: 'Offer a spot to Late Owls' }).click();
  await expect(toast(page, 'Could not offer a spot')).toContainText('No spot is free: remove a team or raise the team limit first');

  // With a fifth spot, the organizer picks the second team.
  const current = (await (await site.adminApi.get('/api/tournaments/active')).json()) as Record<string, unknown>;
  const raised = await site.adminApi.put(`/api/tournaments/${cup.id}`, {
    data: {
      name: current.name,
      description: current.description,
      format: current.format,
      prizePool: current.prizePool,
      entryFee: current.entryFee,
      currency: current.currency,
      maxTeams: 5,
      registrationCloses: current.registrationCloses,
      tournamentDate: current.tournamentDate,
      rules: current.rules,
    },
  });
  expect(raised.ok(), await raised.text()).toBe(true);
  await page.reload();
  await entries.nth(1).getByRole('button', { name: 'Offer a spot to Late Owls' }).click();
  await expect(toast(page, 'Spot offered')).toContainText('Late Owls can claim it until');
  await expect(entries.nth(1)).toContainText('Spot offered');
  await expect(entries.nth(0)).toContainText('Waiting');
  await expectNoAxeViolations(page, 'Teams tab with the waitlist');
});
