import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './a11y-helpers';
import { toast } from './admin-helpers';
import { admin, expect, test } from './fixtures';

// ADMIN_REQUIRE_2FA=owner, as in production: the owner must set up two-factor before anything else.
test.use({ ownSite: 'require-two-factor', siteEnv: { ADMIN_REQUIRE_2FA: 'owner' } });

test('an owner without two-factor reaches only its set-up, keeps the recovery codes, and then gets the panel', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your role must sign in with two-factor. Set it up to open the admin panel.' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'two-factor required');

  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByRole('textbox', { name: 'Code' }).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.getByLabel('Your Password').fill(admin.password);
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(toast(page, 'Two-Factor On')).toBeVisible();
  // The codes are shown once: the panel waits until they are put away.
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
  await page.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Overview' })).toBeVisible();
});
