import type { Page } from '@playwright/test';
import { acknowledgeDiscord, fillTeamInfo, payWithCard, uniqueTag } from '../support/register-e2e';
import { adminTabs, openAdminTab, signInQuickly, switchAdminTab } from './admin-helpers';
import { contrastOf, escapeFrom, expectAccessible, payForTeam, publicPages, seedEveryState, stubVideoEmbeds } from './a11y-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, teamPayload, test, type Site } from './fixtures';

// Both engines, axe and IBM Equal Access, on every page and state, each scanned once per width:
// any axe result fails (moderate and minor included), and any IBM violation (see ibmViolations).

const widths = [1280, 390];

/** The path and query of a captain's private team link, to open on the test's site. */
const linkPath = (manageUrl: string) => {
  const url = new URL(manageUrl, 'http://site.invalid');
  return `${url.pathname}${url.search}`;
};

/** A message in the Inbox and an open invite on the Accounts tab, so neither tab is empty. */
async function fillInboxAndInvites(site: Site) {
  const message = await site.adminApi.post('/api/contact', {
    data: { name: 'Jo Rivera', email: 'jo@example.org', subject: 'Parking at the venue', message: 'Is there parking near the venue on the day?' },
  });
  expect(message.ok(), await message.text()).toBe(true);
  const invite = await site.adminApi.post('/api/admin/accounts/invites', { data: { role: 'staff' } });
  expect(invite.ok(), await invite.text()).toBe(true);
  return (await invite.json()) as { inviteUrl: string };
}

async function expectTabsAccessible(page: Page, state: string) {
  await openAdminTab(page, adminTabs[0]);
  for (const tab of adminTabs) {
    await switchAdminTab(page, tab);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectAccessible(page, `${tab} ${state}`);
  }
}

test.describe('both engines: public pages', () => {
  for (const width of widths) {
    test(`every public page with confirmed, failed and pending teams and a champion at ${width} px`, async ({ page, site }) => {
      test.setTimeout(180_000);
      await seedEveryState(site);
      await page.setViewportSize({ width, height: 900 });
      for (const path of publicPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} at ${width}px`);
      }
    });
  }

  test('empty states: no tournament, no champions; then a tournament without teams; then registration closed', async ({ page, site }) => {
    test.setTimeout(120_000);
    await resetSite(site);
    for (const path of ['/', '/teams', '/hall-of-fame', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} without a tournament`);
    }
    const tournament = await createLiveTournament(site, { name: 'Quiet Cup' });
    for (const path of ['/', '/teams']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} without teams`);
    }
    await site.adminApi.patch(`/api/tournaments/${tournament.id}/registration`, { data: { isOpen: false } });
    for (const path of ['/', '/teams', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} with registration closed`);
    }
  });

  test('open overlays and errors: FAQ, mobile drawer, contact errors, video dialog, sign-in errors', async ({ page, site }) => {
    await seedEveryState(site);
    await stubVideoEmbeds(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rules');
    await page.getByRole('button', { name: 'Can we get a refund?' }).click();
    await expect(page.getByText('Full refund when requested 48 hours or more before the tournament starts.')).toBeVisible();
    await expectAccessible(page, 'FAQ open');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page, 'drawer open');

    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
    await expectAccessible(page, 'contact errors');

    await page.goto('/hall-of-fame');
    await page.getByRole('button', { name: 'Watch Grand final ace' }).click();
    await expect(page.getByRole('dialog', { name: 'Grand final ace' })).toBeVisible();
    await expectAccessible(page, 'video dialog');

    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'sign-in errors');
  });
});

