import { request } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { openAdminTab, toast } from './admin-helpers';
import { admin, expect, test } from './fixtures';

// This file changes the organizer's password: its tests get a site of their own.
test.use({ ownSite: 'account' });

const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('an organizer sees where they are signed in, ends another session, and changes their password', async ({ page, baseURL }) => {
  // A second device: the organizer's phone, signed in before.
  const other = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL!, 'User-Agent': phone } });
  expect((await other.post('/api/auth/login', { data: admin })).ok()).toBe(true);

  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await openAdminTab(page, 'Account');

  const sessions = page.getByTestId('account-session');
  const thisOne = sessions.filter({ hasText: 'This session' });
  await expect(thisOne).toHaveCount(1);
  await expect(thisOne).toContainText('Chrome on Linux');
  await expect(thisOne).toContainText('127.0.0.1');
  await expect(sessions.filter({ hasText: 'Safari on iOS' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'Account tab');

  // Cancelling keeps the phone signed in; confirming signs it out.
  await page.getByRole('button', { name: /^End session: Safari on iOS/ }).click();
  await expect(page.getByRole('alertdialog', { name: 'End this session?' })).toContainText('Safari on iOS (127.0.0.1) will be signed out.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await other.get('/api/auth/user')).status()).toBe(200);
  await page.getByRole('button', { name: /^End session: Safari on iOS/ }).click();
  await page.getByRole('button', { name: 'End Session' }).click();
  await expect(toast(page, 'Session Ended')).toContainText('Safari on iOS has been signed out.');
  await expect(sessions.filter({ hasText: 'Safari on iOS' })).toHaveCount(0);
  await expect(thisOne).toHaveCount(1);
  expect((await other.get('/api/auth/user')).status()).toBe(401);
  await other.dispose();

  // Mistakes are said under their fields, and nothing changes.
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const repeat = page.getByLabel('Repeat the new password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  await current.fill('not the password');
  await next.fill('a fresh passphrase 42');
  await repeat.fill('a fresh passphrase 43');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The two new passwords differ')).toBeVisible();
  await expect(repeat).toHaveAttribute('aria-invalid', 'true');
  await repeat.fill('a fresh passphrase 42');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(admin.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password Changed')).toContainText('Your other sessions have been signed out.');
  await expect(current).toHaveValue('');

  // The new password is the one that works now.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await page.getByLabel('Password').fill('a fresh passphrase 42');
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
