import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-helpers';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, test, type Site } from './fixtures';

const shotsDir = 'test-results/cup-pages';
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** What the API answers for a created cup (the fixture types only its id and name). */
type Cup = { id: string; name: string; slug: string };

/** A free cup played to the end: two teams, the final entered and confirmed. */
async function finishedCup(site: Site, name: string) {
  const cup = (await createLiveTournament(site, { name, entryFee: '0', checkInEnabled: false, prizePool: '1000' })) as Cup;
  await registerTeam(site, cup.id, 'Aurora Five');
  await registerTeam(site, cup.id, 'Boreal Squad');
  const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration' } });
  const final = (await drawn.json()).rounds[0].matches[0];
  await site.adminApi.put(`/api/matches/${final.id}`, { data: { winnerTeamId: final.team1Id, score: '13-9' } });
  const confirmed = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket/confirm`);
  if (!confirmed.ok()) throw new Error(await confirmed.text());
  return { ...cup, finalId: final.id as string };
}

async function threeCups(site: Site) {
  const past = await finishedCup(site, 'Autumn Finals 2026');
  const live = (await createLiveTournament(site, { name: 'Winter Open 2026' })) as Cup;
  const upcoming = await site.adminApi.post('/api/tournaments', {
    data: { name: 'Spring Invitational', format: '5v5 Single Elimination', prizePool: '2500', entryFee: '20', currency: 'USD', maxTeams: 16, registrationCloses: inDays(20), tournamentDate: inDays(25) },
  });
  return { past, live, upcoming: (await upcoming.json()) as { id: string; slug: string } };
}

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('/tournaments lists live, upcoming and past cups, the past one with its champion, from the navigation', async ({ page, site }) => {
  const { past } = await threeCups(site);
  await page.goto('/');
  await page.getByRole('navigation').first().getByRole('link', { name: 'All Cups' }).click();
  await expect(page).toHaveURL(/\/tournaments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Tournaments' })).toBeVisible();
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText(['Live & Open', 'Upcoming', 'Past Cups']);
  await expect(page.locator('[data-group="live"]')).toContainText('Winter Open 2026');
  await expect(page.locator('[data-group="live"]')).toContainText('Registration Open');
  await expect(page.locator('[data-group="upcoming"]')).toContainText('Spring Invitational');
  await expect(page.locator('[data-group="past"]')).toContainText('Autumn Finals 2026');
  await expect(page.locator('[data-group="past"]')).toContainText('Champion: Aurora Five');
  await expectAccessible(page, '/tournaments');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await shot(page, `${width}-tournaments`);
  }
  await page.locator('[data-group="past"]').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${past.slug}$`));
});

