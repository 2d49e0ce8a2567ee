import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

test.describe('site layout', () => {
  test('desktop navigation, footer links and the demo-payments banner', async ({ page, site }) => {
    await resetSite(site);
    await page.goto('/');
    await expect(page.getByTestId('demo-banner')).toHaveText('Demo payments: no real money moves. Use test card 4242 4242 4242 4242.');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Tournaments' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Hall of Fame' }).click();
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await nav.getByRole('link', { name: 'Rules' }).click();
    await expect(page).toHaveURL(/\/rules$/);
    const discord = nav.getByRole('link', { name: /Join Discord/ });
    await expect(discord).toHaveAttribute('href', 'https://discord.gg/clutchcup');
    await expect(discord).toHaveAttribute('target', '_blank');

    const footer = page.getByRole('contentinfo');
    const expected: [string | RegExp, string][] = [
      ['Register Team', '/register'],
      ['Rules & Format', '/rules'],
      ['Discord', 'https://discord.gg/clutchcup'],
      ['Hall of Fame', '/hall-of-fame'],
      ['FAQ', '/rules#faq'],
      ['Contact Us', '/contact'],
      ['Refund Policy', '/refund-policy'],
      ['Terms of Service', '/terms-of-service'],
      [/^YouTube/, 'https://www.youtube.com/@clutchcup'],
      [/^Twitch/, 'https://www.twitch.tv/clutchcup'],
      [/^TikTok/, 'https://www.tiktok.com/@clutchcup'],
      [/^Discord \(opens/, 'https://discord.gg/clutchcup'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: typeof name === 'string' })).toHaveAttribute('href', href);
    }
    await footer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInViewport();
  });

  test('the mobile drawer opens, navigates and closes', async ({ page, site }) => {
    await resetSite(site);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Tournaments' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /Join Discord/ })).toHaveAttribute('href', 'https://discord.gg/clutchcup');
    await drawer.getByRole('link', { name: 'Hall of Fame' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hall of Fame' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('nothing overflows a 360 px screen', async ({ page, site }) => {
    await resetSite(site);
    const t = await createLiveTournament(site, { name: 'Extraordinarily Long Tournament Name Championship 2026' });
    for (let i = 0; i < 3; i++) await registerTeam(site, t.id);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/teams', '/hall-of-fame', '/rules', '/contact', '/refund-policy', '/terms-of-service', '/nope']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('accessibility', () => {
  const pages = ['/', '/teams', '/hall-of-fame', '/rules', '/contact', '/refund-policy', '/terms-of-service', '/not-a-page'];
  const blockingViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  for (const width of [1280, 390]) {
    test(`no serious or critical axe violation on any public page at ${width} px`, async ({ page, site }) => {
      test.setTimeout(120_000);
      await resetSite(site);
      // Data on every page: an almost full tournament (red meter, warning), teams, a champion with both kinds of highlight.
      const t = await createLiveTournament(site, { maxTeams: 20 });
      for (let i = 0; i < 19; i++) await registerTeam(site, t.id);
      await site.adminApi.post('/api/champions', {
        data: {
          placement: 1,
          teamName: 'Phantom Five',
          tournamentName: 'Autumn Open 2025',
          tournamentDate: '2025-10-18T18:00:00.000Z',
          playerNames: ['Ace#EUW', 'Blitz#EUW'],
          highlights: [
            { title: 'Grand final ace', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' },
            { title: 'Recap', url: 'https://example.com/recap', type: 'youtube' },
          ],
          prizeAmount: '2500',
          currency: 'USD',
          teamQuote: 'GG.',
        },
      });
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Wait for the page's data, not a timer: nothing is still loading.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await blockingViolations(page), `axe on ${path} at ${width}px`).toEqual([]);
      }
    });
  }

  test('no serious or critical axe violation with the FAQ, the mobile drawer and the contact errors open', async ({ page, site }) => {
    await resetSite(site);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rules');
    await page.getByRole('button', { name: 'Can we get a refund?' }).click();
    await expect(page.getByText('Full refund when requested 48 hours or more before the tournament starts.')).toBeVisible();
    expect(await blockingViolations(page), 'FAQ open').toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await blockingViolations(page), 'drawer open').toEqual([]);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
    expect(await blockingViolations(page), 'contact errors').toEqual([]);
  });
});