test.describe('both engines: registration wizard', () => {
  for (const width of widths) {
    test(`each step, its errors and a declined payment at ${width} px`, async ({ page, site }) => {
      test.setTimeout(90_000);
      await resetSite(site);
      await createLiveTournament(site, { name: 'Axe Cup' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
      await expectAccessible(page, 'step 1');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByText('Team name must be at least 3 characters')).toBeVisible();
      await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await expect(page.getByText('This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.')).toBeVisible();
      // The wrapper labels the file input itself and ties its error and hint to it.
      const logo = page.getByLabel('Team Logo (optional)');
      await expect(logo).toHaveAttribute('type', 'file');
      await expect(logo).toHaveAttribute('aria-invalid', 'true');
      await expect(logo).toHaveAccessibleDescription(
        'This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file. PNG, JPEG, WebP, GIF or AVIF, up to 5 MB.',
      );
      await expectAccessible(page, 'step 1 with every error');

      await page.locator('input[type="file"]').setInputFiles([]);
      await fillTeamInfo(page, uniqueTag());
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
      await expectAccessible(page, 'step 2');
      await acknowledgeDiscord(page);
      await expectAccessible(page, 'step 2 acknowledged');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
      await expectAccessible(page, 'step 3');
      await payWithCard(page, '4000 0000 0000 0002', '$25.00');
      await expect(page.getByText('Your card was declined.', { exact: true }).first()).toBeVisible();
      await expectAccessible(page, 'step 3 declined');
    });
  }
});

test.describe('both engines: admin', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInQuickly(page, baseURL!);
  });

  for (const width of widths) {
    test(`every tab empty at ${width} px`, async ({ page, site }) => {
      test.setTimeout(120_000);
      await resetSite(site);
      await page.setViewportSize({ width, height: 900 });
      await expectTabsAccessible(page, `empty at ${width}px`);
      await createLiveTournament(site, { name: 'Teamless Cup' });
      await openAdminTab(page, 'Teams');
      await expect(page.getByText('No teams registered yet.')).toBeVisible();
      await expectAccessible(page, `Teams without teams at ${width}px`);
      await switchAdminTab(page, 'Match Day');
      await expect(page.getByRole('heading', { name: 'Bracket' })).toBeVisible();
      await expectAccessible(page, `Match Day without teams at ${width}px`);
    });
  }

  for (const width of widths) {
    test(`every tab and dialog with confirmed, failed and pending teams, a message and an invite at ${width} px`, async ({ page, site }) => {
      test.setTimeout(180_000);
      await seedEveryState(site);
      await fillInboxAndInvites(site);
      await page.setViewportSize({ width, height: 900 });
      await expectTabsAccessible(page, `filled at ${width}px`);
      const teams = page.getByTestId('admin-team-card');
      await openAdminTab(page, 'Teams');
      await expect(teams).toHaveCount(3);
      await page.getByRole('button', { name: 'Refund Confirmed Crew' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund Team' });
      await expect(refund.getByText('By the refund policy: $25.00')).toBeVisible();
      await refund.getByRole('button', { name: 'Confirm Refund' }).click();
      await expect(refund.getByText('Give a reason of at least 3 characters')).toBeVisible();
      await expectAccessible(page, 'Refund Team with errors');
      await refund.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Remove Confirmed Crew' }).click();
      await expect(page.getByRole('dialog', { name: 'Remove Team' }).getByText('No refund')).toBeVisible();
      await expectAccessible(page, 'Remove Team');
      await escapeFrom(page, page.getByRole('dialog', { name: 'Remove Team' }));

      await openAdminTab(page, 'Tournaments');
      await page.getByRole('button', { name: 'Create Tournament' }).click();
      const create = page.getByRole('dialog', { name: 'Create Tournament' });
      await create.getByRole('button', { name: 'Create Tournament' }).click();
      await expect(create.getByText('Tournament name must be at least 3 characters')).toBeVisible();
      await expectAccessible(page, 'Create Tournament with errors');
      await create.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Edit Winter Clash 2026' }).filter({ visible: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Tournament' })).toBeVisible();
      await expectAccessible(page, 'Edit Tournament');
      await escapeFrom(page, page.getByRole('dialog', { name: 'Edit Tournament' }));
      await page.getByRole('button', { name: 'Delete Winter Clash 2026' }).filter({ visible: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete Tournament' })).toBeVisible();
      await expectAccessible(page, 'Delete Tournament');
      await escapeFrom(page, page.getByRole('alertdialog', { name: 'Delete Tournament' }));
      await page.getByRole('button', { name: 'Cancel tournament Winter Clash 2026' }).filter({ visible: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Cancel Tournament' })).toBeVisible();
      await expectAccessible(page, 'Cancel Tournament');
      await escapeFrom(page, page.getByRole('alertdialog', { name: 'Cancel Tournament' }));

      await openAdminTab(page, 'Champions');
      await page.getByRole('button', { name: 'Add Champion' }).click();
      const add = page.getByRole('dialog', { name: 'Add Champion' });
      await add.getByRole('button', { name: 'Add Highlight' }).click();
      await add.getByRole('button', { name: 'Add Champion' }).click();
      await expect(add.getByText('Player name cannot be empty')).toBeVisible();
      // A visible label, and the error tied to its field.
      await expect(add.getByLabel('Player 1', { exact: true })).toHaveAccessibleDescription('Player name cannot be empty');
      await expectAccessible(page, 'Add Champion with errors');
      await add.getByRole('button', { name: 'Upload Logo' }).click();
      await expect(page.getByRole('dialog', { name: 'Upload Logo' })).toBeVisible();
      await expectAccessible(page, 'logo uploader');
      await escapeFrom(page, page.getByRole('dialog', { name: 'Upload Logo' }));
      await expect(add).toBeVisible();
      await escapeFrom(page, add);
      await page.getByRole('button', { name: 'Edit Phantom Five' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Champion' })).toBeVisible();
      await expectAccessible(page, 'Edit Champion');
    });

    test(`Match Day with a drawn bracket, its result dialog, and the public bracket at ${width} px`, async ({ page, site }) => {
      await resetSite(site);
      const cup = await createLiveTournament(site, { name: 'Bracket Cup', entryFee: '0', checkInEnabled: false });
      for (const name of ['Alpha Wolves', 'Bravo Squad', 'Charlie Five', 'Delta Force']) await registerTeam(site, cup.id, name);
      const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration' } });
      expect(drawn.ok(), await drawn.text()).toBe(true);
      await page.setViewportSize({ width, height: 900 });
      await openAdminTab(page, 'Match Day');
      const badge = page.getByTestId('bracket-round').getByText('Now playing');
      await expect(badge).toBeVisible();
      // Small text (10.4 px) on the card: 4.5:1 at least.
      for (const { what, ratio } of await contrastOf(page, '[data-testid="bracket-round"] h2 span', 'text')) expect(ratio, what).toBeGreaterThanOrEqual(4.5);
      await expectAccessible(page, `Match Day with a bracket at ${width}px`);
      await page.getByRole('button', { name: 'Enter result: Alpha Wolves vs Delta Force' }).click();
      await expect(page.getByRole('dialog', { name: 'Alpha Wolves vs Delta Force' })).toBeVisible();
      await expectAccessible(page, `result dialog at ${width}px`);
      await escapeFrom(page, page.getByRole('dialog', { name: 'Alpha Wolves vs Delta Force' }));
      await page.goto('/bracket');
      await expect(page.getByTestId('bracket-round').getByText('Now playing')).toBeVisible();
      await expectAccessible(page, `/bracket with a bracket at ${width}px`);
    });
  }
});

test.describe("both engines: the captain's and the invitee's pages", () => {
  for (const width of widths) {
    test(`team pages (paid, awaiting payment, waitlisted, withdrawing), a full registration, the waitlist and an invite at ${width} px`, async ({
      page,
      site,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await resetSite(site);
      const { inviteUrl } = await fillInboxAndInvites(site);
      const cup = await createLiveTournament(site, { name: 'Phone Cup', maxTeams: 4 });
      const paid = await registerTeam(site, cup.id, 'Paid Panthers');
      await payForTeam(site, cup.id, paid.id, '4242424242424242');
      const pending = await registerTeam(site, cup.id, 'Pending Pumas');
      // Full: the last two spots are held too.
      await registerTeam(site, cup.id);
      await registerTeam(site, cup.id);
      const joined = await site.adminApi.post(`/api/tournaments/${cup.id}/waitlist`, { data: teamPayload(cup.id, 'Waiting Wolves') });
      expect(joined.ok(), await joined.text()).toBe(true);
      const waiting = (await joined.json()) as { manageUrl: string };
      await page.setViewportSize({ width, height: 900 });

      await page.goto(new URL(inviteUrl).pathname);
      await expect(page.getByRole('heading', { name: 'Join the Organizing Team' })).toBeVisible();
      await expectAccessible(page, `invite page at ${width}px`);

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `/register when full at ${width}px`);

      await page.goto(linkPath(pending.manageUrl));
      await expect(page.getByTestId('team-status')).toHaveText('Awaiting payment');
      await expectAccessible(page, `team page awaiting payment at ${width}px`);
      await page.goto(linkPath(waiting.manageUrl));
      await expect(page.getByRole('heading', { level: 1, name: 'Waiting Wolves' })).toBeVisible();
      await expectAccessible(page, `team page on the waitlist at ${width}px`);
      await page.goto(linkPath(paid.manageUrl));
      await expect(page.getByTestId('team-status')).toHaveText('Paid');
      await expectAccessible(page, `team page paid at ${width}px`);
      await page.getByRole('button', { name: 'Withdraw Team' }).click();
      await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'Withdraw your team?' })).toBeVisible();
      await expectAccessible(page, `withdraw dialog at ${width}px`);
      await escapeFrom(page, page.getByRole('alertdialog'));

      await signInQuickly(page, baseURL!);
      await openAdminTab(page, 'Teams');
      await expect(page.getByTestId('admin-waitlist').getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page, `Teams with the waitlist at ${width}px`);
    });
  }
});
