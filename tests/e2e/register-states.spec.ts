import { acknowledgeDiscord, fillTeamInfo, shot, uniqueTag } from '../support/register-e2e';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, test } from './fixtures';

const closedText = 'Registrations are currently closed for this tournament. Please join our Discord to keep up to date on the latest tournaments.';

test.describe('registration page states', () => {
  test('shows a spinner while the tournament loads', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Slow Cup' });
    // Served directly, /register comes rendered with its data; arriving from another page of the app
    // (not a content page, whose links are page loads: here the page for an unknown address), it fetches the capacity first.
    await page.goto('/no-such-page');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tournaments/*/capacity', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Register Team' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading tournament' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Team Registration' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Team Registration' })).toBeVisible();
  });

  test('with no active tournament: the Registration Closed card, Return Home goes to /', async ({ page, site }) => {
    await resetSite(site);
    await page.goto('/register');
    const card = page.getByTestId('registration-closed');
    await expect(card.getByRole('heading', { name: 'Registration Closed' })).toBeVisible();
    await expect(card.getByText(closedText)).toBeVisible();
    await card.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(`${site.url}/`);
  });

  test('with registration switched off, or past its deadline: the Registration Closed card', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Closed Cup' }, { open: false });
    await page.goto('/register');
    await expect(page.getByTestId('registration-closed').getByText(closedText)).toBeVisible();

    await resetSite(site);
    const late = await createLiveTournament(site, { name: 'Late Cup' });
    await site.adminApi.put(`/api/tournaments/${late.id}`, {
      data: { name: 'Late Cup', format: '5v5', prizePool: '100', entryFee: '5', currency: 'USD', maxTeams: 8, registrationCloses: inDays(-1), tournamentDate: inDays(2) },
    });
    await page.goto('/register');
    await expect(page.getByTestId('registration-closed').getByText(closedText)).toBeVisible();
  });

  test('with every spot taken: the Full — waitlist open card, not Registration Closed', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Packed Cup', maxTeams: 4 });
    for (let i = 0; i < 4; i++) await registerTeam(site, tournament.id);
    await page.goto('/register');
    await expect(page.getByTestId('registration-full').getByRole('heading', { name: 'Full — waitlist open' })).toBeVisible();
    await expect(page.getByText(closedText)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
  });

  for (const width of [390, 1280]) {
    test(`screenshots of each step at ${width} px`, async ({ page, site }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await resetSite(site);
      await page.goto('/register');
      await expect(page.getByTestId('registration-closed')).toBeVisible();
      await shot(page, `${width}-0-closed`);

      await createLiveTournament(site, { name: 'Summer Showdown 2026', prizePool: '2500', entryFee: '15', currency: 'GBP' });
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
      await shot(page, `${width}-1-team-info`);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByText('Player 5 Riot ID is required')).toBeVisible();
      await shot(page, `${width}-1-team-info-errors`);
      await fillTeamInfo(page, uniqueTag());
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
      await shot(page, `${width}-2-discord`);
      await acknowledgeDiscord(page);
      await shot(page, `${width}-2-discord-acknowledged`);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
      await expect(page.getByTestId('entry-fee')).toHaveText('£15.00');
      await shot(page, `${width}-3-payment`);
    });
  }
});
