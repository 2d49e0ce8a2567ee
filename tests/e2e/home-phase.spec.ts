import { formatDayTimeZone } from '../../src/shared/dates';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

// A phone, in a zone other than the server's UTC: the times name the reader's zone once the page is live.
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Paris' });

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const main = (page: import('@playwright/test').Page) => page.getByRole('main');

test.describe("the home page says the tournament's phase", () => {
  test('a cancelled cup says Cancelled on the home page, the Overview and Match Day, and what comes next', async ({ page, site, baseURL }) => {
    await resetSite(site);
    const cup = await createLiveTournament(site, { name: 'Called Off Cup', maxTeams: 16 });
    const cancelled = await site.adminApi.post(`/api/tournaments/${cup.id}/cancel`, { data: { reason: 'No casters' } });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);

    await page.goto('/');
    await expect(page.getByTestId('phase-badge')).toHaveText('Cancelled');
    await expect(page.getByText('Registration Closed')).toHaveCount(0);
    const panel = page.getByTestId('phase-panel');
    await expect(panel.getByRole('heading', { name: 'Cancelled' })).toBeVisible();
    await expect(panel).toContainText('This tournament was cancelled. Every paid team has been refunded in full.');
    await expect(panel).toContainText('The next cup is announced on our Discord first. Past winners are in the Hall of Fame.');
    await expect(panel.getByRole('link', { name: 'View Hall of Fame' })).toHaveAttribute('href', '/hall-of-fame');
    await expect(panel.getByRole('link', { name: /Join Discord/ })).toBeVisible();
    await expect(page.getByTestId('registration-indicator')).toHaveText('Cancelled');
    await expect(page.getByTestId('cancelled-status')).toHaveText('Registration is closed for good. Every paid team has been refunded in full.');
    await expect(main(page).getByText('0 / 16 teams')).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Register Team', exact: true })).toHaveCount(0);
    // /register says the same, not "Registration Closed".
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Tournament Cancelled' })).toBeVisible();
    await expect(page.getByText('This tournament was cancelled. Every paid team has been refunded in full.', { exact: false })).toBeVisible();

    await signInQuickly(page, baseURL!);
    await openAdminTab(page, 'Overview');
    const card = page.getByTestId('active-tournament-card');
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByText('live on the website')).toHaveCount(0);
    await openAdminTab(page, 'Match Day');
    await expect(page.getByTestId('match-day-status')).toHaveText('Status: Cancelled — this tournament was cancelled: there is no check-in and no match day.');
    await expect(page.getByText(/^Opens /)).toHaveCount(0);
  });

  test('a finished cup names its champion, links to the hall of fame, and counts no spots left', async ({ page, site }) => {
    await resetSite(site);
    const cup = await createLiveTournament(site, { name: 'Done Cup', entryFee: '0', maxTeams: 4, checkInEnabled: false });
    await registerTeam(site, cup.id, 'Alpha Five');
    await registerTeam(site, cup.id, 'Bravo Five');
    const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration' } });
    expect(drawn.ok(), await drawn.text()).toBe(true);
    const final = ((await drawn.json()) as { rounds: { matches: { id: string; team2Id: string }[] }[] }).rounds.at(-1)!.matches[0];
    expect((await site.adminApi.put(`/api/matches/${final.id}`, { data: { winnerTeamId: final.team2Id, score: '13-7' } })).ok()).toBe(true);
    expect((await site.adminApi.post(`/api/tournaments/${cup.id}/bracket/confirm`)).ok()).toBe(true);

    await page.goto('/');
    await expect(page.getByTestId('phase-badge')).toHaveText('Finished');
    const panel = page.getByTestId('phase-panel');
    await expect(panel.getByRole('heading', { name: 'Tournament Finished' })).toBeVisible();
    await expect(page.getByTestId('tournament-champion')).toHaveText('Bravo Five');
    await expect(panel.getByRole('link', { name: 'View Hall of Fame' })).toHaveAttribute('href', '/hall-of-fame');
    await expect(page.getByTestId('countdown')).toHaveCount(0);
    await expect(page.getByTestId('registration-indicator')).toHaveText('Finished');
    await expect(main(page).getByText(/spots? left/i)).toHaveCount(0);
    await expect(main(page).getByText('Almost Full!')).toHaveCount(0);
  });

  test('during check-in the home page says check-in is open until its close, not a registration countdown', async ({ page, site }) => {
    await resetSite(site);
    const startsAt = inMinutes(30);
    await createLiveTournament(site, { name: 'Evening Cup', registrationCloses: inMinutes(10), tournamentDate: startsAt }, { open: false });
    await page.goto('/');
    await expect(page.getByTestId('phase-badge')).toHaveText('Check-in Open');
    await expect(page.getByTestId('check-in-open')).toHaveText(`Check-in is open until ${formatDayTimeZone(startsAt, 'Europe/Paris')}.`);
    await expect(page.getByRole('heading', { name: 'Registration Closes In' })).toHaveCount(0);
    await expect(page.getByTestId('registration-indicator')).toHaveText('Check-in Open');
  });

  test('a full cup says Full — waitlist open on the home page and /register, and offers the waitlist', async ({ page, site }) => {
    await resetSite(site);
    const cup = await createLiveTournament(site, { name: 'Packed Cup', maxTeams: 4 });
    for (let i = 0; i < 4; i++) await registerTeam(site, cup.id);
    await page.goto('/');
    await expect(page.getByTestId('phase-badge')).toHaveText('Full — waitlist open');
    await expect(page.getByText('Registration Open')).toHaveCount(0);
    await expect(page.getByTestId('registration-indicator')).toHaveText('Full — waitlist open');
    await expect(page.getByRole('status').filter({ hasText: 'Tournament Full' }).getByRole('link', { name: 'Join the waitlist' })).toBeVisible();

    await page.goto('/register');
    const card = page.getByTestId('registration-full');
    await expect(card.getByRole('heading', { name: 'Full — waitlist open' })).toBeVisible();
    await expect(card).toContainText('Every spot is taken: join the waitlist and you may be offered a spot that frees.');
    await expect(page.getByText('Registrations are currently closed for this tournament.')).toHaveCount(0);
    await card.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Waitlist' })).toBeVisible();

    // Switched off while full: really closed.
    await site.adminApi.patch(`/api/tournaments/${cup.id}/registration`, { data: { isOpen: false } });
    await page.goto('/');
    await expect(page.getByTestId('phase-badge')).toHaveText('Registration Closed');
    await expect(page.getByTestId('registration-indicator')).toHaveText('Registration CLOSED');
    await page.goto('/register');
    await expect(page.getByTestId('registration-closed').getByRole('heading', { name: 'Registration Closed' })).toBeVisible();
  });

  test('the start time and the check-in window show on the home page and /rules, in the reader’s zone', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { tournamentDate: '2026-12-12T17:00:00.000Z' });
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Tournament details' });
    await expect(cards.getByTestId('start-time')).toHaveText('Starts Sat 12 Dec, 18:00 CET');
    await expect(cards.getByTestId('check-in-window')).toHaveText('Check-in Sat 12 Dec, 17:00 – 18:00 CET');

    await page.goto('/rules');
    const details = page.getByTestId('active-tournament');
    await expect(details.getByTestId('start-time')).toContainText('Sat 12 Dec, 18:00 CET');
    await expect(details.getByTestId('check-in-window')).toContainText('Sat 12 Dec, 17:00 – 18:00 CET');
  });
});
