import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-helpers';
import { openAdminTab, toast } from './admin-helpers';
import { refundTexts } from '../../src/web/pages/admin/shared/refund-texts';
import { admin, createLiveTournament, expect, test } from './fixtures';
import { paidTeam, teamCard } from './refund-helpers';

// These tests add accounts and turn on two-factor for the organizer: a site of their own.
test.use({ ownSite: 'organizing-team' });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('an organizer is offered no money action: no Cancel button, and removing a paid team says that only an owner refunds', async ({ page, site }) => {
  const invite = await site.adminApi.post('/api/admin/accounts/invites', { data: { role: 'organizer' } });
  expect(invite.ok(), await invite.text()).toBe(true);
  const token = new URL(((await invite.json()) as { inviteUrl: string }).inviteUrl).pathname.split('/').pop();
  const tournament = await createLiveTournament(site, { name: 'Organizer Cup' });
  await paidTeam(site, tournament.id, 'Paid Crew');
  // Accepting the invite signs this browser in as the new organizer.
  const accepted = await page.request.post(`/api/auth/invites/${token}/accept`, {
    data: { username: 'runner', password: 'runner password 2026' },
    headers: { origin: site.url },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  await page.goto('/admin');
  await expect(page.getByTestId('admin-user')).toContainText('Organizer');
  await openAdminTab(page, 'Tournaments');
  await expect(page.getByRole('button', { name: 'Delete Organizer Cup' }).filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel tournament Organizer Cup' })).toHaveCount(0);

  await openAdminTab(page, 'Teams');
  await teamCard(page, 'Paid Crew').getByRole('button', { name: 'Remove Paid Crew' }).click();
  const dialog = page.getByRole('dialog', { name: refundTexts.removeTitle });
  await expect(dialog.getByText(refundTexts.refundsAreOwners)).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page, 'Remove Team for an organizer');
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Broke the rules');
  await dialog.getByRole('button', { name: refundTexts.confirmRemove }).click();
  await expect(toast(page, refundTexts.removedTitle)).toContainText(refundTexts.removed('Paid Crew'));
});

test('an owner invites a staff member, who joins and sees only the tabs staff may use', async ({ page }) => {
  await signIn(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-user')).toContainText('Owner');
  await openAdminTab(page, 'Accounts');
  await expect(page.getByRole('list', { name: 'Accounts' })).toContainText(admin.username);
  await page.getByLabel('Role', { exact: true }).selectOption('staff');
  await page.getByLabel('E-mail (optional)').fill('not an address');
  await page.getByRole('button', { name: 'Create Invite Link' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.getByLabel('E-mail (optional)').fill('');
  await page.getByRole('button', { name: 'Create Invite Link' }).click();
  const link = page.getByLabel('Invite link');
  await expect(link).toHaveValue(/\/admin\/invite\/[\w-]+$/);
  const inviteUrl = await link.inputValue();
  await expect(page.getByRole('list', { name: 'Open invites' })).toContainText('Staff');
  await expectAccessible(page, 'Accounts tab with a new invite');
  await signOut(page);

  await page.goto(new URL(inviteUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Join the Organizing Team' })).toBeVisible();
  await expect(page.getByText(/You are invited as Staff/)).toBeVisible();
  await expectAccessible(page, 'invite page');
  await page.getByLabel('Username').fill('helper');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create My Account' }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('helper password 2026');
  await page.getByLabel('Repeat the password').fill('helper password 2026');
  await page.getByRole('button', { name: 'Create My Account' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-user')).toContainText('helper');
  await expect(page.getByTestId('admin-user')).toContainText('Staff');

  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['Overview', 'Teams', 'Match Day', 'Inbox', 'Account']);
  await expect(page.getByRole('button', { name: 'Download backup' })).toHaveCount(0);
  await openAdminTab(page, 'Teams');
  await expect(page.getByRole('button', { name: 'Export Teams' })).toHaveCount(0);
  await signOut(page);

  // The link worked once.
  await page.goto(new URL(inviteUrl).pathname);
  await expect(page.getByText('This invite link is not valid: it was used, withdrawn or has expired. Ask for a new one.')).toBeVisible();
});

test('an owner turns on two-factor with the shown secret, and signs in again with a code', async ({ page }) => {
  await signIn(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await openAdminTab(page, 'Account');
  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await expect(page.getByRole('img', { name: 'QR code of the secret' })).toBeVisible();
  await expectAccessible(page, 'two-factor set-up');
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate());
  await page.getByLabel('Your Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('The password is wrong')).toBeVisible();
  await page.getByLabel('Your Password').fill(admin.password);
  await page.getByRole('textbox', { name: 'Code' }).fill('000000' === totp.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate());
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(toast(page, 'Two-Factor On')).toBeVisible();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page, 'recovery codes');
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(page.getByRole('heading', { name: /Two-Factor Sign-In/ })).toContainText('On');
  await signOut(page);

  await signIn(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign In' })).toBeVisible();
  await expectAccessible(page, 'sign-in code step');
  await page.getByRole('textbox', { name: 'Code' }).fill('12345x');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  // The code of the next 30 s step: the one used to turn it on is never accepted twice.
  await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await signOut(page);

  // A recovery code works too.
  await signIn(page, admin.username, admin.password);
  await page.getByRole('textbox', { name: 'Code' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
