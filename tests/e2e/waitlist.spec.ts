import { fillTeamInfo, payWithCard, shot, uniqueTag } from '../support/register-e2e';
import { createLiveTournament, expect, registerTeam, resetSite, teamPayload, test } from './fixtures';

test.describe('the waitlist', () => {
  test('a full tournament offers the waitlist; a freed spot is offered on the team page, claimed and paid', async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    const cup = await createLiveTournament(site, { name: 'Full Cup', entryFee: '25', maxTeams: 4 });
    const registered = [];
    for (let i = 0; i < 4; i++) registered.push(await registerTeam(site, cup.id));

    // Home: 'Tournament Full' in those words, the counts beside, and the way to the waitlist.
    await page.goto('/');
    const status = page.getByRole('status').filter({ hasText: 'Tournament Full' });
    await expect(status).toBeVisible();
    await expect(page.getByTestId('capacity-breakdown')).toHaveText('0 confirmed · 4 pending · 0 waiting');

    // /register says it is full with the waitlist open (not closed), and offers it too.
    await page.goto('/register');
    const full = page.getByTestId('registration-full');
    await expect(full).toContainText('Every spot is taken: join the waitlist and you may be offered a spot that frees.');
    await expect(full.getByRole('button', { name: 'Join the Waitlist' })).toBeVisible();

    await page.goto('/');
    await status.getByRole('link', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Waitlist' })).toBeVisible();
    const tag = uniqueTag();
    const teamName = await fillTeamInfo(page, tag);
    await page.getByLabel('Captain Email (optional)').fill(`wait${tag}@example.org`);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();

    // The team page: the captain's private link, remembered on this device.
    await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(page).toHaveURL(/\/team\/[0-9a-f-]+$/);
    await expect(page.getByTestId('team-status')).toHaveText('On the waitlist');
    await expect(page.getByTestId('waitlist-position')).toContainText('Your team is next on the waitlist.');
    await shot(page, 'waitlist-waiting');

    // Registration closed early: nothing is offered meanwhile, and the page says so; reopened, the place is kept.
    const setRegistration = async (isOpen: boolean) => {
      const response = await site.adminApi.patch(`/api/tournaments/${cup.id}/registration`, { data: { isOpen } });
      expect(response.ok(), await response.text()).toBe(true);
    };
    await setRegistration(false);
    await page.reload();
    await expect(page.getByTestId('waitlist-position')).toContainText('Registration is closed, so no spot is offered now.');
    await setRegistration(true);
    await page.reload();
    await expect(page.getByTestId('waitlist-position')).toContainText('When a spot frees, the first team waiting is offered it here');

    // The organizer sees it in order, then takes a team out: its spot is offered to the waiting team.
    const waitlist = (await (await site.adminApi.get(`/api/tournaments/${cup.id}/waitlist`)).json()) as { name: string; position: number }[];
    expect(waitlist).toEqual([expect.objectContaining({ name: teamName, position: 1 })]);
    const removed = await site.adminApi.post(`/api/teams/${registered[0].id}/remove`, { data: { refund: 'none', reason: 'Left the tournament' } });
    expect(removed.ok(), await removed.text()).toBe(true);

    await page.reload();
    const offer = page.getByTestId('waitlist-offer');
    await expect(offer).toContainText('A spot is yours to claim until');
    await shot(page, 'waitlist-offer');
    await offer.getByRole('button', { name: 'Claim your spot' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await expect(page.getByTestId('team-status')).toHaveText('Awaiting payment');
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');
    await expect(page.getByTestId('toast')).toContainText('Payment Successful');
    await expect(page.getByTestId('team-status')).toHaveText('Paid');

    await page.goto('/');
    await expect(page.getByTestId('capacity-breakdown')).toHaveText('1 confirmed · 3 pending · 0 waiting');
  });
  test('a waiting captain takes the team off the waitlist from its page', async ({ page, site }) => {
    await resetSite(site);
    const cup = await createLiveTournament(site, { name: 'Crowded Cup', entryFee: '25', maxTeams: 4 });
    for (let i = 0; i < 4; i++) await registerTeam(site, cup.id);
    const joined = await site.adminApi.post(`/api/tournaments/${cup.id}/waitlist`, { data: teamPayload(cup.id, 'Patient Five') });
    expect(joined.ok(), await joined.text()).toBe(true);
    await page.goto(((await joined.json()) as { manageUrl: string }).manageUrl);
    await expect(page.getByTestId('team-status')).toHaveText('On the waitlist');
    await expect(page.getByText('Withdrawing takes your team off the waitlist and frees its name and Riot IDs. It cannot be undone.')).toBeVisible();
    await expect(page.getByTestId('refund-quote')).toHaveText('Nothing was paid, so nothing is refunded');
    await page.getByRole('button', { name: 'Withdraw Team' }).click();
    await page.getByRole('alertdialog', { name: 'Withdraw your team?' }).getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByTestId('team-status')).toHaveText('Withdrawn');
    await expect(page.getByTestId('waitlist-position')).toHaveCount(0);
  });
});
