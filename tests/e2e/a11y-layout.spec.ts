import type { Page } from '@playwright/test';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { contrastOf, horizontalOverflow, publicPages, seedEveryState, textSpacingCss, widestElements } from './a11y-helpers';
import { createLiveTournament, expect, inDays, resetSite, test } from './fixtures';

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await horizontalOverflow(page);
  expect(overflow, `sideways scroll on ${where}: ${(await widestElements(page)).join(' | ')}`).toBeLessThanOrEqual(0);
}

test.describe('reflow (WCAG 1.4.10) and text spacing (1.4.12)', () => {
  for (const spacing of [false, true]) {
    const label = spacing ? ' with the text-spacing override' : '';
    test(`no public page scrolls sideways at 320 px${label}`, async ({ page, site }) => {
      test.setTimeout(90_000);
      await seedEveryState(site);
      await page.setViewportSize({ width: 320, height: 720 });
      for (const path of publicPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        if (spacing) await page.addStyleTag({ content: textSpacingCss });
        await expectNoSidewaysScroll(page, path);
      }
    });

    test(`no admin tab scrolls sideways at 360 px${label}`, async ({ page, site, baseURL }) => {
      await seedEveryState(site);
      await signInQuickly(page, baseURL!);
      await page.setViewportSize({ width: 360, height: 740 });
      for (const tab of ['Overview', 'Tournaments', 'Teams', 'Match Day', 'Champions', 'Activity', 'Finance', 'Settings'] as const) {
        await openAdminTab(page, tab);
        if (spacing) await page.addStyleTag({ content: textSpacingCss });
        await expect(page.getByRole('tabpanel').locator('.animate-pulse')).toHaveCount(0);
        await expectNoSidewaysScroll(page, `admin ${tab}`);
      }
      await openAdminTab(page, 'Champions');
      if (spacing) await page.addStyleTag({ content: textSpacingCss });
      await page.getByRole('button', { name: 'Add Champion' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Champion' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'Add Champion dialog');
    });
  }
});

test.describe('focus not obscured (WCAG 2.4.11)', () => {
  /** Walks the page with Tab, then back with Shift+Tab, checking each focused element clears the sticky header. */
  async function walk(page: Page, where: string) {
    const check = async (step: string) => {
      const overlap = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const header = document.querySelector('body header');
        // The skip link is fixed above the header, not under it.
        if (!el || el === document.body || !header || header.contains(el) || getComputedStyle(el).position === 'fixed') return 0;
        return header.getBoundingClientRect().bottom - el.getBoundingClientRect().top;
      });
      expect(overlap, `${where}: ${step} is under the header`).toBeLessThanOrEqual(0);
    };
    let count = 0;
    for (; count < 80; count++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => !!document.activeElement?.closest('footer'))) break;
      await check(`Tab ${count + 1}`);
    }
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Shift+Tab');
      await check(`Shift+Tab ${i + 1}`);
    }
  }

  test('on /register and the FAQ at 1280 × 720, Tab and Shift+Tab never leave a field under the header', async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    await createLiveTournament(site);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    await walk(page, '/register');
    await page.goto('/rules');
    await page.getByRole('button', { name: 'Can we get a refund?' }).click();
    await page.goto('/rules');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await walk(page, '/rules');
  });
});

test.describe('motion (WCAG 2.2.2, 2.3.3)', () => {
  test('with reduced motion no animation runs longer than 5 s, and the countdown changes once a minute without seconds', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { registrationCloses: inDays(3) });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toContainText('Minutes');
    await expect(page.getByTestId('registration-indicator')).toContainText('OPEN');

    const longAnimations = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .map((animation) => {
            const timing = animation.effect?.getComputedTiming();
            const total = timing ? Number(timing.endTime) : 0;
            const target = (animation.effect as KeyframeEffect | null)?.target as Element | null;
            return { total, what: `${target?.tagName.toLowerCase()}.${[...(target?.classList ?? [])].join('.')}` };
          })
          .filter(({ total }) => !(total <= 5000))
          .map(({ what, total }) => `${what} runs ${total} ms`),
      );
    expect(await longAnimations(), 'animations on the home page').toEqual([]);
    const endless = await page.evaluate(() => [...document.querySelectorAll('*')].filter((el) => getComputedStyle(el).animationIterationCount === 'infinite').length);
    expect(endless, 'elements with an endless CSS animation').toBe(0);

    await expect(countdown).not.toContainText('Seconds');
    const before = await countdown.textContent();
    await page.clock.runFor(5_000);
    expect(await countdown.textContent(), 'no change within seconds').toBe(before);
    await page.clock.runFor(60_000);
    await expect(countdown).not.toHaveText(before!);

    // The loading skeletons and spinners stop as well.
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await longAnimations(), 'animations on /teams').toEqual([]);
  });

  test('without the setting the countdown ticks each second, seconds shown', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { registrationCloses: inDays(3) });
    await page.clock.install();
    await page.goto('/');
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toContainText('Seconds');
    const before = await countdown.textContent();
    await page.clock.runFor(1_100);
    await expect(countdown).not.toHaveText(before!);
  });
});

