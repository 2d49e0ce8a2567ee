import { escapeFrom } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

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
      ['Privacy Policy', '/privacy'],
      ['Accessibility', '/accessibility'],
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
    await escapeFrom(page, page.getByRole('dialog', { name: 'Menu' }));
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('the phone menu', () => {
  test('at 390 px it also offers Register Team while registration is open, and Contact', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Menu Cup' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    const register = drawer.getByRole('link', { name: 'Register Team' });
    await expect(register).toBeInViewport();
    await register.click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/register$/);
    // A page load (the drawer was an island's): the wizard's menu answers once its islands are live.
    await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The organizer closes registration: the menu stops offering it, Contact stays.
    await site.adminApi.patch(`/api/tournaments/${tournament.id}/registration`, { data: { isOpen: false } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Rules' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Register Team' })).toHaveCount(0);
  });

  test('with nothing live it offers Contact but not Register Team', async ({ page, site }) => {
    await resetSite(site);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Hall of Fame' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Register Team' })).toHaveCount(0);
  });
});
