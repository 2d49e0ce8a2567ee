import type { ConsoleMessage } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, test } from './fixtures';

/** The home page and /teams served as islands (issue 32): server HTML that reads without script, live parts that poll. */

test('without script the home page shows the tournament, its capacity and its teams, and /teams its list', async ({ browser, site }) => {
  await resetSite(site);
  const cup = await createLiveTournament(site, { name: 'Static Cup' });
  await registerTeam(site, cup.id, 'Static Five');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Static Cup');
    await expect(page.getByRole('timer')).toContainText('Days');
    await expect(page.getByText('1 / 32 teams')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Static Five' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveAttribute('href', '/register');
    await page.goto('/teams');
    await expect(page.getByText('1 team registered.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Static Five' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('live, the home page ticks, shows a new registration within a poll, closes at the close time; no warning; axe clean', async ({ page, site }) => {
  await resetSite(site);
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  // 30 s: the page must load, tick and take a registration before the close, on a busy machine too.
  const cup = await createLiveTournament(site, { name: 'Live Cup', registrationCloses: new Date(Date.now() + 30_000).toISOString(), tournamentDate: inDays(3) });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  const timer = page.getByRole('timer');
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(page.getByText('0 / 32 teams')).toBeVisible();

  await registerTeam(site, cup.id, 'Polled Five');
  await expect(page.getByRole('heading', { name: 'Polled Five' })).toBeVisible({ timeout: 8000 });
  await expect(page.getByText('1 / 32 teams')).toBeVisible();
  await expectNoAxeViolations(page, 'the home page served as islands');

  await expect(page.getByTestId('countdown')).toHaveText('Registration Closed', { timeout: 40_000 });
  await expect(page.getByRole('main').getByRole('link', { name: 'Register Team', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('registration-indicator')).toHaveText('Registration CLOSED');
  expect(messages).toEqual([]);
});

test('live, /teams shows a new registration within a poll', async ({ page, site }) => {
  await resetSite(site);
  const cup = await createLiveTournament(site, { name: 'Teams Cup' });
  await page.goto('/teams');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  await expect(page.getByRole('heading', { name: 'No Teams Registered Yet' })).toBeVisible();
  await registerTeam(site, cup.id, 'Late Five');
  await expect(page.getByRole('heading', { name: 'Late Five' })).toBeVisible({ timeout: 8000 });
  await expect(page.getByText('1 team registered.')).toBeVisible();
  await expectNoAxeViolations(page, '/teams served as islands');
});

test("the home page's live parts are islands of their own that share each poll's reads", async ({ page, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'Shared Reads Cup' });
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) reads.push(pathname);
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  const islands = await page.locator('[data-island]').evaluateAll((roots) => roots.map((root) => root.getAttribute('data-island')));
  expect(islands).toEqual(expect.arrayContaining(['home-hero', 'home-info-cards', 'home-status', 'home-teams', 'home-open-cups']));
  reads.length = 0;
  // Two polls: the hero, the info cards, the status and the teams all follow the featured cup, one request per poll.
  await page.waitForTimeout(10_500);
  const activeReads = reads.filter((read) => read === '/api/tournaments/active').length;
  expect(activeReads).toBeGreaterThanOrEqual(1);
  expect(activeReads).toBeLessThanOrEqual(3);
});

test('a cup featured while the home page is open shows up without a reload by hand', async ({ page, site }) => {
  await resetSite(site);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'No Active Tournament' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  await createLiveTournament(site, { name: 'Just Announced Cup' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Just Announced Cup', { timeout: 10_000 });
  await expect(page.getByText('0 / 32 teams')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Active Tournament' })).toHaveCount(0);
});
