import { fillTeamInfo, registeredPageUrl, shot, teamsOf, uniqueTag } from '../support/register-e2e';
import { expectAccessible, horizontalOverflow } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

// The site has a Discord application, pointed at the Discord stand-in: step 2 is Connect Discord.
test.use({ discordApp: true, viewport: { width: 390, height: 844 } });

const texts = {
  idle: 'Connect your Discord account to continue to payment',
  denied: 'You cancelled on Discord, so your account is not connected. Connect Discord to continue to payment.',
  failed: 'Discord could not be reached. Please try again, or join our server with the link below to continue.',
  connected: (name: string) => `Connected as ${name}: you are in our Discord server`,
};

test.describe('step 2 with a Discord application (phone width)', () => {
  test('connects the captain on Discord’s authorization page, shows the account and goes on to payment', async ({ page, site, discord }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Discord Connect Cup' });
    discord!.signInAs({ id: '700000000000000001', username: 'phone_captain', global_name: 'Phone Captain' });
    const tag = uniqueTag();

    await page.goto('/register');
    const teamName = await fillTeamInfo(page, tag);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    await expect(page.getByTestId('discord-connection')).toHaveText(texts.idle);
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await expect(page.getByRole('link', { name: /Join Our Discord Server/ })).toHaveCount(0);
    await expectAccessible(page, 'step 2: Connect Discord');
    await shot(page, 'discord-connect-390');

    await page.getByRole('button', { name: 'Connect Discord' }).click();
    await expect(page.getByRole('heading', { name: 'Authorize access' })).toBeVisible();
    await expect(page.getByText('Signed in as phone_captain')).toBeVisible();
    await expect(page.getByText('The application wants to: identify, guilds.join')).toBeVisible();
    await page.getByRole('button', { name: 'Authorize' }).click();

    await expect(page.getByTestId('discord-connection')).toHaveText(texts.connected('phone_captain'));
    await expect(page).toHaveURL((url) => url.pathname === '/register' && !url.searchParams.has('discord'));
    await expect(page.getByRole('button', { name: 'Connect Discord' })).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectAccessible(page, 'step 2: connected');
    await shot(page, 'discord-connected-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'discord-connected-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();

    expect(discord!.guildMembers()).toContain('700000000000000001');
    const team = (await teamsOf(site, tournament.id)).find((t) => t.name === teamName);
    expect(team).toMatchObject({ captainDiscord: 'phone_captain' });
  });

  test('cancelling on Discord says why and offers to try again', async ({ page, site, discord }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Discord Cancel Cup' });
    discord!.signInAs({ id: '700000000000000002', username: 'second_thoughts', global_name: null });

    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Connect Discord' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page.getByTestId('discord-connection')).toHaveText(texts.denied);
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await shot(page, 'discord-denied-390');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByTestId('discord-connection')).toHaveText(texts.connected('second_thoughts'));
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  test('Discord down: says so, and the invite link is the way on', async ({ page, site, discord }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Discord Outage Cup' });
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Connect Discord' }).click();
    discord!.failNext('token', { status: 502 }, 2);
    await page.getByRole('button', { name: 'Authorize' }).click();

    await expect(page.getByTestId('discord-connection')).toHaveText(texts.failed);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await expectAccessible(page, 'step 2: Discord down');
    await shot(page, 'discord-failed-390');
    await page.context().route('https://discord.gg/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Discord</title>' }));
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: /Join Our Discord Server/ }).click();
    await (await popup).close();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  test('a free cup: connecting ends on the registration’s confirmation page', async ({ page, site, discord }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Free Discord Cup', entryFee: '0' });
    discord!.signInAs({ id: '700000000000000003', username: 'free_captain', global_name: null });
    await page.goto('/register');
    const teamName = await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Connect Discord' }).click();
    await page.getByRole('button', { name: 'Authorize' }).click();

    await expect(page).toHaveURL(new RegExp(`${registeredPageUrl.source.slice(0, -1)}\\?discord=connected$`));
    await expect(page.getByTestId('registration-receipt')).toContainText(teamName);
    const team = (await teamsOf(site, tournament.id)).find((t) => t.name === teamName);
    expect(team).toMatchObject({ paymentStatus: 'completed', captainDiscord: 'free_captain' });
  });
});
