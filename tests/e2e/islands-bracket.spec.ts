import fs from 'node:fs';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, startNow, test, type Site } from './fixtures';

/**
 * /bracket and the match pages are served as islands (issue 32): their server HTML reads and links
 * without script, and their one island each (the bracket, the match) keeps polling its read.
 */
interface Drawn {
  cup: { id: string; name: string; slug?: string };
  teams: { id: string }[];
  matchIds: string[];
}

/** A running cup of four teams, its bracket drawn: two semi-finals and the final. */
async function fourTeamCup(site: Site, name: string): Promise<Drawn> {
  const cup = (await createLiveTournament(site, { name, entryFee: '0', checkInEnabled: false })) as Drawn['cup'];
  const teams = [];
  for (const team of ['Alpha Wolves', 'Bravo Squad', 'Charlie Five', 'Delta Force']) teams.push(await registerTeam(site, cup.id, team));
  const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration' } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const bracket = (await drawn.json()) as { rounds: { matches: { id: string; team1Id: string | null }[] }[] };
  await startNow(site, cup.id);
  return { cup, teams, matchIds: bracket.rounds[0].matches.map((match) => match.id) };
}

const semiFinal = (page: Page, index: number) => page.getByRole('region', { name: 'Semi-finals' }).getByTestId('bracket-match').nth(index);

/** Collects the console's errors and warnings (a hydration mismatch is one). */
function consoleProblems(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.text()}`);
  });
  return messages;
}

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('with script disabled, /bracket and a match page show their content and links', async ({ browser, site }) => {
  const { cup, matchIds } = await fourTeamCup(site, 'No Script Bracket Cup');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  try {
    const page = await context.newPage();
    await page.goto('/bracket');
    await expect(page.getByRole('heading', { name: 'Bracket', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: `${cup.name} bracket` })).toBeVisible();
    await expect(semiFinal(page, 0)).toContainText('Alpha Wolves');
    const matchLink = semiFinal(page, 0).getByRole('link', { name: /^Match page: / });
    await expect(matchLink).toHaveAttribute('href', `/matches/${matchIds[0]}`);

    await matchLink.click();
    await expect(page).toHaveURL(new RegExp(`/matches/${matchIds[0]}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ vs /);
    await expect(page.getByTestId('scoreboard')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Map veto' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the bracket' })).toHaveAttribute('href', '/bracket');
  } finally {
    await context.close();
  }
});

test('with script, a result recorded through the API shows within a poll on /bracket, the match page and the cup page; no warning, axe clean', async ({
  page,
  site,
}) => {
  const messages = consoleProblems(page);
  const { cup, teams, matchIds } = await fourTeamCup(site, 'Live Bracket Cup');

  await page.goto('/bracket');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  await expect(semiFinal(page, 0).locator('[data-winner]')).toHaveCount(0);
  await expectNoAxeViolations(page, '/bracket served as islands');
  const first = await site.adminApi.put(`/api/matches/${matchIds[0]}`, { data: { winnerTeamId: teams[0].id, score: '13-7' } });
  expect(first.ok(), await first.text()).toBe(true);
  await expect(semiFinal(page, 0).locator('[data-winner]')).toContainText('Winner 13-7', { timeout: 10_000 });

  await page.goto(`/matches/${matchIds[1]}`);
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  await expect(page.getByTestId('match-winner')).toHaveCount(0);
  await expectNoAxeViolations(page, 'a match page served as islands');
  const [, , charlie] = teams;
  const second = await site.adminApi.put(`/api/matches/${matchIds[1]}`, { data: { winnerTeamId: charlie.id, score: '13-11' } });
  expect(second.ok(), await second.text()).toBe(true);
  await expect(page.getByTestId('match-status')).toHaveText('Finished', { timeout: 10_000 });
  await expect(page.getByTestId('match-winner')).toHaveText('Winner');
  await expect(page.getByTestId('series-score')).toHaveText('13-11');

  // The cup page still runs the app: the same bracket component polls there.
  if (cup.slug) {
    await page.goto(`/tournaments/${cup.slug}`);
    const final = page.getByRole('region', { name: 'Final', exact: true }).getByTestId('bracket-match');
    await expect(final.locator('[data-winner]')).toHaveCount(0);
    const third = await site.adminApi.put(`/api/matches/${(await finalId(site, cup.id))!}`, { data: { winnerTeamId: teams[0].id } });
    expect(third.ok(), await third.text()).toBe(true);
    await expect(final.locator('[data-winner]')).toContainText('Alpha Wolves', { timeout: 10_000 });
  }
  expect(messages).toEqual([]);
});

async function finalId(site: Site, cupId: string): Promise<string | undefined> {
  const bracket = (await (await site.adminApi.get(`/api/tournaments/${cupId}/bracket`)).json()) as { rounds: { matches: { id: string }[] }[] };
  return bracket.rounds.at(-1)?.matches[0]?.id;
}

test('the pages served as islands look as the app renders them, at 1280 and 390 px', async ({ page, site }) => {
  const { teams, matchIds } = await fourTeamCup(site, 'Look Alike Cup');
  expect((await site.adminApi.put(`/api/matches/${matchIds[0]}`, { data: { winnerTeamId: teams[0].id, score: '13-7' } })).ok()).toBe(true);
  const dir = 'test-results/islands-bracket';
  fs.mkdirSync(dir, { recursive: true });
  const shot = async (path: string, width: number) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(path);
    await expect(page.locator('[data-testid="bracket-match"], [data-testid="scoreboard"]').first()).toBeVisible();
    if (!path.includes('?')) await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(0, 0);
    return page.screenshot({ fullPage: true, animations: 'disabled' });
  };
  for (const [name, path] of [
    ['bracket', '/bracket'],
    ['match', `/matches/${matchIds[0]}`],
  ]) {
    for (const width of [1280, 390]) {
      const islands = await shot(path, width);
      // With a query string the server serves the app (html-page.ts): the page as it was before.
      const app = await shot(`${path}?app`, width);
      fs.writeFileSync(`${dir}/${name}-${width}-islands.png`, islands);
      fs.writeFileSync(`${dir}/${name}-${width}-app.png`, app);
      expect(islands.equals(app), `${name} at ${width} px`).toBe(true);
    }
  }
});
