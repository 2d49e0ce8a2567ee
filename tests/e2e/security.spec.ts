import { fillTeamInfo, uniqueTag } from '../support/register-e2e';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

test('every page is served with the content security policy and works under it', async ({ page }) => {
  for (const path of ['/', '/hall-of-fame', '/rules', '/contact', '/register', '/admin/login', '/refund-policy', '/terms-of-service', '/privacy', '/nowhere']) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self' https://js.stripe.com");
    expect(response?.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(response?.headers()['x-content-type-options'], path).toBe('nosniff');
    await expect(page.locator('main')).not.toBeEmpty();
  }
  // Any CSP violation would have been a console error, which fails the test through the fixture.
});

test('nothing a page runs is refused by the policy: filling in the registration form reports no violation', async ({ page, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'Policy Cup' });
  // Some refusals (an eval that a library tries and catches) reach no console: the browser still reports them as events.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/register');
  await fillTeamInfo(page, uniqueTag());
  await page.getByLabel('Player 2 Riot ID', { exact: true }).fill('no tag');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Player 2 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('text from organizers is shown as text, never run as HTML', async ({ page, site }) => {
  await resetSite(site);
  const rules = '<script>window.__injected = true</script><img src=x onerror="window.__injected = true">';
  await createLiveTournament(site, { name: 'Escape <b>Cup</b>', rules });
  await page.goto('/rules');
  await expect(page.getByText(rules).first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('<b>Cup</b>').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
