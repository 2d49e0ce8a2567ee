import type { ConsoleMessage, Page, Request } from '@playwright/test';
import { escapeFrom, expectAccessible, expectNoAxeViolations } from './a11y-helpers';
import { islandsOnPage } from '../../scripts/script-budgets';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

/**
 * Content pages are server HTML with islands (issue 32): they read and link without any script,
 * and the pages served as islands load only the islands' script, whose header works as the app's.
 */
const staticContentPages = [
  '/',
  '/teams',
  '/hall-of-fame',
  '/rules',
  '/bracket',
  '/tournaments',
  '/contact',
  '/refund-policy',
  '/terms-of-service',
  '/privacy',
  '/accessibility',
];
const islandPages = ['/', '/teams', '/tournaments', '/hall-of-fame', '/bracket', '/rules', '/contact', '/refund-policy', '/terms-of-service', '/privacy', '/accessibility', '/register'];

/** Keeps, as `window.served`, the element `selector` finds in the served HTML (once the parser reaches the footer) and its text. */
async function rememberServed(page: Page, selector: string) {
  await page.addInitScript((selector) => {
    new MutationObserver((_, observer) => {
      const element = document.querySelector(selector);
      if (element && document.querySelector('footer')) {
        Object.assign(window, { served: { element, text: element.textContent } });
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

test('every content page has its content and links with script disabled', async ({ browser, site }) => {
  await resetSite(site);
  const cup = (await createLiveTournament(site, { name: 'No Script Cup' })) as { slug?: string };
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  try {
    const page = await context.newPage();
    for (const path of [...staticContentPages, ...(cup.slug ? [`/tournaments/${cup.slug}`] : [])]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hall of Fame' }), path).toHaveAttribute('href', '/hall-of-fame');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }), path).toHaveAttribute('href', '/privacy');
    }
    // A link is a page load: from a legal page to another, and to the registration wizard.
    await page.goto('/privacy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a page served as islands loads only their script, and hydrates them without a warning', async ({ page, site }) => {
  await resetSite(site);
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.text()}`);
  });
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The header the parser builds from the served HTML: hydrating adopts it, and its text stays the server's.
  await rememberServed(page, 'header');
  for (const path of islandPages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
    expect(
      await page.evaluate(() => {
        const { served } = window as unknown as { served: { element: Element; text: string } };
        return document.querySelector('header') === served.element && served.element.textContent === served.text;
      }),
      path,
    ).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tournaments' })).toHaveAttribute('href', '/');
    // The budgets count the islands a page is declared to hold (scripts/script-budgets.ts): it holds no other.
    const held = await page.evaluate(() => [...new Set([...document.querySelectorAll<HTMLElement>('[data-island]')].map((root) => root.dataset.island))]);
    expect(islandsOnPage(path), path).toEqual(expect.arrayContaining(held));
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.every((script) => /^\/assets\/islands(-[\w-]+\.js|\/[\w.-]+\.js)$/.test(script)),
    scripts.join(', '),
  ).toBe(true);
  expect(messages).toEqual([]);
});

test('the registration wizard is one island: it adopts the served form, validates, and loads neither the app nor its router', async ({ page, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'Island Cup' });
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await rememberServed(page, 'main form');
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  expect(await page.evaluate(() => document.querySelector('main form') === (window as unknown as { served: { element: Element } }).served.element)).toBe(true);
  expect(await page.evaluate(() => [...new Set([...document.querySelectorAll<HTMLElement>('[data-island]')].map((root) => root.dataset.island))])).toEqual(['header', 'register']);
  await page.getByLabel('Team Name').fill('Island Five');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // The schema's messages, tied to their fields: the ids the server wrote are the ones the island uses.
  await expect(page.getByLabel('Captain Riot ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Captain Riot ID')).toHaveAccessibleDescription(/.+/);
  expect(scripts.every((script) => /^\/assets\/islands(-[\w-]+\.js|\/[\w.-]+\.js)$/.test(script)), scripts.join(', ')).toBe(true);
});

test('the header island: the phone menu opens, returns focus, and its links are page loads; axe clean', async ({ page, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'Island Cup' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/privacy');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Register Team' })).toHaveAttribute('href', '/register');
  await expect(drawer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expectAccessible(page, 'the islands drawer open');
  await escapeFrom(page, drawer);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // A page load, not a client-side route change: what this page set is gone on the next.
  await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('link', { name: 'Rules' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
});

test('the header island shows "Your team" on the device that registered one, once live', async ({ page, site }) => {
  await resetSite(site);
  await page.goto('/accessibility');
  await page.evaluate(() =>
    localStorage.setItem(
      'team-links',
      JSON.stringify([{ teamId: '00000000-0000-4000-8000-000000000001', key: 'k', teamName: 'Island Five', tournamentName: 'Island Cup' }]),
    ),
  );
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your team', exact: true })).toHaveAttribute(
    'href',
    '/team/00000000-0000-4000-8000-000000000001',
  );
});

test.describe('far from UTC', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("a date island says the reader's day once live, the server's UTC day before", async ({ browser, page, site }) => {
    await resetSite(site);
    // 18:00 UTC on March 5 is already March 6 at UTC+14.
    await createLiveTournament(site, { name: 'Date Island Cup', tournamentDate: '2027-03-05T18:00:00.000Z', registrationCloses: '2027-03-04T18:00:00.000Z' });
    await page.goto('/tournaments');
    await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
    const card = page.getByTestId('cup-card').filter({ hasText: 'Date Island Cup' });
    await expect(card).toContainText('Mar 6, 2027');

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url, timezoneId: 'Pacific/Kiritimati' });
    try {
      const noScript = await context.newPage();
      await noScript.goto('/tournaments');
      await expect(noScript.getByTestId('cup-card').filter({ hasText: 'Date Island Cup' })).toContainText('Mar 5, 2027');
    } finally {
      await context.close();
    }
  });
});

test('the header island lists two teams or more in "Your teams", on a desktop and in the phone menu', async ({ page, site }) => {
  await resetSite(site);
  const teams = [
    { teamId: '00000000-0000-4000-8000-000000000001', key: 'k1', teamName: 'Island Five', tournamentName: 'Island Cup' },
    { teamId: '00000000-0000-4000-8000-000000000002', key: 'k2', teamName: 'Reef Five', tournamentName: 'Island Cup' },
  ];
  await page.goto('/privacy');
  await page.evaluate((links) => localStorage.setItem('team-links', JSON.stringify(links)), teams);
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Your teams' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  await expect(menu.getByRole('menuitem', { name: /Reef Five/ })).toHaveAttribute('href', '/team/00000000-0000-4000-8000-000000000002');
  await expectNoAxeViolations(page, '"Your teams" open on a page served as islands');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('group', { name: 'Your teams' }).getByRole('link')).toHaveCount(2);
});
