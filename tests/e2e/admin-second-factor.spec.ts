import { Secret, TOTP } from 'otpauth';
import { refundTexts } from '../../src/web/pages/admin/shared/refund-texts';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, createLiveTournament, expect, inDays, test } from './fixtures';
import { paidTeam, teamCard } from './refund-helpers';

// Turns on two-factor for the organizer: a site of its own.
test.use({ ownSite: 'second-factor' });

/** The recovery codes of the last enrolment: the file's site is shared, so the next test turns two-factor off with one first. */
let recoveryCodes: string[] = [];

/**
 * This browser signs in with the password alone; then two-factor is turned on from another device, so
 * the browser's session has no code yet: the state of a session whose last code is more than 15 minutes old.
 */
async function signInThenTurnOnElsewhere(page: Page, adminApi: APIRequestContext, baseURL: string): Promise<TOTP> {
  const code = recoveryCodes.pop();
  if (code) expect((await adminApi.delete('/api/auth/two-factor', { data: { code } })).ok()).toBe(true);
  await signInQuickly(page, baseURL);
  const { secret } = (await (await adminApi.post('/api/auth/two-factor/setup')).json()) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const enabled = await adminApi.post('/api/auth/two-factor/enable', { data: { code: totp.generate(), currentPassword: admin.password } });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  recoveryCodes = ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes;
  return totp;
}

test('a refund from a session that has not given a code since two-factor was turned on asks for one first', async ({ page, site, baseURL }) => {
  const tournament = await createLiveTournament(site, { name: 'Code Cup', registrationCloses: inDays(1), tournamentDate: inDays(3) });
  await paidTeam(site, tournament.id, 'Careful Crew');
  const totp = await signInThenTurnOnElsewhere(page, site.adminApi, baseURL!);

  await openAdminTab(page, 'Teams');
  await teamCard(page, 'Careful Crew').getByRole('button', { name: 'Refund Careful Crew' }).click();
  const dialog = page.getByRole('dialog', { name: refundTexts.refundTitle });
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Asked for the money back');
  await dialog.getByRole('button', { name: refundTexts.confirmRefund }).click();

  const prompt = page.getByRole('dialog', { name: 'Confirm with Your Authenticator' });
  await expect(prompt).toBeVisible();
  await expectNoAxeViolations(page, 'the code prompt of a money action');
  await prompt.getByRole('textbox', { name: 'Code' }).fill('12');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('That code is not right')).toBeVisible();
  // The next step's code: the one that turned two-factor on is never accepted twice.
  await prompt.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();
  // The refund goes on by itself once the code is accepted.
  await expect(toast(page, refundTexts.refundIssuedTitle)).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a cancellation refused for want of a fresh code goes through once the code is given, without pressing again', async ({ page, site, baseURL }) => {
  const tournament = await createLiveTournament(site, { name: 'Stale Cup', registrationCloses: inDays(1), tournamentDate: inDays(3) });
  await paidTeam(site, tournament.id, 'Patient Crew');
  const totp = await signInThenTurnOnElsewhere(page, site.adminApi, baseURL!);

  await openAdminTab(page, 'Tournaments');
  await page.getByRole('button', { name: 'Cancel tournament Stale Cup' }).filter({ visible: true }).click();
  const dialog = page.getByRole('alertdialog', { name: refundTexts.cancelTitle });
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Venue lost');
  await dialog.getByRole('button', { name: refundTexts.confirmCancel }).click();

  const prompt = page.getByRole('dialog', { name: 'Confirm with Your Authenticator' });
  await prompt.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();

  const summary = page.getByRole('alertdialog', { name: refundTexts.cancelledTitle });
  await expect(summary).toContainText(refundTexts.cancelledSummary(1, 0));
  await expect(summary.getByTestId('cancel-refunded').getByRole('listitem')).toHaveText(['Patient Crew: $25.00']);
});

test('an invite and the backup from a session without a fresh code ask for one first, then go through', async ({ page, site, baseURL }) => {
  const totp = await signInThenTurnOnElsewhere(page, site.adminApi, baseURL!);
  await openAdminTab(page, 'Accounts');
  await page.getByRole('button', { name: 'Create Invite Link' }).click();

  const prompt = page.getByRole('dialog', { name: 'Confirm with Your Authenticator' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Code Accepted')).toContainText('No code is asked again for 15 minutes');
  await expect(prompt).toBeHidden();
  // The invite is made once the code is accepted, without pressing again.
  await expect(page.getByLabel('Invite link')).toHaveValue(/\/admin\/invite\/[\w-]+$/);
  // Within the 15 minutes, the backup needs no other code.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^backup-.*\.ndjson\.gz$/);
});
