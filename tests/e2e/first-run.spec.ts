import { toast } from './admin-helpers';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';
import { expect, test } from './fixtures';
import { startFreshSite, type FreshSite } from './fresh-site';

let fresh: FreshSite;

test.beforeAll(async () => {
  fresh = await startFreshSite();
});

test.afterAll(async () => {
  await fresh.stop();
});

test('a fresh install: /admin leads to the setup page, the printed code creates the owner, and the panel opens', async ({ page }) => {
  const printed = /Setup code: ([A-Z0-9-]+)/.exec(fresh.output());
  expect(printed, fresh.output()).not.toBeNull();
  const code = printed![1];
  expect(fresh.output()).toContain(`First run: create the organizer account at ${fresh.url}/admin/setup`);

  await page.goto(`${fresh.url}/admin`);
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set Up the Site' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `/admin/setup at ${width}px`);
    expect(await horizontalOverflow(page)).toBe(0);
  }

  // A wrong code is refused with the server's reason.
  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill('owner-password-123');
  await page.getByRole('button', { name: 'Create Organizer Account' }).click();
  await expect(toast(page, 'Setup Failed')).toContainText('Wrong setup code: use the code printed when the site started');
  await expect(page).toHaveURL(/\/admin\/setup$/);

  await page.getByLabel('Setup code').fill(code);
  await page.getByRole('button', { name: 'Create Organizer Account' }).click();
  await expect(toast(page, 'Setup Complete')).toContainText('Welcome, owner.');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
  await expect(page.getByTestId('admin-user')).toContainText('owner');

  // Done once: the setup page now sends people to sign in.
  await page.goto(`${fresh.url}/admin/setup`);
  await expect(page).toHaveURL(/\/admin\/login$/);
});
