import { expect, test } from './fixtures';

test('the API reference renders under the site CSP without a violation', async ({ page }) => {
  // Every violation the browser reports, blocked or not; a console error also fails the test through the fixture.
  await page.addInitScript(() => {
    (window as unknown as { __cspViolations: string[] }).__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' https://js.stripe.com");
  expect(csp).toContain("default-src 'self'");

  // Swagger UI drew the document: its title, a group, an operation of the public reads.
  await expect(page.getByRole('heading', { name: /API/ }).first()).toBeVisible();
  await expect(page.locator('.opblock-tag', { hasText: 'tournaments' }).first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/tournaments/active' }).first()).toBeVisible();

  // Open one operation: its 304 and its response schema are shown.
  await page.locator('.opblock-summary-path', { hasText: '/api/champions' }).first().click();
  await expect(page.locator('.responses-table').getByText('304', { exact: true }).first()).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  // Everything it loaded came from the site itself.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
});
