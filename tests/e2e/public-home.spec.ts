import { createLiveTournament, expect, inDays, registerTeam, resetSite, test } from './fixtures';
import { paidTeam, teamsOf } from './refund-helpers';

test.describe('home page', () => {
  test('with no active tournament it says so, and shows no champions yet', async ({ page, site }) => {
    await resetSite(site);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'No Active Tournament' })).toBeVisible();
    await expect(page.getByText('Check back soon for the next tournament announcement!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Champions Yet' })).toBeVisible();
    await expect(page.getByText('Be the first team to claim the championship!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Rules' })).toHaveAttribute('href', '/rules');
    await expect(page.getByRole('link', { name: 'View Hall of Fame' })).toHaveAttribute('href', '/hall-of-fame');
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveCount(0);
    await expect(page).toHaveTitle('Tournaments | Clutch Cup');
  });

  test('an open tournament shows its hero, info cards, countdown, status, rules and empty team list', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, {
      name: 'Winter Clash 2026',
      prizePool: '5000',
      entryFee: '25.5',
      currency: 'EUR',
      tournamentDate: '2026-12-05T18:00:00.000Z',
    });
    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1 });
    await expect(hero).toHaveText('Winter Clash 2026');
    await expect(hero.locator('span').first()).toHaveText('Winter');
    await expect(page.getByText('The biggest open cup of the winter.')).toBeVisible();
    await expect(page).toHaveTitle('Winter Clash 2026 | Clutch Cup');

    const cards = page.getByRole('list', { name: 'Tournament details' });
    await expect(cards.getByText('5v5 Single Elimination')).toBeVisible();
    await expect(cards.getByText('€5,000.00')).toBeVisible();
    await expect(cards.getByText('€25.50')).toBeVisible();
    await expect(cards.getByText('Dec 5, 2026')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Registration Closes In' })).toBeVisible();
    await expect(page.getByRole('timer')).toContainText('Days');
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'View Rules' })).toHaveAttribute('href', '/rules');

    await expect(page.getByRole('heading', { name: 'Tournament Status' })).toBeVisible();
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration OPEN');
    await expect(page.getByTestId('capacity-meter')).toHaveAttribute('data-level', 'green');
    await expect(page.getByText('0% full')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Tournament Rules' })).toBeVisible();
    await expect(page.getByText('Best of 1 until the final.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Complete Rules' })).toHaveAttribute('href', '/rules');

    await expect(page.getByRole('heading', { name: 'No Teams Registered Yet' })).toBeVisible();
    await expect(page.getByText('Be the first team to register for this tournament!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
  });

  test('a closed tournament hides Register Team and points to Discord', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site, { rules: null }, { open: false });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winter Clash 2026');
    // Closed before the close date: the countdown says so like the badge, instead of counting down beside it.
    await expect(page.getByTestId('countdown')).toHaveText('Registration Closed');
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration CLOSED');
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No Teams Registered Yet' })).toBeVisible();
    await expect(page.getByText('Join our Discord community')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    // No rules text: no rules section.
    await expect(page.getByRole('heading', { name: 'Tournament Rules' })).toHaveCount(0);

    // The organizer opens registration: the page follows with its 5 s poll, no reload.
    await site.adminApi.patch(`/api/tournaments/${t.id}/registration`, { data: { isOpen: true } });
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration OPEN', { timeout: 15_000 });
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toBeVisible();
    // Open again: the countdown runs to the close date again.
    await expect(page.getByTestId('countdown')).toContainText('Days');
  });

  test('closing registration early shows Registration Closed in the countdown, within one poll', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site);
    await page.goto('/');
    await expect(page.getByTestId('countdown')).toContainText('Days');
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration OPEN');
    await site.adminApi.patch(`/api/tournaments/${t.id}/registration`, { data: { isOpen: false } });
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration CLOSED', { timeout: 15_000 });
    await expect(page.getByTestId('countdown')).toHaveText('Registration Closed');
    await expect(page.getByRole('timer')).toHaveCount(0);
  });

  test('the capacity meter turns yellow at 75 %', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site, { maxTeams: 4 });
    for (let i = 0; i < 3; i++) await registerTeam(site, t.id);
    await page.goto('/');
    await expect(page.getByTestId('capacity-meter')).toHaveAttribute('data-level', 'yellow');
    await expect(page.getByText('75% full')).toBeVisible();
    await expect(page.getByText('3 / 4 teams')).toBeVisible();
    await expect(page.getByText('Almost Full!')).toHaveCount(0);
    // Quick stats: Players = teams × 7.
    const stats = page.getByRole('region', { name: 'Tournament Status' });
    await expect(stats.getByRole('definition').nth(1)).toHaveText('21');
  });

  test('the capacity meter turns red with Almost Full! at 95 %', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site, { maxTeams: 20 });
    for (let i = 0; i < 19; i++) await registerTeam(site, t.id);
    await page.goto('/');
    await expect(page.getByTestId('capacity-meter')).toHaveAttribute('data-level', 'red');
    await expect(page.getByText('95% full')).toBeVisible();
    await expect(page.getByText('Almost Full!')).toBeVisible();
    await expect(page.getByText('Only 1 spot left.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toBeVisible();
  });

  test('a full tournament says Tournament Full and stops offering registration', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site, { maxTeams: 4 });
    for (let i = 0; i < 4; i++) await registerTeam(site, t.id);
    await page.goto('/');
    await expect(page.getByTestId('capacity-meter')).toHaveAttribute('data-level', 'full');
    await expect(page.getByText('Tournament Full')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join our Discord community' })).toBeVisible();
    await expect(page.getByText('100% full')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveCount(0);
  });

  test('more than six teams: six cards with roster previews and View All Teams leading to the full list', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site);
    await registerTeam(site, t.id, 'Night Owls Esports');
    for (let i = 0; i < 7; i++) await registerTeam(site, t.id);
    await page.goto('/');
    const cards = page.getByTestId('team-card');
    await expect(cards).toHaveCount(6);
    const first = cards.first();
    await expect(first.getByRole('heading', { name: 'Night Owls Esports' })).toBeVisible();
    // Each card is an article named by its team: six distinct names, not six unnamed articles.
    await expect(page.getByRole('article', { name: 'Night Owls Esports' })).toHaveCount(1);
    const names = await cards.evaluateAll((articles) => articles.map((article) => document.getElementById(article.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
    expect(new Set(names.filter(Boolean)).size).toBe(6);
    await expect(first.getByText('NO', { exact: true })).toBeVisible();
    await expect(first.getByRole('listitem')).toHaveCount(4);
    await expect(first.getByText('+2 more players')).toBeVisible();
    // Payment status is not shown on the home cards.
    await expect(first.getByText('Pending')).toHaveCount(0);

    await page.getByRole('link', { name: 'View All Teams' }).click();
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registered Teams' })).toBeVisible();
    await expect(page.getByTestId('team-card')).toHaveCount(8);
    await expect(page.getByTestId('team-card').first().getByText('Pending')).toBeVisible();
  });

  test('a team refunded in part keeps its spot: listed on the home grid and Confirmed on /teams', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site);
    const halfBack = await paidTeam(site, t.id, 'Half Back Heroes');
    const refund = await site.adminApi.post(`/api/teams/${halfBack.id}/refund`, { data: { amount: '12.50', reason: 'Sub could not play' } });
    expect(refund.ok(), await refund.text()).toBe(true);
    expect((await teamsOf(site, t.id)).find((team) => team.id === halfBack.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountPaid: 2500, amountRefunded: 1250 });
    await registerTeam(site, t.id, 'Still Paying');
    const card = (name: string) => page.getByTestId('team-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

    // Home: the team still holds its spot, so it stays in the grid (the home cards show no payment badge).
    await page.goto('/');
    await expect(card('Half Back Heroes')).toBeVisible();
    await expect(card('Half Back Heroes').getByText('Pending')).toHaveCount(0);

    // /teams: the server counts it as confirmed, and so does its badge; an unpaid team stays Pending.
    await page.goto('/teams');
    await expect(card('Half Back Heroes').getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(card('Half Back Heroes').getByText('Pending')).toHaveCount(0);
    await expect(card('Still Paying').getByText('Pending', { exact: true })).toBeVisible();
  });

  test('the countdown reaches zero and closes registration on the page', async ({ page, site }) => {
    await resetSite(site);
    // 10 s: the page must load and show the timer before the close, on a busy machine too.
    await createLiveTournament(site, { registrationCloses: new Date(Date.now() + 10_000).toISOString(), tournamentDate: inDays(3) });
    await page.goto('/');
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveText('Registration Closed', { timeout: 20_000 });
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration CLOSED');
  });
});
