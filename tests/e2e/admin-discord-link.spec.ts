import type { StandInUser } from '../support/discord-stand-in';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expect, test } from './fixtures';

/**
 * A staff member links their Discord account from the Account tab, on the stand-in's authorization
 * page, and is given the staff role; then unlinks it. At phone width.
 */

const staffMember: StandInUser = { id: '730000000000000099', username: 'nora_staff', global_name: 'Nora' };

// The site has a Discord application, pointed at the Discord stand-in.
test.use({ discordApp: true, viewport: { width: 390, height: 844 } });

test('links Discord on the authorization page, gets the staff role, and unlinks it', async ({ page, baseURL, discord }) => {
  discord!.signInAs(staffMember);
  discord!.addToGuild(staffMember.id);
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Account');
  const card = page.getByTestId('discord-link');
  await expect(card).toContainText('Not linked');
  expect(await horizontalOverflow(page)).toBe(0);

  await card.getByRole('button', { name: 'Link Discord' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize access' })).toBeVisible();
  await expect(page.getByText('Signed in as nora_staff')).toBeVisible();
  await expect(page.getByText('The application wants to: identify', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();

  // Back on the Account tab, the outcome said and dropped from the address bar.
  await expect(page).toHaveURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'account' && !url.searchParams.has('discord'));
  await expect(card.getByRole('status')).toHaveText('Discord account linked. It is given the staff role on the server shortly.');
  await expect(card).toContainText('Linked to nora_staff');
  await expect.poll(() => discord!.memberRoles(staffMember.id)).toHaveLength(1);
  expect(discord!.roles().find((role) => role.id === discord!.memberRoles(staffMember.id)[0])?.name).toBe('Tournament staff');
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'Account tab, Discord linked');

  await card.getByRole('button', { name: 'Unlink Discord' }).click();
  await page.getByRole('alertdialog', { name: 'Unlink your Discord account?' }).getByRole('button', { name: 'Unlink' }).click();
  await expect(toast(page, 'Discord Unlinked')).toBeVisible();
  await expect(card).toContainText('Not linked');
  await expect.poll(() => discord!.memberRoles(staffMember.id)).toEqual([]);
});

test('a Discord account that is not on the server is not linked: the card says to join it first', async ({ page, baseURL, discord }) => {
  const stranger: StandInUser = { id: '730000000000000098', username: 'not_joined', global_name: null };
  discord!.signInAs(stranger);
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Account');
  const card = page.getByTestId('discord-link');
  await card.getByRole('button', { name: 'Link Discord' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(card.getByRole('alert')).toContainText(
    "That Discord account is not on the community's Discord server: nothing was linked. Join the server first, then link again.",
  );
  await expect(card).toContainText('Not linked');
  expect(discord!.memberRoles(stranger.id)).toEqual([]);
  await expectNoAxeViolations(page, 'Account tab, Discord account not on the server');
});
