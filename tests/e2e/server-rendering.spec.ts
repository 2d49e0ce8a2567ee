import type { ConsoleMessage } from '@playwright/test';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

/**
 * The public pages come rendered by the server (src/web/entry-server.tsx) with their data, and the
 * browser hydrates them: the same markup, nothing replaced, not a warning in the console.
 */
const tournamentName = 'Server Rendered Open';
const teamNames = ['Hydra Five', 'Static Squad'];
const championName = 'Prerender Kings';

/** Each public page and a text of its data the server must already have written. */
const pages: { path: string; texts: string[] }[] = [
  { path: '/', texts: [tournamentName, ...teamNames] },
  { path: '/teams', texts: teamNames },
  { path: '/hall-of-fame', texts: [championName] },
  { path: '/rules', texts: [tournamentName] },
  { path: '/register', texts: ['Team Name', tournamentName] },
  { path: '/bracket', texts: teamNames },
  { path: '/contact', texts: ['support@clutchcup.gg'] },
  { path: '/refund-policy', texts: ['Refund Policy'] },
  { path: '/terms-of-service', texts: ['support@clutchcup.gg'] },
  { path: '/privacy', texts: ['Northwind Esports Ltd'] },
  { path: '/accessibility', texts: ['support@clutchcup.gg'] },
];

test.beforeAll(async ({ site }) => {
  await resetSite(site);
  const tournament = await createLiveTournament(site, { name: tournamentName, entryFee: '0', checkInEnabled: false });
  for (const name of teamNames) await registerTeam(site, tournament.id, name);
  const bracket = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration' } });
  expect(bracket.ok(), await bracket.text()).toBe(true);
  // The bracket closes registration; opened again, /register renders its first step as well.
  const reopened = await site.adminApi.patch(`/api/tournaments/${tournament.id}/registration`, { data: { isOpen: true } });
  expect(reopened.ok(), await reopened.text()).toBe(true);
  const champion = await site.adminApi.post('/api/champions', {
    data: {
      placement: 1,
      teamName: championName,
      tournamentName: 'Autumn Open 2025',
      tournamentDate: '2025-10-18T18:00:00.000Z',
      playerNames: ['Ace#EUW'],
      highlights: [],
      prizeAmount: null,
      currency: 'USD',
      teamQuote: null,
    },
  });
  expect(champion.ok(), await champion.text()).toBe(true);
});

test("each public page's HTML already holds its data, before any script runs", async ({ browser, site, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  try {
    const page = await context.newPage();
    for (const { path, texts } of pages) {
      const html = await (await request.get(`${site.url}${path}`)).text();
      // The text of #root as served, tags dropped ("<span>Server</span> Rendered" reads "Server Rendered").
      const served = html
        .slice(html.indexOf('<div id="root">'))
        .replace(/<[^>]*>/g, '')
        .replace(/&amp;/g, '&');
      for (const text of texts) expect(served.includes(text), `${path}: ${text}`).toBe(true);

      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      for (const text of texts) await expect(page.getByRole('main').getByText(text).first(), `${path}: ${text}`).toBeVisible();
    }
  } finally {
    await context.close();
  }
});

// A reader far from UTC, where a date the server wrote in UTC is another day: still no mismatch.
for (const [timezoneId, championDate] of [
  ['UTC', 'October 18, 2025'],
  ['Pacific/Kiritimati', 'October 19, 2025'],
] as const) {
  test.describe(`in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("hydration keeps the server's markup and logs no warning or error", async ({ page }) => {
      const messages: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => messages.push(`${page.url()}: ${error.message}`));
      // The element the parser builds from the served HTML: hydration adopts it; a mismatch would make React replace it.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const first = document.querySelector('#root > div');
          if (first) {
            (window as unknown as { serverRendered: Element }).serverRendered = first;
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      for (const { path, texts } of pages) {
        await page.goto(path);
        await page.waitForFunction(
          () => document.documentElement.dataset.app === 'live' || document.documentElement.dataset.islands === 'live',
        );
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(() => document.querySelector('#root > div') === (window as unknown as { serverRendered?: Element }).serverRendered),
          path,
        ).toBe(true);
        await expect(page.getByRole('main').getByText(texts[0]).first()).toBeVisible();
      }
      expect(messages).toEqual([]);

      // Dates were written in UTC by the server and while hydrating; once live, in the reader's zone
      // (the champion's final, 18:00 UTC on October 18, is already October 19 at UTC+14).
      await page.goto('/hall-of-fame');
      await expect(page.getByRole('main').getByText(championDate).first()).toBeVisible();
    });
  });
}

test('nothing moves once the page has come: no layout shift on the pages Lighthouse measures', async ({ page }) => {
  for (const path of ['/', '/hall-of-fame', '/rules', '/register']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 1000);
        }),
    );
    expect(shift, path).toBe(0);
  }
});
