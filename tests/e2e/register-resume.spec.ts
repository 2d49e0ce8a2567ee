import { acknowledgeDiscord, capacityOf, continueToPaymentStep, fillTeamInfo, payWithCard, teamsOf, uniqueTag, registeredPageUrl } from '../support/register-e2e';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

/**
 * Phones reload the tab when the Discord app opens: the wizard picks up the team this browser
 * registered, at the step it had reached, with the same held spot (demo payments).
 */
test.describe('a captain who reloads the wizard', () => {
  test('reloaded on the Discord step: the same team goes on to pay', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Reload Cup', entryFee: '25' });
    const tag = uniqueTag();
    await page.goto('/register');
    const teamName = await fillTeamInfo(page, tag);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    const [created] = await teamsOf(site, tournament.id);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    await expect(page.getByTestId('resume-notice')).toContainText(`Welcome back: you are registering ${teamName}`);
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await expect(page.getByTestId('hold-notice')).toContainText(/Your spot is held until .+ \((29|30) more minutes\)/);

    // Back to Team Info shows the team's details, locked.
    await page.getByRole('button', { name: 'Back to Team Info' }).click();
    await expect(page.getByLabel('Team Name', { exact: true })).toHaveValue(teamName);
    await expect(page.getByLabel('Player 2 Riot ID', { exact: true })).toHaveValue(`P2x${tag}#EUW`);
    await continueToPaymentStep(page);
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');

    await expect(page).toHaveURL(registeredPageUrl);
    await expect(page.getByTestId('toast')).toContainText('Payment Successful');
    const teams = await teamsOf(site, tournament.id);
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ id: created.id, paymentStatus: 'completed', amountPaid: 2500 });
  });

  test('the payment step counts the held minutes down while the captain waits on it', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Waiting Room Cup', entryFee: '25' });
    await page.clock.install();
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await continueToPaymentStep(page);
    const notice = page.getByTestId('hold-notice');
    await expect(notice).toContainText(/\((29|30) more minutes\)/);
    await page.clock.fastForward('03:00');
    await expect(notice).toContainText(/\((26|27) more minutes\)/);
  });

  test('reloaded on the payment step: back on the payment step, the same payment completes', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Payment Reload Cup', entryFee: '25', maxTeams: 4 });
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await continueToPaymentStep(page);
    const [created] = await teamsOf(site, tournament.id);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Registration progress' }).locator('[aria-current="step"]')).toContainText('Payment');
    await expect(page.getByTestId('hold-notice')).toContainText('Your spot is held until');
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');

    await expect(page).toHaveURL(registeredPageUrl);
    await expect(page.getByTestId('toast')).toContainText('Payment Successful');
    const teams = await teamsOf(site, tournament.id);
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ id: created.id, paymentStatus: 'completed' });
    expect(await capacityOf(site, tournament.id)).toMatchObject({ registered: 1, spotsLeft: 3 });
  });

  test('starting over releases the held spot first, so the same name and Riot IDs register again', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Start Over Cup', entryFee: '25' });
    const tag = uniqueTag();
    await page.goto('/register');
    const teamName = await fillTeamInfo(page, tag);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    const [first] = await teamsOf(site, tournament.id);

    await page.reload();
    await page.getByTestId('resume-notice').getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Release and start over' }).click();
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    await expect(page.getByLabel('Team Name', { exact: true })).toHaveValue('');
    // The release does not empty the polled reads' cache yet, so the capacity can lag its 1 s lifetime.
    await expect.poll(() => capacityOf(site, tournament.id), { timeout: 3000 }).toMatchObject({ registered: 0 });

    await fillTeamInfo(page, tag, { teamName });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    const held = (await teamsOf(site, tournament.id)).filter((team) => team.paymentStatus === 'pending');
    expect(held).toHaveLength(1);
    expect(held[0].id).not.toBe(first.id);
    expect(held[0].name).toBe(teamName);
  });
});