test.describe('contrast of status badges and state colours (WCAG 1.4.3, 1.4.11)', () => {
  const expectAtLeast = (found: { what: string; ratio: number }[], minimum: number, where: string) => {
    expect(found.length, `${where}: nothing found to measure`).toBeGreaterThan(0);
    for (const { what, ratio } of found) expect(ratio, `${where}: "${what}" at ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
  };

  test('public pages: payment badges, registration pills, meter, step indicator, error text', async ({ page, site }) => {
    await seedEveryState(site);
    await page.goto('/teams');
    await expect(page.getByTestId('team-card')).toHaveCount(3);
    const badges = page.getByTestId('team-card').locator('span.rounded-full.border');
    await expect(badges).toHaveText(['Confirmed', 'Failed', 'Pending'], { useInnerText: true });
    expectAtLeast(await contrastOf(page, '[data-testid="team-card"] span.rounded-full.border', 'text'), 4.5, '/teams badges');
    expectAtLeast(await contrastOf(page, '[data-testid="team-card"] span.grid.size-12', 'text'), 4.5, '/teams initials');

    await page.goto('/');
    await expect(page.getByTestId('capacity-meter')).toBeVisible();
    expectAtLeast(await contrastOf(page, '[data-testid="registration-indicator"]', 'text'), 4.5, 'OPEN indicator');
    expectAtLeast(await contrastOf(page, 'section[aria-labelledby="hero-title"] span.rounded-full.border', 'text'), 4.5, 'hero pills');
    expectAtLeast(await contrastOf(page, '[data-testid="capacity-meter"] > div', 'fill'), 3, 'capacity bar');
    expectAtLeast(await contrastOf(page, 'section[aria-labelledby="hero-title"] span.size-2', 'fill'), 3, 'registration dot');

    // Closed, full: the red states.
    const tournaments = (await (await site.adminApi.get('/api/tournaments')).json()) as { id: string }[];
    await site.adminApi.patch(`/api/tournaments/${tournaments[0].id}/registration`, { data: { isOpen: false } });
    await page.goto('/');
    await expect(page.getByTestId('registration-indicator')).toContainText('CLOSED');
    expectAtLeast(await contrastOf(page, '[data-testid="registration-indicator"], section[aria-labelledby="hero-title"] span.rounded-full.border', 'text'), 4.5, 'CLOSED indicator');

    await site.adminApi.patch(`/api/tournaments/${tournaments[0].id}/registration`, { data: { isOpen: true } });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    expectAtLeast(await contrastOf(page, '[role="alert"]', 'text'), 4.5, 'field errors');
    expectAtLeast(await contrastOf(page, '[data-testid="step-1"] span.rounded-full.border-2', 'text'), 4.5, 'current step number');
    expectAtLeast(await contrastOf(page, 'input[aria-invalid="true"]', 'border'), 3, 'invalid field border');
  });

  test('admin: payment badges, initials, tournament status and placement badges, switch, destructive toast', async ({ page, site, baseURL }) => {
    await seedEveryState(site);
    await signInQuickly(page, baseURL!);
    await openAdminTab(page, 'Teams');
    await expect(page.getByTestId('admin-team-card')).toHaveCount(3);
    expectAtLeast(await contrastOf(page, '[data-testid="admin-team-card"] span.rounded-full.border', 'text'), 4.5, 'admin team badges');
    expectAtLeast(await contrastOf(page, '[data-testid="admin-team-card"] span.size-12', 'text'), 4.5, 'admin team initials');

    await openAdminTab(page, 'Overview');
    await expect(page.getByTestId('active-tournament-card')).toBeVisible();
    expectAtLeast(await contrastOf(page, '[data-testid="active-tournament-card"] span.rounded-full.border', 'text'), 4.5, 'overview badges');

    await openAdminTab(page, 'Tournaments');
    await expect(page.getByTestId('tournament-row')).toHaveCount(1);
    expectAtLeast(await contrastOf(page, '[data-testid="tournament-row"] span.rounded-full.border', 'text'), 4.5, 'tournament status badge');
    expectAtLeast(await contrastOf(page, '[data-testid="tournament-row"] [role="switch"]', 'fill'), 3, 'registration switch');

    await openAdminTab(page, 'Champions');
    await expect(page.getByTestId('champion-row')).toHaveCount(1);
    expectAtLeast(await contrastOf(page, '[data-testid="champion-row"] span.rounded-full.border', 'text'), 4.5, 'placement badge');

    await page.route('**/api/champions', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await page.getByRole('button', { name: 'Add Champion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Champion' });
    await dialog.getByLabel('Tournament Name').fill('Toast Cup');
    await dialog.getByLabel('Tournament Date').fill('2026-01-01');
    await dialog.getByLabel('Team Name').fill('Toasters');
    await dialog.getByRole('textbox', { name: 'Player 1', exact: true }).fill('T#1');
    await dialog.getByRole('button', { name: 'Add Champion' }).click();
    await expect(page.getByTestId('toast')).toContainText('Failed to add champion');
    expectAtLeast(await contrastOf(page, '[data-testid="toast"] :is(div, li) > *', 'text'), 4.5, 'destructive toast');
  });
});
