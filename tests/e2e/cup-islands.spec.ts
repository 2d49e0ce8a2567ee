import type { ConsoleMessage, Request } from '@playwright/test';
import { islandsOnPage } from '../../scripts/script-budgets';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, test } from './fixtures';

/**
 * A cup's page served as islands (issue 32): its hero (status, countdown, Register Team), times,
 * stream, teams, bracket and embed codes are islands.
 */

test("a cup's page: only the islands' script, the countdown ticks, a registration shows within a poll, the stream loads on a click; no warning; axe clean", async ({ page, site }) => {
  await resetSite(site);
  const cup = (await createLiveTournament(site, { name: 'Island Cup', streamUrl: 'https://www.twitch.tv/clutchcup' })) as unknown as { id: string; slug: string };
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.route(/player\.twitch\.tv/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Player</title><p>Stream</p>' }));
  const path = `/tournaments/${cup.slug}`;
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  const held = await page.evaluate(() => [...new Set([...document.querySelectorAll<HTMLElement>('[data-island]')].map((root) => root.dataset.island))]);
  expect(islandsOnPage(path)).toEqual(expect.arrayContaining(held));
  expect(scripts.every((script) => /^\/assets\/islands(-[\w-]+\.js|\/[\w.-]+\.js)$/.test(script)), scripts.join(', ')).toBe(true);

  const timer = page.getByRole('timer');
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(page.getByRole('heading', { name: 'Teams (0)' })).toBeVisible();
  await registerTeam(site, cup.id, 'Island Five');
  await expect(page.getByRole('heading', { name: 'Teams (1)' })).toBeVisible({ timeout: 8000 });
  await expect(page.getByTestId('cup-teams')).toContainText('Island Five');
  await expectNoAxeViolations(page, "a cup's page served as islands");

  await page.getByRole('button', { name: 'Watch on Twitch' }).click();
  await expect(page.locator('iframe[title="Island Cup live"]')).toHaveAttribute('src', 'https://player.twitch.tv/?channel=clutchcup&parent=127.0.0.1&autoplay=true');
  expect(messages).toEqual([]);
});

test("a cup's page served as islands loads again when the cup gains a section: its bracket drawn shows without a reload by hand", async ({ page, site }) => {
  await resetSite(site);
  const cup = (await createLiveTournament(site, { name: 'Draw Day Cup', entryFee: '0', checkInEnabled: false })) as unknown as { id: string; slug: string };
  for (const name of ['Sage Advice', 'Spike Rush']) await registerTeam(site, cup.id, name);
  await page.goto(`/tournaments/${cup.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  await expect(page.getByRole('heading', { name: 'Bracket', exact: true })).toHaveCount(0);
  const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Bracket', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Bracket', exact: true })).toContainText('Sage Advice');
});

test("a cup's page closes registration at the close time by its own clock, with no read to tell it", async ({ page, site }) => {
  await resetSite(site);
  // 20 s: the page must load and go live before the close, on a busy machine too.
  const closes = new Date(Date.now() + 20_000).toISOString();
  const cup = (await createLiveTournament(site, { name: 'Closing Cup', registrationCloses: closes, tournamentDate: inDays(3) })) as unknown as { slug: string };
  await page.goto(`/tournaments/${cup.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  const register = page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true });
  await expect(page.getByTestId('cup-status').last()).toHaveText('Registration Open');
  await expect(register).toBeVisible();
  // The reads fail from here on (a phone gone offline): only the page's own clock can close it.
  await page.route('**/api/**', (route) => route.abort());

  await expect(page.getByTestId('cup-status').last()).toHaveText('Registration Closed', { timeout: 30_000 });
  await expect(register).toHaveCount(0);
  await expect(page.getByTestId('countdown')).toHaveText('Registration Closed');
});
