import fs from 'node:fs';
import zlib from 'node:zlib';
import { signInQuickly, toast } from './admin-helpers';
import { admin, expect, test } from './fixtures';

test('signing in with a wrong password says Login Failed and stays on the sign-in page', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(toast(page, 'Login Failed')).toContainText('Invalid username or password. Please try again.');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the sign-in form shows the required messages when empty', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('signing in shows Login Successful, opens the panel with the user, and Sign Out returns to the sign-in page', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
  await expect(page.getByTestId('admin-user')).toContainText(admin.username);
  await expect(page.getByTestId('admin-user')).toContainText('Owner');
  for (const tab of ['Overview', 'Tournaments', 'Teams', 'Champions']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In to Admin Panel' })).toBeVisible();
  expect((await page.context().request.get('/api/auth/user')).status()).toBe(401);

  // Signed out, the panel is closed again.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('visiting /admin signed out says Unauthorized and ends on /admin/login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByText('Redirecting to login...')).toBeVisible();
  await expect(toast(page, 'Unauthorized')).toContainText('You need to sign in to access the admin area.');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In to Admin Panel' })).toBeVisible();
});

test('the sign-in page sends a signed-in admin straight to the panel', async ({ page, baseURL }) => {
  await signInQuickly(page, baseURL!);
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
});

test('the organizer downloads a backup of the running site from the panel', async ({ page, baseURL }) => {
  await signInQuickly(page, baseURL!);
  await page.goto('/admin');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.ndjson\.gz$/);
  const file = await download.path();
  const header = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')[0]) as { format: string };
  expect(header.format).toBe('tournament-site-backup');
});
