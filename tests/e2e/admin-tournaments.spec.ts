import type { Page } from '@playwright/test';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

type ApiTournament = { id: string; name: string; format: string; prizePool: string; entryFee: string; currency: string; maxTeams: number; registrationCloses: string; tournamentDate: string; registrationOpen: boolean; status: string };

async function listTournaments(page: Page): Promise<ApiTournament[]> {
  return (await (await page.context().request.get('/api/tournaments')).json()) as ApiTournament[];
}

// The organizer is in New York (EDT, UTC-4 on these dates) whatever zone the test machine is in.
test.use({ timezoneId: 'America/New_York' });

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the empty create form shows each validation message, then a tournament is created', async ({ page }) => {
  await openAdminTab(page, 'Tournaments');
  await expect(page.getByText('No tournaments created yet. Create your first tournament above.')).toBeVisible();

  await page.getByRole('button', { name: 'Create Tournament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tournament' });
  // The form's defaults: USD, 32 teams.
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
  await expect(dialog.getByLabel('Max Teams')).toHaveValue('32');
  await dialog.getByLabel('Max Teams').fill('2');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();
  for (const message of [
    'Tournament name must be at least 3 characters',
    'Format is required',
    'Prize pool is required',
    'Entry fee is required',
    'Must allow at least 4 teams',
    'Registration close date is required',
    'Tournament date is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }

  await dialog.getByLabel('Tournament Name').fill('Spring Showdown');
  await dialog.getByLabel('Description (optional)').fill('Open cup for every rank.');
  await dialog.getByLabel('Format').fill('5v5 Single Elimination');
  await dialog.getByLabel('Max Teams').fill('16');
  await dialog.getByLabel('Prize Pool').fill('2500');
  await dialog.getByLabel('Entry Fee').fill('20');
  await dialog.getByLabel('Currency').selectOption('EUR');
  // A close already past, and a tournament before its close: refused in the form, with why.
  await dialog.getByLabel('Registration Closes').fill('2020-03-14T18:30');
  await dialog.getByLabel('Tournament Date').fill('2020-03-10T20:00');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(dialog.getByText('The tournament date must not be before the registration close', { exact: true })).toBeVisible();
  await dialog.getByLabel('Tournament Date').fill('2031-03-20T20:00');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(dialog.getByText('Registration must close in the future', { exact: true })).toBeVisible();
  await dialog.getByLabel('Registration Closes').fill('2031-03-14T18:30');
  await dialog.getByLabel('Rules (optional)').fill('Best of 1.');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();

  await expect(toast(page, 'Tournament Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('tournament-row').filter({ hasText: 'Spring Showdown' });
  await expect(row).toContainText('5v5 Single Elimination');
  await expect(row).toContainText('€2,500.00');
  await expect(row).toContainText('€20.00');
  await expect(row).toContainText('16');
  await expect(row).toContainText('inactive');
  await expect(row.getByRole('switch', { name: 'Registration for Spring Showdown' })).toHaveAttribute('aria-checked', 'false');
  // The dates the organizer checks, in their own zone (the tournament starts on the 21st in UTC).
  await expect(page.getByRole('columnheader', { name: 'Registration Closes' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Tournament Date' })).toBeVisible();
  await expect(row.getByTestId('registration-closes')).toHaveText('Mar 14, 2031 6:30 PM');
  await expect(row.getByTestId('tournament-date')).toHaveText('Mar 20, 2031 8:00 PM');

  // The organizer's local times are stored as the same instants in UTC.
  const [saved] = await listTournaments(page);
  expect(saved).toMatchObject({ name: 'Spring Showdown', currency: 'EUR', maxTeams: 16, prizePool: '2500.00', entryFee: '20.00', status: 'inactive', registrationOpen: false });
  expect(saved.registrationCloses).toBe('2031-03-14T22:30:00.000Z');
  expect(saved.tournamentDate).toBe('2031-03-21T00:00:00.000Z');

  // A new dialog starts empty again.
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Tournament' }).getByLabel('Tournament Name')).toHaveValue('');
});

test('on a phone each tournament is a card with its registration close and tournament date, and nothing scrolls sideways', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Pocket Cup', registrationCloses: '2031-05-02T16:00:00.000Z', tournamentDate: '2031-05-09T23:30:00.000Z' });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminTab(page, 'Tournaments');
  await expect(page.getByTestId('tournament-row')).toBeHidden();
  const card = page.getByTestId('tournament-card').filter({ hasText: 'Pocket Cup' });
  await expect(card.getByTestId('registration-closes')).toContainText('May 2, 2031 12:00 PM');
  await expect(card.getByTestId('tournament-date')).toContainText('May 9, 2031 7:30 PM');
  await expect(card.getByRole('switch', { name: 'Registration for Pocket Cup' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an entry fee that is not an amount shows its message under the field, and nothing is sent', async ({ page }) => {
  await openAdminTab(page, 'Tournaments');
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tournament' });
  await dialog.getByLabel('Tournament Name').fill('Fee Check Cup');
  await dialog.getByLabel('Format').fill('5v5 Single Elimination');
  await dialog.getByLabel('Prize Pool').fill('2500');
  await dialog.getByLabel('Registration Closes').fill('2031-03-14T18:30');
  await dialog.getByLabel('Tournament Date').fill('2031-03-20T20:00');
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/tournaments')) writes.push(request.url());
  });

  for (const fee of ['abc', '25.999', '-5', '1e3']) {
    await dialog.getByLabel('Entry Fee').fill(fee);
    await dialog.getByRole('button', { name: 'Create Tournament' }).click();
    await expect(dialog.getByText('Enter an amount like 25 or 25.00', { exact: true }), fee).toBeVisible();
    await expect(dialog.getByLabel('Entry Fee')).toHaveAttribute('aria-invalid', 'true');
  }
  expect(writes).toEqual([]);

  await dialog.getByLabel('Entry Fee').fill('25');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(toast(page, 'Tournament Created')).toBeVisible();
  expect((await listTournaments(page)).map((t) => t.entryFee)).toEqual(['25.00']);
});

test('lowering max teams below the teams holding a spot shows the count under Max Teams', async ({ page, site }) => {
  const { id } = await createLiveTournament(site, { name: 'Full House Cup', maxTeams: 8 });
  for (let i = 0; i < 5; i++) await registerTeam(site, id);
  await openAdminTab(page, 'Tournaments');

  await page.getByRole('button', { name: 'Edit Full House Cup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Tournament' });
  await dialog.getByLabel('Max Teams').fill('4');
  await dialog.getByRole('button', { name: 'Update Tournament' }).click();
  await expect(dialog.getByText('5 teams already hold a spot: max teams cannot be lower than 5', { exact: true })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Failed to update tournament. Please try again.' })).toBeVisible();
  expect((await listTournaments(page))[0].maxTeams).toBe(8);
});

test('editing prefills the form with dates cut to minutes and saves the change', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Summer Series', registrationCloses: '2031-06-01T09:15:42.500Z', tournamentDate: '2031-06-05T18:00:00.000Z' });
  await openAdminTab(page, 'Tournaments');

  await page.getByRole('button', { name: 'Edit Summer Series' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Tournament' });
  await expect(dialog.getByLabel('Tournament Name')).toHaveValue('Summer Series');
  await expect(dialog.getByLabel('Registration Closes')).toHaveValue('2031-06-01T05:15');
  await expect(dialog.getByLabel('Prize Pool')).toHaveValue('5000.00');

  await dialog.getByLabel('Tournament Name').fill('Summer Series Finals');
  await dialog.getByLabel('Prize Pool').fill('7500.50');
  await dialog.getByRole('button', { name: 'Update Tournament' }).click();
  await expect(toast(page, 'Tournament Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('tournament-row').filter({ hasText: 'Summer Series Finals' });
  await expect(row).toContainText('$7,500.50');

  const [saved] = await listTournaments(page);
  expect(saved.name).toBe('Summer Series Finals');
  expect(saved.registrationCloses).toBe('2031-06-01T09:15:00.000Z');
});

test('the registration switch opens and closes registration', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Toggle Cup' }, { open: false });
  await openAdminTab(page, 'Tournaments');
  const toggle = page.getByRole('switch', { name: 'Registration for Toggle Cup' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await toggle.click();
  await expect(toast(page, 'Registration Updated')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect((await listTournaments(page))[0].registrationOpen).toBe(true);

  await toggle.click();
  await expect(toast(page, 'Registration Updated')).toContainText('closed');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect((await listTournaments(page))[0].registrationOpen).toBe(false);
});

test('Set Live makes a tournament the active one shown on the home page', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Old Live Cup' });
  const created = await site.adminApi.post('/api/tournaments', {
    data: { name: 'Next Big Cup', format: '5v5', prizePool: '100', entryFee: '0', currency: 'USD', maxTeams: 8, registrationCloses: new Date(Date.now() + 86_400_000).toISOString(), tournamentDate: new Date(Date.now() + 2 * 86_400_000).toISOString() },
  });
  expect(created.ok()).toBe(true);
  await openAdminTab(page, 'Tournaments');

  const oldRow = page.getByTestId('tournament-row').filter({ hasText: 'Old Live Cup' });
  const newRow = page.getByTestId('tournament-row').filter({ hasText: 'Next Big Cup' });
  await expect(oldRow.getByRole('button', { name: 'Active' })).toBeDisabled();
  await expect(oldRow).toContainText('live on the website');

  await newRow.getByRole('button', { name: 'Set Live' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Set Live' }).click();
  await expect(toast(page, 'Active Tournament Set')).toBeVisible();
  await expect(newRow.getByRole('button', { name: 'Active' })).toBeDisabled();
  await expect(oldRow.getByRole('button', { name: 'Set Live' })).toBeEnabled();

  const active = (await (await page.context().request.get('/api/tournaments/active')).json()) as ApiTournament;
  expect(active.name).toBe('Next Big Cup');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('active-tournament-card')).toContainText('Next Big Cup');
  await expect(page.getByTestId('active-tournament-card')).toContainText('0 / 8');
  await expect(page.getByTestId('counter-Total Tournaments')).toHaveText('2');
  await expect(page.getByTestId('counter-Active Tournament')).toHaveText('1');

  await page.goto('/');
  await expect(page.getByText('Next Big Cup').first()).toBeVisible();
});

test('deleting asks for confirmation with the exact text, Cancel keeps it, Delete removes it', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Doomed Cup' });
  await openAdminTab(page, 'Tournaments');

  await page.getByRole('button', { name: 'Delete Doomed Cup' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete "Doomed Cup"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('tournament-row').filter({ hasText: 'Doomed Cup' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Doomed Cup' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Tournament Deleted')).toBeVisible();
  await expect(page.getByText('No tournaments created yet. Create your first tournament above.')).toBeVisible();
  expect(await listTournaments(page)).toEqual([]);
});

test('a write after the session ended shows the error toast and sends the organizer to sign in', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Expiring Cup' }, { open: false });
  await openAdminTab(page, 'Tournaments');
  await page.context().request.post('/api/auth/logout', { headers: { Origin: site.url } });

  await page.getByRole('switch', { name: 'Registration for Expiring Cup' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a server failure on each tournament action shows its error toast, and nothing changes', async ({ page, site }) => {
  await createLiveTournament(site, { name: 'Sturdy Cup' }, { open: false });
  await site.adminApi.post('/api/tournaments', {
    data: { name: 'Waiting Cup', format: '5v5', prizePool: '100', entryFee: '5', currency: 'USD', maxTeams: 8, registrationCloses: new Date(Date.now() + 86_400_000).toISOString(), tournamentDate: new Date(Date.now() + 2 * 86_400_000).toISOString() },
  });
  // Every write the page makes fails as a broken server would.
  await page.route(/\/api\/tournaments/, (route) =>
    route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await openAdminTab(page, 'Tournaments');
  const errorToast = (text: string) => page.getByTestId('toast').filter({ hasText: 'Error' }).filter({ hasText: text });

  await page.getByRole('switch', { name: 'Registration for Sturdy Cup' }).click();
  await expect(errorToast('Failed to update registration status.')).toBeVisible();

  await page.getByTestId('tournament-row').filter({ hasText: 'Waiting Cup' }).getByRole('button', { name: 'Set Live' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Set Live' }).click();
  await expect(errorToast('Failed to set active tournament.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Waiting Cup' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(errorToast('Failed to delete tournament. Please try again.')).toBeVisible();

  expect((await listTournaments(page)).map((t) => t.name).sort()).toEqual(['Sturdy Cup', 'Waiting Cup']);
});
