import { acknowledgeDiscord, fillTeamInfo, payWithCard, uniqueTag } from '../support/register-e2e';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { escapeFrom, expectNoAxeViolations, publicPages, seedEveryState, stubVideoEmbeds } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

// axe on every page and state; any result, moderate and minor included, fails (see axeViolations).

test.describe('axe: public pages', () => {
  for (const width of [1280, 390]) {
    test(`every public page with confirmed, failed and pending teams and a champion at ${width} px`, async ({ page, site }) => {
      test.setTimeout(120_000);
      await seedEveryState(site);
      await page.setViewportSize({ width, height: 900 });
      for (const path of publicPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, `${path} at ${width}px`);
      }
    });
  }

  test('empty states: no tournament, no champions; then a tournament without teams; then registration closed', async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    for (const path of ['/', '/teams', '/hall-of-fame', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${path} without a tournament`);
    }
    const tournament = await createLiveTournament(site, { name: 'Quiet Cup' });
    for (const path of ['/', '/teams']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${path} without teams`);
    }
    await site.adminApi.patch(`/api/tournaments/${tournament.id}/registration`, { data: { isOpen: false } });
    for (const path of ['/', '/teams', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${path} with registration closed`);
    }
  });

  test('open overlays and errors: FAQ, mobile drawer, contact errors, video dialog, sign-in errors', async ({ page, site }) => {
    await seedEveryState(site);
    await stubVideoEmbeds(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rules');
    await page.getByRole('button', { name: 'Can we get a refund?' }).click();
    await expect(page.getByText('Full refund when requested 48 hours or more before the tournament starts.')).toBeVisible();
    await expectNoAxeViolations(page, 'FAQ open');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page, 'drawer open');

    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
    await expectNoAxeViolations(page, 'contact errors');

    await page.goto('/hall-of-fame');
    await page.getByRole('button', { name: 'Watch Grand final ace' }).click();
    await expect(page.getByRole('dialog', { name: 'Grand final ace' })).toBeVisible();
    await expectNoAxeViolations(page, 'video dialog');

    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in errors');
  });
});

test.describe('axe: registration wizard', () => {
  test('each step, its errors and a declined payment', async ({ page, site }) => {
    test.setTimeout(90_000);
    await resetSite(site);
    await createLiveTournament(site, { name: 'Axe Cup' });
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    await expectNoAxeViolations(page, 'step 1');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Team name must be at least 3 characters')).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.')).toBeVisible();
    // The wrapper labels the file input itself and ties its error and hint to it.
    const logo = page.getByLabel('Team Logo (optional)');
    await expect(logo).toHaveAttribute('type', 'file');
    await expect(logo).toHaveAttribute('aria-invalid', 'true');
    await expect(logo).toHaveAccessibleDescription('This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file. PNG, JPEG, WebP, GIF or AVIF, up to 5 MB.');
    await expectNoAxeViolations(page, 'step 1 with every error');

    await page.locator('input[type="file"]').setInputFiles([]);
    await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    await expectNoAxeViolations(page, 'step 2');
    await acknowledgeDiscord(page);
    await expectNoAxeViolations(page, 'step 2 acknowledged');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await expectNoAxeViolations(page, 'step 3');
    await payWithCard(page, '4000 0000 0000 0002', '$25.00');
    await expect(page.getByText('Your card was declined.', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'step 3 declined');
  });
});

test.describe('axe: admin', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInQuickly(page, baseURL!);
  });

  test('every tab empty', async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    for (const tab of ['Overview', 'Tournaments', 'Teams', 'Champions', 'Activity', 'Finance', 'Settings', 'Account'] as const) {
      await openAdminTab(page, tab);
      await expectNoAxeViolations(page, `${tab} empty`);
    }
    await createLiveTournament(site, { name: 'Teamless Cup' });
    await openAdminTab(page, 'Teams');
    await expect(page.getByText('No teams registered yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'Teams without teams');
  });

  for (const width of [1280, 390]) {
    test(`every tab and dialog with confirmed, failed and pending teams at ${width} px`, async ({ page, site }) => {
      test.setTimeout(120_000);
      await seedEveryState(site);
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ['Overview', 'Tournaments', 'Teams', 'Champions', 'Activity', 'Finance'] as const) {
        await openAdminTab(page, tab);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expectNoAxeViolations(page, `${tab} tab`);
      }
      const teams = page.getByTestId('admin-team-card');
      await openAdminTab(page, 'Teams');
      await expect(teams).toHaveCount(3);
      await page.getByRole('button', { name: 'Refund Confirmed Crew' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund Team' });
      await expect(refund.getByText('By the refund policy: $25.00')).toBeVisible();
      await refund.getByRole('button', { name: 'Confirm Refund' }).click();
      await expect(refund.getByText('Give a reason of at least 3 characters')).toBeVisible();
      await expectNoAxeViolations(page, 'Refund Team with errors');
      await refund.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Remove Confirmed Crew' }).click();
      await expect(page.getByRole('dialog', { name: 'Remove Team' }).getByText('No refund')).toBeVisible();
      await expectNoAxeViolations(page, 'Remove Team');
      await escapeFrom(page, page.getByRole('dialog', { name: 'Remove Team' }));

      await openAdminTab(page, 'Tournaments');
      await page.getByRole('button', { name: 'Create Tournament' }).click();
      const create = page.getByRole('dialog', { name: 'Create Tournament' });
      await create.getByRole('button', { name: 'Create Tournament' }).click();
      await expect(create.getByText('Tournament name must be at least 3 characters')).toBeVisible();
      await expectNoAxeViolations(page, 'Create Tournament with errors');
      await create.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Edit Winter Clash 2026' }).filter({ visible: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Tournament' })).toBeVisible();
      await expectNoAxeViolations(page, 'Edit Tournament');
      await escapeFrom(page, page.getByRole('dialog', { name: 'Edit Tournament' }));
      await page.getByRole('button', { name: 'Delete Winter Clash 2026' }).filter({ visible: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete Tournament' })).toBeVisible();
      await expectNoAxeViolations(page, 'Delete Tournament');
      await escapeFrom(page, page.getByRole('alertdialog', { name: 'Delete Tournament' }));
      await page.getByRole('button', { name: 'Cancel tournament Winter Clash 2026' }).filter({ visible: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Cancel Tournament' })).toBeVisible();
      await expectNoAxeViolations(page, 'Cancel Tournament');
      await escapeFrom(page, page.getByRole('alertdialog', { name: 'Cancel Tournament' }));

      await openAdminTab(page, 'Champions');
      await page.getByRole('button', { name: 'Add Champion' }).click();
      const add = page.getByRole('dialog', { name: 'Add Champion' });
      await add.getByRole('button', { name: 'Add Highlight' }).click();
      await add.getByRole('button', { name: 'Add Champion' }).click();
      await expect(add.getByText('Player name cannot be empty')).toBeVisible();
    // A visible label, and the error tied to its field.
    await expect(add.getByLabel('Player 1', { exact: true })).toHaveAccessibleDescription('Player name cannot be empty');
      await expectNoAxeViolations(page, 'Add Champion with errors');
      await add.getByRole('button', { name: 'Upload Logo' }).click();
      await expect(page.getByRole('dialog', { name: 'Upload Logo' })).toBeVisible();
      await expectNoAxeViolations(page, 'logo uploader');
      await escapeFrom(page, page.getByRole('dialog', { name: 'Upload Logo' }));
      await expect(add).toBeVisible();
      await escapeFrom(page, add);
      await page.getByRole('button', { name: 'Edit Phantom Five' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Champion' })).toBeVisible();
      await expectNoAxeViolations(page, 'Edit Champion');
    });
  }
});
