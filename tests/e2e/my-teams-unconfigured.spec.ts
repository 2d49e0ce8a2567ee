import { expect, test } from './fixtures';

// No Discord application (the default site): captains cannot sign in with Discord, and nothing says they could.
test.use({ viewport: { width: 390, height: 844 } });

test('without a Discord application the site shows nothing of My Teams', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Rules & Format' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Teams', exact: true })).toHaveCount(0);
  await page.goto('/my-teams');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Discord' })).toHaveCount(0);
});
