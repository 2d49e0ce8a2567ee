import { request } from '@playwright/test';
import type { StandInUser, DiscordStandIn } from '../support/discord-stand-in';
import { shot } from '../support/register-e2e';
import { myTeamsTexts } from '../../src/web/pages/my-teams/my-teams-texts';
import { teamPageTexts } from '../../src/web/pages/team/team-texts';
import { expectAccessible, horizontalOverflow } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, teamPayload, test, type Site } from './fixtures';

/**
 * "My Teams": a captain who connected Discord at step 2 signs in with it on the stand-in's
 * authorization page and sees every team they registered, across cups, each opening its team page
 * without the team link. At phone width.
 */

const alice: StandInUser = { id: '710000000000000001', username: 'alice_captain', global_name: 'Alice' };
const bob: StandInUser = { id: '710000000000000002', username: 'bob_captain', global_name: 'Bob' };

/** A team registered and connected to `user`'s Discord account at step 2, as the wizard's browser does, through the API. */
async function connectedTeam(site: Site, discord: DiscordStandIn, tournamentId: string, name: string, user: StandInUser): Promise<string> {
  const browser = await request.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } });
  try {
    const created = await browser.post('/api/teams', { data: teamPayload(tournamentId, name) });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    discord.signInAs(user);
    const started = await browser.post('/api/discord/connect', { data: { teamId: id, returnPath: '/register' } });
    expect(started.ok(), await started.text()).toBe(true);
    const back = await discord.authorize(((await started.json()) as { authorizeUrl: string }).authorizeUrl);
    const done = await browser.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });
    expect(done.headers().location).toBe('/register?discord=connected');
    return id;
  } finally {
    await browser.dispose();
  }
}

// The site has a Discord application, pointed at the Discord stand-in. Without one: my-teams-unconfigured.spec.ts.
test.use({ discordApp: true, viewport: { width: 390, height: 844 } });

test.describe('My Teams with a Discord application (phone width)', () => {

  test('signs in on Discord’s authorization page, lists the captain’s teams across cups, opens a team page and signs out', async ({ page, site, discord }) => {
    await resetSite(site);
    const spring = await createLiveTournament(site, { name: 'Spring Discord Cup' });
    const springTeam = await connectedTeam(site, discord!, spring.id, 'Alice Spring Squad', alice);
    // The second cup starts later: it is listed first.
    const summer = await createLiveTournament(site, { name: 'Summer Discord Cup', tournamentDate: new Date(Date.now() + 20 * 86_400_000).toISOString() });
    const summerTeam = await connectedTeam(site, discord!, summer.id, 'Alice Summer Squad', alice);
    await connectedTeam(site, discord!, summer.id, 'Bob Summer Squad', bob);
    discord!.signInAs(alice);

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'My Teams', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/my-teams');
    await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    await expect(page.getByRole('heading', { name: myTeamsTexts.signInTitle })).toBeVisible();
    await expect(page.getByText(myTeamsTexts.signInIntro)).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectAccessible(page, 'My Teams: signed out');
    await shot(page, 'my-teams-signed-out-390');

    await page.getByRole('link', { name: 'Sign in with Discord' }).click();
    await expect(page.getByRole('heading', { name: 'Authorize access' })).toBeVisible();
    await expect(page.getByText('Signed in as alice_captain')).toBeVisible();
    await expect(page.getByText('The application wants to: identify', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Authorize' }).click();

    await expect(page.getByRole('status').filter({ hasText: myTeamsTexts.outcomes['signed-in'] })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/my-teams' && !url.searchParams.has('discord'));
    await expect(page.getByRole('heading', { name: myTeamsTexts.listTitle })).toBeVisible();
    await expect(page.getByText(myTeamsTexts.signedIn, { exact: true })).toBeVisible();
    const rows = page.getByTestId('my-team');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('heading')).toContainText('Alice Summer Squad');
    await expect(rows.nth(0)).toContainText('Summer Discord Cup');
    await expect(rows.nth(0)).toContainText('Awaiting payment');
    await expect(rows.nth(1).getByRole('heading')).toContainText('Alice Spring Squad');
    await expect(rows.nth(1)).toContainText('Spring Discord Cup');
    await expect(page.getByText('Bob Summer Squad')).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectAccessible(page, 'My Teams: signed in');
    await shot(page, 'my-teams-signed-in-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'my-teams-signed-in-1280');
    await page.setViewportSize({ width: 390, height: 844 });

    // The team page opens with the sign-in alone: no team link on this device.
    await rows.nth(1).getByRole('link', { name: 'Open Team Page for Alice Spring Squad' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/team/${springTeam}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Alice Spring Squad' })).toBeVisible();
    await expect(page.getByRole('heading', { name: teamPageTexts.statusTitle })).toBeVisible();
    await expect(page.getByTestId('team-status')).toHaveText('Awaiting payment');
    await expectAccessible(page, 'team page opened from My Teams');

    await page.goto('/my-teams');
    await expect(page.getByTestId('my-team')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in with Discord' })).toBeVisible();
    await expect(page.getByTestId('my-team')).toHaveCount(0);

    // Signed out, the team page without its link says it needs one.
    await page.goto(`/team/${summerTeam}`);
    await expect(page.getByRole('heading', { name: teamPageTexts.linkMissingTitle })).toBeVisible();
  });

  test('a cancelled sign-in says so and offers to sign in again', async ({ page }) => {
    await page.goto('/my-teams');
    await page.getByRole('link', { name: 'Sign in with Discord' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alert')).toHaveText(myTeamsTexts.outcomes.denied);
    await expect(page.getByRole('link', { name: 'Sign in with Discord' })).toBeVisible();
    await expectAccessible(page, 'My Teams: sign-in cancelled');
  });
});
