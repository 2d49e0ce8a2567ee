import { fillTeamInfo, uniqueTag } from '../support/register-e2e';
import { toast } from './admin-helpers';
import { expectAccessible, horizontalOverflow } from './a11y-helpers';
import { expect, inDays, test } from './fixtures';
import { startFreshSite, type FreshSite } from './fresh-site';

let fresh: FreshSite;

test.beforeAll(async () => {
  fresh = await startFreshSite();
});

test.afterAll(async () => {
  await fresh.stop();
});

test('a fresh install: /admin leads to the setup page, the printed code creates the owner, and the panel opens', async ({ page }) => {
  // Setup, settings and a registration in one walk-through.
  test.setTimeout(150_000);
  const printed = /Setup code: ([A-Z0-9-]+)/.exec(fresh.output());
  expect(printed, fresh.output()).not.toBeNull();
  const code = printed![1];
  expect(fresh.output()).toContain(`First run: create the organizer account at ${fresh.url}/admin/setup`);

  await page.goto(`${fresh.url}/admin`);
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set Up the Site' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `/admin/setup at ${width}px`);
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

  // Done once: the setup page now sends people to sign in, and the sign-in page sends a signed-in owner on to the panel.
  await page.goto(`${fresh.url}/admin/setup`);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();

  // Settings: the checklist says what still shows placeholders; the organizer sets the Discord invite.
  await page.goto(`${fresh.url}/admin?tab=settings`);
  const checklist = page.getByTestId('settings-checklist');
  await expect(checklist).toContainText('These still show placeholders to captains:');
  await expect(checklist).toContainText('Discord invite URL');
  await expect(checklist).toContainText('Support e-mail');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `admin settings at ${width}px`);
    expect(await horizontalOverflow(page)).toBe(0);
  }
  const invite = page.getByLabel('Discord invite URL');
  await invite.fill('discord.gg/northwind');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Discord invite URL must be a web address starting with https://')).toBeVisible();
  await invite.fill('https://discord.gg/northwind');
  // No TikTok channel: the link is left empty, and the footer leaves it out.
  await page.getByLabel('TikTok link (optional)').fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Settings Saved')).toBeVisible();
  await expect(page.getByLabel('TikTok link (optional)')).toHaveValue('');
  await expect(checklist).not.toContainText('Discord invite URL');
  await expect(checklist).toContainText('Support e-mail');

  // The register page's Discord step sends captains to it.
  const created = await page.context().request.post(`${fresh.url}/api/tournaments`, {
    headers: { Origin: fresh.url },
    data: { name: 'First Cup', format: '5v5', prizePool: '100', entryFee: '0', currency: 'USD', maxTeams: 8, registrationCloses: inDays(7), tournamentDate: inDays(10) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await page.context().request.patch(`${fresh.url}/api/tournaments/${id}/set-active`, { headers: { Origin: fresh.url } });
  await page.context().request.patch(`${fresh.url}/api/tournaments/${id}/registration`, { headers: { Origin: fresh.url }, data: { isOpen: true } });
  await page.goto(`${fresh.url}/register`);
  const socials = page.getByRole('contentinfo').getByRole('list', { name: 'Social media' });
  await expect(socials.getByRole('link', { name: /^YouTube/ })).toBeVisible();
  await expect(socials.getByRole('link', { name: /^TikTok/ })).toHaveCount(0);
  await fillTeamInfo(page, uniqueTag());
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Join Our Discord Server/ })).toHaveAttribute('href', 'https://discord.gg/northwind');
});

test('the general rules on /rules and the controller on /privacy are the organizer’s, and change within one poll', async ({ page }) => {
  await page.goto(`${fresh.url}/rules`);
  await expect(page.getByText('Matches are best-of-1, single elimination, with a tournament draft.').first()).toBeVisible();
  const login = await page.context().request.post(`${fresh.url}/api/auth/login`, { headers: { Origin: fresh.url }, data: { username: 'owner', password: 'owner-password-123' } });
  expect(login.ok()).toBe(true);
  const current = (await (await page.context().request.get(`${fresh.url}/api/admin/settings`)).json()) as { values: Record<string, unknown> };
  const saved = await page.context().request.put(`${fresh.url}/api/admin/settings`, {
    headers: { Origin: fresh.url },
    data: {
      ...current.values,
      generalRules: 'Matches are best-of-3, double elimination.\nCheck in on Discord 30 minutes before.',
      organizerName: 'Northwind Esports Ltd',
      organizerContact: 'privacy@northwind.example',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const rules = page.getByRole('region', { name: 'General Rules' }).getByRole('listitem');
  await expect(rules).toHaveText(['Matches are best-of-3, double elimination.', 'Check in on Discord 30 minutes before.']);
  // The privacy policy names the controller from the same settings.
  await page.goto(`${fresh.url}/privacy`);
  await expect(page.getByTestId('privacy-controller')).toContainText('Northwind Esports Ltd, reachable at privacy@northwind.example');
});
