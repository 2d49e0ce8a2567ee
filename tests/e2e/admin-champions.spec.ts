import type { Page } from '@playwright/test';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expect, resetSite, test } from './fixtures';

type ApiChampion = { id: string; teamName: string; placement: number; prizeAmount: string | null; currency: string; playerNames: string[]; highlights: { title: string; url: string; type: string }[]; teamQuote: string | null; tournamentName: string; tournamentDate: string; tournamentId: string | null; teamId: string | null };

async function listChampions(page: Page): Promise<ApiChampion[]> {
  return (await (await page.context().request.get('/api/champions')).json()) as ApiChampion[];
}

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the empty champion form shows each validation message', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await expect(page.getByText('No champions recorded yet. Add champions from completed tournaments.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await expect(dialog.getByLabel('Placement')).toHaveValue('1');
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
  // One player row, and it cannot be removed while it is the only one.
  await expect(dialog.getByRole('button', { name: 'Remove player 1' })).toHaveCount(0);

  await dialog.getByLabel('Placement').fill('0');
  await dialog.getByRole('button', { name: 'Add Highlight' }).click();
  await dialog.getByLabel('URL').fill('not a link');
  await dialog.getByRole('button', { name: 'Add Champion' }).click();
  for (const message of ['Placement must be at least 1', 'Team name is required', 'Tournament name is required', 'Tournament date is required', 'Player name cannot be empty', 'Highlight title is required', 'Must be a valid URL']) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
});

test('add a champion with two players and a highlight, edit it, and see it in the hall of fame', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await dialog.getByLabel('Tournament Name').fill('Autumn Major 2026');
  await dialog.getByLabel('Tournament Date').fill('2026-10-18');
  await dialog.getByLabel('Team Name').fill('Crimson Tide');
  await dialog.getByLabel('Prize Amount (optional)').fill('3000');
  await dialog.getByLabel('Currency').selectOption('EUR');
  await dialog.getByRole('textbox', { name: 'Player 1', exact: true }).fill('Tide#EUW');
  await dialog.getByRole('button', { name: 'Add Player' }).click();
  await dialog.getByRole('textbox', { name: 'Player 2', exact: true }).fill('Wave#EUW');
  await expect(dialog.getByRole('button', { name: 'Remove player 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Highlight' }).click();
  await dialog.getByLabel('Title').fill('Grand final ace');
  await dialog.getByLabel('URL').fill('https://clips.twitch.tv/GrandFinalAce');
  await expect(dialog.getByLabel('Type')).toHaveValue('twitch');
  await dialog.getByLabel('Team Quote (optional)').fill('We never gave up.');
  await dialog.getByRole('button', { name: 'Add Champion' }).click();

  await expect(toast(page, 'Champion Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('champion-row').filter({ hasText: 'Crimson Tide' });
  await expect(row).toContainText('Autumn Major 2026');
  await expect(row).toContainText('1st');
  await expect(row).toContainText('€3,000.00');
  await expect(row).toContainText('Oct 18, 2026');

  const [saved] = await listChampions(page);
  expect(saved).toMatchObject({
    teamName: 'Crimson Tide',
    placement: 1,
    prizeAmount: '3000',
    currency: 'EUR',
    playerNames: ['Tide#EUW', 'Wave#EUW'],
    highlights: [{ title: 'Grand final ace', url: 'https://clips.twitch.tv/GrandFinalAce', type: 'twitch' }],
    teamQuote: 'We never gave up.',
    tournamentName: 'Autumn Major 2026',
    tournamentId: null,
    teamId: null,
  });

  await page.getByRole('button', { name: 'Edit Crimson Tide' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Champion' });
  await expect(edit.getByLabel('Team Name')).toHaveValue('Crimson Tide');
  await expect(edit.getByLabel('Tournament Date')).toHaveValue('2026-10-18');
  await expect(edit.getByRole('textbox', { name: 'Player 2', exact: true })).toHaveValue('Wave#EUW');
  // Spec §5: in the edit form the first highlight row cannot be removed, the later ones can.
  await expect(edit.getByRole('button', { name: 'Remove highlight 1' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Add Highlight' }).click();
  await expect(edit.getByRole('button', { name: 'Remove highlight 2' })).toBeVisible();
  await edit.getByRole('button', { name: 'Remove highlight 2' }).click();

  await edit.getByLabel('Team Name').fill('Crimson Tide Esports');
  await edit.getByRole('button', { name: 'Remove player 1' }).click();
  await edit.getByRole('button', { name: 'Add Player' }).click();
  await edit.getByRole('textbox', { name: 'Player 2', exact: true }).fill('Surf#EUW');
  await edit.getByRole('button', { name: 'Update Champion' }).click();
  await expect(toast(page, 'Champion Updated')).toBeVisible();
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Crimson Tide Esports' })).toBeVisible();
  const [updated] = await listChampions(page);
  expect(updated.playerNames).toEqual(['Wave#EUW', 'Surf#EUW']);
  expect(updated.highlights).toHaveLength(1);

  await page.goto('/hall-of-fame');
  await expect(page.getByText('Crimson Tide Esports').first()).toBeVisible();
});

test('placements show as 2nd, 3rd and Nth badges', async ({ page, site }) => {
  for (const [teamName, placement] of [['Silver Squad', 2], ['Bronze Squad', 3], ['Fourth Squad', 4], ['Eleventh Squad', 11]] as const) {
    const response = await site.adminApi.post('/api/champions', {
      data: { teamName, placement, playerNames: ['Someone'], tournamentName: 'Placement Cup', tournamentDate: '2026-09-01T12:00:00.000Z' },
    });
    expect(response.ok()).toBe(true);
  }
  await openAdminTab(page, 'Champions');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Silver Squad' })).toContainText('2nd');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Bronze Squad' })).toContainText('3rd');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Fourth Squad' })).toContainText('4th');
  await expect(page.getByTestId('champion-row').filter({ hasText: 'Eleventh Squad' })).toContainText('11th');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('counter-Hall of Fame')).toHaveText('4');
});
