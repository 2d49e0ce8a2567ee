import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

test('the home page renders the tournament, its teams and capacity with no API round trip', async ({ page, site }) => {
  await resetSite(site);
  const tournament = await createLiveTournament(site, { name: 'Inline Clash', maxTeams: 8 });
  await registerTeam(site, tournament.id, 'Inline Squad');

  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByText('Inline Squad')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Clash');
  // The 5 s poll comes later; everything the first render needed came with the page.
  expect(apiCalls.filter((path) => /^\/api\/(tournaments|champions|site)/.test(path))).toEqual([]);
});
