import fs from 'node:fs';
import { inEnglish } from '../../src/shared/in-english';
import { privacyTexts } from '../../src/web/pages/admin/teams/team-privacy-actions';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, inDays, resetSite, test } from './fixtures';
import { paidTeam, teamCard } from './refund-helpers';

test.beforeEach(async ({ page, baseURL, site }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the owner exports a team’s data and, once it has withdrawn, erases it', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Privacy Cup', registrationCloses: inDays(5), tournamentDate: inDays(6) });
  const team = await paidTeam(site, tournament.id, 'Private Pumas');

  await openAdminTab(page, 'Teams');
  const card = teamCard(page, 'Private Pumas');
  await expect(card.getByTestId('team-consent')).toHaveText('Consent: Not recorded');

  // The export: one JSON file with the team's rows.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `${privacyTexts.exportData} of Private Pumas` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`team-${team.id}-data.json`);
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8')) as { team: { name: string }; payments: unknown[] };
  expect(data.team.name).toBe('Private Pumas');
  expect(data.payments).toHaveLength(1);

  // Still holding its spot: the server's reason shows in the dialog.
  const opener = card.getByRole('button', { name: `${privacyTexts.eraseData} of Private Pumas` });
  await opener.click();
  const dialog = page.getByRole('alertdialog', { name: privacyTexts.eraseTitle });
  await expect(dialog.getByText(privacyTexts.eraseKeeps)).toBeVisible();
  await expectNoAxeViolations(page, 'erase dialog');
  await dialog.getByRole('button', { name: privacyTexts.eraseData }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This team still holds its spot: withdraw it (or remove it) before erasing its data');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(opener).toBeFocused();

  // Taken out with a full refund, then erased: the card keeps its money and loses its names.
  const removed = await site.adminApi.post(`/api/teams/${team.id}/remove`, { data: { refund: 'full', reason: 'Captain asked to leave' } });
  expect(removed.ok(), await removed.text()).toBe(true);
  await openAdminTab(page, 'Teams');
  await card.getByRole('button', { name: `${privacyTexts.eraseData} of Private Pumas` }).click();
  await dialog.getByRole('button', { name: privacyTexts.eraseData }).click();
  await expect(toast(page, privacyTexts.erasedTitle)).toContainText(inEnglish(privacyTexts.erased, { name: 'Private Pumas' }));
  const erased = teamCard(page, 'Removed team');
  await expect(erased.getByTestId('team-erased')).toContainText('Personal data erased on');
  await expect(erased.getByTestId('team-paid')).toBeVisible();
  await expect(erased.getByText('Removed player').first()).toBeVisible();
  await expect(page.getByText('Private Pumas')).toHaveCount(0);
});
