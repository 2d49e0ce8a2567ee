import type { Page, Route } from '@playwright/test';
import { acknowledgeDiscord, fillTeamInfo, payWithCard, uniqueTag } from '../support/register-e2e';
import { admin, createLiveTournament, expect, resetSite, test } from './fixtures';

/** Holds matching requests until released, so a test can see what the page shows while it waits. */
async function holdRequests(page: Page, url: RegExp, method: string) {
  const held: Route[] = [];
  await page.route(url, (route) => (route.request().method() === method ? void held.push(route) : route.continue()));
  return {
    release: async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(url);
    },
  };
}

test('the wizard says what it is doing while the server works', async ({ page, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'Busy Cup', entryFee: '25', maxTeams: 8 });
  await page.goto('/register');
  await fillTeamInfo(page, uniqueTag());

  const creating = await holdRequests(page, /\/api\/teams$/, 'POST');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Creating Team...' })).toBeDisabled();
  await creating.release();

  await acknowledgeDiscord(page);
  const preparing = await holdRequests(page, /\/api\/create-payment-intent$/, 'POST');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Preparing Payment...' })).toBeDisabled();
  await preparing.release();

  await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
  const paying = await holdRequests(page, /\/api\/demo-payments\/confirm$/, 'POST');
  await payWithCard(page, '4242 4242 4242 4242', '$25.00');
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await paying.release();
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment Successful' })).toBeVisible();
});

test('the admin sign-in and panel say what they are doing while the server works', async ({ page }) => {
  const checking = await holdRequests(page, /\/api\/auth\/user$/, 'GET');
  await page.goto('/admin');
  await expect(page.getByText('Loading admin panel...')).toBeVisible();
  await checking.release();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  const signingIn = await holdRequests(page, /\/api\/auth\/login$/, 'POST');
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  await signingIn.release();
  await expect(page).toHaveURL(/\/admin$/);
});
