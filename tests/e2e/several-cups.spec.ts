import { acknowledgeDiscord, fillTeamInfo, registeredPageUrl, teamsOf, uniqueTag } from '../support/register-e2e';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { expectAccessible } from './a11y-helpers';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, teamPayload, test, type Site } from './fixtures';

/** Issue 31: several cups take registrations at once; the featured one leads, the others are one click away. */

/** A cup whose registration is open without featuring it. */
async function openCupNotFeatured(site: Site, data: Record<string, unknown>) {
  const created = await site.adminApi.post('/api/tournaments', {
    data: { format: '5v5 Single Elimination', prizePool: '1000', currency: 'USD', maxTeams: 8, registrationCloses: inDays(7), tournamentDate: inDays(14), ...data },
  });
  if (!created.ok()) throw new Error(await created.text());
  const cup = (await created.json()) as { id: string; name: string };
  await site.adminApi.patch(`/api/tournaments/${cup.id}/registration`, { data: { isOpen: true } });
  return cup;
}

test.describe('several cups at once', () => {
  test('the home page lists the other open cup below the featured one', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Weekly Open', entryFee: '25', maxTeams: 16 });
    const monthly = await openCupNotFeatured(site, { name: 'Monthly Invitational', entryFee: '10' });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Weekly Open');
    const others = page.getByRole('region', { name: 'Also Open for Registration' });
    await expect(others.getByTestId('open-cup')).toHaveCount(1);
    const card = others.getByTestId('open-cup');
    await expect(card.getByRole('heading', { name: 'Monthly Invitational' })).toBeVisible();
    await expect(card).toContainText('$10.00 per team');
    await expect(card).toContainText('8 spots left');
    await expect(card.getByRole('link', { name: 'Register for Monthly Invitational' })).toHaveAttribute('href', `/register?tournament=${monthly.id}`);
  });

  test('/register asks which cup when two are open, and one click registers for that one', async ({ page, site }) => {
    await resetSite(site);
    const weekly = await createLiveTournament(site, { name: 'Weekly Open', entryFee: '25', maxTeams: 16 });
    const monthly = await openCupNotFeatured(site, { name: 'Monthly Invitational', entryFee: '0', prizePool: '300' });

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a Tournament' })).toBeVisible();
    await expect(page.getByText('Several tournaments are open for registration. Choose the one your team is registering for.')).toBeVisible();
    const cups = page.getByTestId('open-cup');
    await expect(cups).toHaveCount(2);
    await expect(cups.filter({ hasText: 'Weekly Open' })).toContainText('$25.00 per team');
    await expect(cups.filter({ hasText: 'Weekly Open' })).toContainText('16 spots left');
    await expect(cups.filter({ hasText: 'Monthly Invitational' })).toContainText('8 spots left');

    await page.getByRole('link', { name: 'Register for Monthly Invitational' }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?tournament=${monthly.id}$`));
    await expect(page.getByText('Join Monthly Invitational and compete for $300.00')).toBeVisible();

    const teamName = await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page).toHaveURL(registeredPageUrl);

    expect((await teamsOf(site, monthly.id)).map((team) => team.name)).toEqual([teamName]);
    expect(await teamsOf(site, weekly.id)).toEqual([]);
  });

  test('the choice and the home list are accessible, on a phone too', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Weekly Open' });
    await openCupNotFeatured(site, { name: 'Monthly Invitational', entryFee: '10' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/register');
      await expect(page.getByTestId('open-cup')).toHaveCount(2);
      await expectAccessible(page, `/register, the choice, at ${width} px`);
      await page.goto('/');
      await expect(page.getByTestId('other-open-cups')).toBeVisible();
      await expectAccessible(page, `home with another open cup, at ${width} px`);
    }
  });

  test("the admin lists the other open cup, and the Teams tab's picker shows its teams and its waitlist", async ({ page, site, baseURL }) => {
    await resetSite(site);
    const weekly = await createLiveTournament(site, { name: 'Weekly Open' });
    await registerTeam(site, weekly.id, 'Weekly Squad');
    const monthly = await openCupNotFeatured(site, { name: 'Monthly Invitational', entryFee: '0', maxTeams: 4 });
    for (const n of [1, 2, 3, 4]) await registerTeam(site, monthly.id, `Monthly Squad ${n}`);
    const joined = await site.adminApi.post(`/api/tournaments/${monthly.id}/waitlist`, { data: teamPayload(monthly.id, 'Waiting Squad') });
    expect(joined.ok(), await joined.text()).toBe(true);

    await signInQuickly(page, baseURL!);
    await openAdminTab(page, 'Overview');
    const others = page.getByTestId('other-open-tournaments');
    await expect(others).toContainText('Monthly Invitational');
    await expect(others).toContainText('Full — waitlist open');

    await openAdminTab(page, 'Teams');
    const picker = page.getByLabel('Tournament', { exact: true });
    await expect(picker.locator('option:checked')).toHaveText('Weekly Open (live)');
    await expect(page.getByTestId('admin-team-card')).toHaveCount(1);
    await expect(page.getByTestId('admin-waitlist')).toContainText('No team is waiting.');
    await picker.selectOption({ label: 'Monthly Invitational' });
    await expect(page.getByText('Teams registered for Monthly Invitational.')).toBeVisible();
    await expect(page.getByTestId('admin-team-card')).toHaveCount(4);
    await expect(page.getByTestId('admin-waitlist')).toContainText('1. Waiting Squad');
  });
});
