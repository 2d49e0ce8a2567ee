import { payWithCard } from '../support/register-e2e';
import { expectNoAxeViolations } from './a11y-helpers';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, test } from './fixtures';

/** Issue 31: a returning team registers again for another cup from its team page; prizes paid, on the books. */
test.describe('returning teams and prizes', () => {
  test('a captain registers the same team for a second cup from the team page and pays, at 390 px', async ({ page, site }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await resetSite(site);
    const first = await createLiveTournament(site, { name: 'First Cup', tournamentDate: inDays(9) });
    const team = await registerTeam(site, first.id, 'Returning Raccoons');
    await createLiveTournament(site, { name: 'Second Cup', entryFee: '30', tournamentDate: inDays(12) });

    await page.goto(team.manageUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Returning Raccoons' })).toBeVisible();
    const card = page.getByTestId('register-again');
    await expect(card.getByRole('heading', { name: 'Register for Another Cup' })).toBeVisible();
    const cups = card.getByRole('list', { name: 'Cups open now' });
    await expect(cups).toContainText('Second Cup');
    await expect(cups).toContainText('$30.00 · 32 spots left');
    await expect(cups).not.toContainText('First Cup');
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, '/team/{id}: Register for Another Cup');

    await card.getByRole('button', { name: 'Choose Second Cup' }).click();
    const form = card.getByRole('form', { name: 'Register for Second Cup' });
    // The roster comes prefilled and can change for the new cup.
    const player2 = form.getByLabel('Player 2 Riot ID');
    await expect(player2).not.toHaveValue('');
    await form.getByLabel('Substitute 1 Riot ID (optional)').fill('Newcomer#EUW');
    await form.getByRole('button', { name: 'Register and Pay' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Accept the Terms of Service, the rules and the Refund Policy to continue' })).toBeVisible();
    await form.getByLabel(/I accept the Terms of Service/).check();
    await form.getByLabel(/Every player on this roster is at least 13/).check();
    await expectNoAxeViolations(page, '/team/{id}: the register-again form');
    const firstUrl = page.url();
    await form.getByRole('button', { name: 'Register and Pay' }).click();

    // The new registration's own page, at its payment step with the new cup's hold.
    await expect(page).not.toHaveURL(firstUrl);
    await expect(page).toHaveURL(/\/team\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Returning Raccoons' })).toBeVisible();
    await expect(page.getByText(/Second Cup ·/).first()).toBeVisible();
    await expect(page.getByTestId('hold-expiry')).toBeVisible();
    await payWithCard(page, '4242 4242 4242 4242', '$30.00');
    await expect(page.getByTestId('toast')).toContainText('Payment Successful');
    await expect(page.getByTestId('team-status')).toHaveText('Paid');
    await expect(page.getByTestId('receipt')).toContainText('TournamentSecond Cup');
    await expect(page.getByLabel('Substitute 1 Riot ID (optional)')).toHaveValue('Newcomer#EUW');
    await expectNoAxeViolations(page, '/team/{id}: the second registration, paid');

    // The first registration is untouched, on its own link.
    await page.goto(team.manageUrl);
    await expect(page.getByTestId('team-status')).toHaveText('Awaiting payment');
  });

  test('the organizer splits the prize pool and records a payout; the home page shows the split and "Paid"', async ({ page, site }) => {
    test.setTimeout(90_000);
    await resetSite(site);
    const cup = await createLiveTournament(site, { name: 'Prize Cup', prizePool: '1000' });
    await signInQuickly(page, site.url);
    await openAdminTab(page, 'Finance');
    await expect(page.getByTestId('prizes-never-sent')).toHaveText(
      'The site never sends prize money: pay each prize yourself (bank transfer, PayPal, …), then record it here for the books.',
    );
    await page.getByRole('button', { name: 'Split the Prize Pool' }).click();
    const split = page.getByRole('dialog', { name: 'Split the prize pool' });
    await split.getByLabel('1st place (USD)').fill('600');
    await split.getByLabel('2nd place (USD)').fill('300');
    await split.getByLabel('3rd place (USD)').fill('50');
    await split.getByRole('button', { name: 'Save Split' }).click();
    await expect(split.getByTestId('prize-split-problem')).toHaveText(
      'The prizes add up to $950.00, but the prize pool is $1,000.00: the split must add up to the pool',
    );
    await split.getByLabel('3rd place (USD)').fill('100');
    await expectNoAxeViolations(page, 'admin finance: the prize split dialog');
    await split.getByRole('button', { name: 'Save Split' }).click();
    await expect(split).toBeHidden();
    await expect(page.getByTestId('finance-prize-row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Record Payout: 1st place' }).click();
    const payout = page.getByRole('dialog', { name: 'Record the 1st place payout' });
    await payout.getByLabel('Paid to').fill('Crimson Vipers');
    await payout.getByLabel('How (bank transfer, PayPal, …)').fill('Bank transfer');
    await payout.getByLabel('Reference (optional)').fill('TRX-77');
    await expectNoAxeViolations(page, 'admin finance: the payout dialog');
    await payout.getByRole('button', { name: 'Record Payout' }).click();
    await expect(payout).toBeHidden();
    await expect(page.getByTestId('finance-prize-row').first()).toContainText('Paid');
    await expect(page.getByTestId('finance-prize-row').first()).toContainText('Crimson Vipers');
    await expectNoAxeViolations(page, 'admin finance: prizes with a payout');

    await page.goto('/');
    const shown = page.getByRole('list', { name: 'Prize split' });
    await expect(shown.getByRole('listitem')).toHaveText(['1st$600.00Paid', '2nd$300.00', '3rd$100.00']);
    await expectNoAxeViolations(page, 'home with the prize split');

    // The pool grows under the split: the public pages stop showing it, the organizer is told why.
    const grown = await site.adminApi.put(`/api/tournaments/${cup.id}`, {
      data: { name: 'Prize Cup', description: 'The biggest open cup of the winter.', format: '5v5 Single Elimination', prizePool: '1200', entryFee: '25', currency: 'USD', maxTeams: 32, registrationCloses: inDays(7), tournamentDate: inDays(10), rules: 'Best of 1 until the final.' },
    });
    expect(grown.ok(), await grown.text()).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Prize Cup' }).first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Prize split' })).toHaveCount(0);
    await openAdminTab(page, 'Finance');
    await expect(page.getByTestId('prize-split-outdated')).toHaveText(
      "The prizes add up to $1,000.00, but the prize pool is $1,200.00: the split must add up to the pool. The cup's page does not show the split until it does.",
    );
  });
});