test("a finished cup's page shows its status, bracket and final placements; the hall of fame links to it", async ({ page, site }) => {
  const { past } = await threeCups(site);
  await page.goto('/hall-of-fame');
  await page.getByRole('link', { name: 'Autumn Finals 2026' }).click();
  // Linked by its id, shown at its readable address (autumn-finals-2026, or -2 when an earlier test's deleted cup keeps that one).
  expect(past.slug).toMatch(/^autumn-finals-2026(-\d+)?$/);
  await expect(page).toHaveURL(new RegExp(`/tournaments/${past.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autumn Finals 2026');
  await expect(page.getByTestId('cup-status')).toHaveText(['VALORANT', 'Completed']);
  const placements = page.getByTestId('placements');
  await expect(placements.getByRole('listitem')).toHaveCount(2);
  await expect(placements.getByRole('listitem').nth(0)).toContainText('Champion');
  await expect(placements.getByRole('listitem').nth(0)).toContainText('Aurora Five');
  await expect(placements.getByRole('listitem').nth(1)).toContainText('Runner-up');
  await expect(placements.getByRole('listitem').nth(1)).toContainText('Boreal Squad');
  await expect(page.getByRole('region', { name: 'Autumn Finals 2026 bracket' })).toContainText('Winner 13-9');
  await expect(page.getByTestId('cup-teams')).toContainText('Boreal Squad');
  await expect(page.getByLabel('Bracket embed code')).toHaveValue(
    `<iframe src="${site.url}/embed/tournaments/${past.slug}/bracket?theme=dark" title="Bracket" width="100%" height="520" style="border:0;background:transparent" allowtransparency="true" loading="lazy"></iframe>`,
  );
  await expectAccessible(page, 'finished cup page');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await shot(page, `${width}-finished-cup`);
  }
  // Served by the server with its data: the page reads as the cup before any script runs.
  const served = await (await page.request.get(`/tournaments/${past.slug}`)).text();
  expect(served).toContain('<title>Autumn Finals 2026 | Clutch Cup</title>');
  expect(served).toContain('Aurora Five');
});

test('the stream loads only after a click: no request to Twitch or YouTube before', async ({ page, site }) => {
  const cup = (await createLiveTournament(site, { name: 'Streamed Cup', streamUrl: 'https://www.twitch.tv/clutchcup' })) as Cup;
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/twitch\.tv|youtube|ytimg|jtvnw/.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
  });
  await page.route(/player\.twitch\.tv/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Player</title><p>Stream</p>' }));
  await page.goto(`/tournaments/${cup.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Streamed Cup');
  await expect(page.getByRole('button', { name: 'Watch on Twitch' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(videoRequests).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectAccessible(page, 'open cup page with a stream');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await shot(page, `${width}-open-cup`);
  }

  await page.getByRole('button', { name: 'Watch on Twitch' }).click();
  const player = page.locator('iframe[title="Streamed Cup live"]');
  await expect(player).toHaveAttribute('src', 'https://player.twitch.tv/?channel=clutchcup&parent=127.0.0.1&autoplay=true');
  await expect(page.frameLocator('iframe[title="Streamed Cup live"]').getByText('Stream')).toBeVisible();
  expect(videoRequests.some((url) => url.startsWith('https://player.twitch.tv/'))).toBe(true);

  await page.goto('/privacy');
  await expect(page.getByTestId('privacy-streams')).toHaveText(
    'Twitch and YouTube receive nothing from a page that shows a stream until you press its play button: only then does the player load from them, and they may set their own cookies. Opening the stream on their site instead is the same choice.',
  );
});

test('the bracket and standings embeds show inside an <iframe> on another site; the cup page itself does not', async ({ page, site, consoleErrors }) => {
  const { past } = await threeCups(site);
  // Another site: a page on a second local port (another origin) that frames the embeds and the cup page.
  const other = http.createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end(
      `<!doctype html><html lang="en"><title>Community</title><body style="background:#fff">` +
        `<iframe id="bracket" title="Bracket" width="900" height="520" src="${site.url}/embed/tournaments/${past.slug}/bracket?theme=light"></iframe>` +
        `<iframe id="standings" title="Standings" width="600" height="300" src="${site.url}/embed/tournaments/${past.slug}/standings"></iframe>` +
        `<iframe id="page" title="Cup page" width="600" height="300" src="${site.url}/tournaments/${past.slug}"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/`;
  try {
    await page.goto(otherUrl);
    const bracket = page.frameLocator('#bracket');
    await expect(bracket.getByRole('region', { name: 'Autumn Finals 2026 bracket' })).toContainText('Aurora Five');
    // No header or footer, and see-through.
    await expect(bracket.getByRole('navigation')).toHaveCount(0);
    await expect(bracket.locator('footer')).toHaveCount(0);
    // A match's page opens in a new tab, never inside the frame (where the rest of the site must not run).
    const matchLinks = bracket.getByRole('link', { name: /^Match page: .+ \(opens in a new tab\)$/ });
    await expect(matchLinks.first()).toHaveAttribute('target', '_blank');
    await expect(bracket.locator('a[href^="/matches/"]:not([target="_blank"])')).toHaveCount(0);
    const standings = page.frameLocator('#standings');
    await expect(standings.getByRole('table', { name: 'Autumn Finals 2026 standings' }).getByRole('row').nth(1)).toContainText('Aurora Five');
    // The cup's own page refuses to be framed (frame-ancestors 'none'): nothing of it shows.
    await expect(page.frameLocator('#page').getByRole('heading', { name: 'Autumn Finals 2026' })).toHaveCount(0);
    await shot(page, 'embed-on-another-site');
    // Chromium reports the refusal on the console: it is what this test wants.
    await expect.poll(() => consoleErrors.some((error) => error.includes("violates the following Content Security Policy directive: \"frame-ancestors 'none'\""))).toBe(true);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes("frame-ancestors 'none'")));
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }

  // Alone in a tab the see-through page shows the browser's white: the light theme is the one meant for it.
  await page.goto(`/embed/tournaments/${past.slug}/standings?theme=light`);
  await expect(page.getByRole('table')).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgba(0, 0, 0, 0)');
  await expectAccessible(page, 'standings embed');
  await page.goto(`/embed/tournaments/${past.slug}/bracket?theme=light`);
  await expect(page.getByRole('region', { name: 'Autumn Finals 2026 bracket' })).toBeVisible();
  await expectAccessible(page, 'bracket embed');
  // The dark theme on a dark overlay: its text keeps its contrast there.
  await page.goto(`/embed/tournaments/${past.slug}/bracket?theme=dark`);
  await page.evaluate(() => (document.documentElement.style.background = '#0b0f1a'));
  await expectAccessible(page, 'bracket embed, dark, on a dark page');
});
