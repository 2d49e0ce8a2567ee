import type { Locator, Page } from '@playwright/test';
import { acknowledgeDiscord, fillTeamInfo, payWithCard, teamsOf, uniqueTag, registeredPageUrl } from '../support/register-e2e';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { escapeFrom, focused, seedEveryState, stubVideoEmbeds } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

// Each step records document.activeElement (via `focused`), so a failure shows where focus went instead.

/** Presses Enter on a control as a keyboard user would, after Tab has brought them there. */
async function activate(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

/** Tabs forward until the focused element's description matches, as a keyboard user would. */
async function tabTo(page: Page, target: RegExp) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (target.test(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${target}; focus is on ${await focused(page)}`);
}

test.describe('dialogs hand focus back to the control that opened them', () => {
  test('Create and Edit Tournament: Escape, Cancel, × and a save', async ({ page, site, baseURL }) => {
    await seedEveryState(site);
    await signInQuickly(page, baseURL!);
    await openAdminTab(page, 'Tournaments');
    const create = page.getByRole('button', { name: 'Create Tournament' });
    const dialog = page.getByRole('dialog', { name: 'Create Tournament' });
    for (const close of ['Escape', 'Cancel', 'Close'] as const) {
      await activate(create);
      await expect(dialog).toBeVisible();
      await expect.poll(() => focused(page), `focus in the dialog before ${close}`).toBe('input Tournament Name');
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await activate(dialog.getByRole('button', { name: close, exact: true }));
      await expect(dialog).toBeHidden();
      await expect.poll(() => focused(page), `after ${close}`).toBe('button Create Tournament');
    }

    const edit = page.getByRole('button', { name: 'Edit Winter Clash 2026' }).filter({ visible: true });
    const editDialog = page.getByRole('dialog', { name: 'Edit Tournament' });
    await activate(edit);
    await expect(editDialog).toBeVisible();
    await escapeFrom(page, editDialog);
    await expect(editDialog).toBeHidden();
    await expect.poll(() => focused(page), 'after Escape in Edit').toBe('button Edit Winter Clash 2026');
    await activate(edit);
    await activate(editDialog.getByRole('button', { name: 'Update Tournament' }));
    await expect(editDialog).toBeHidden();
    await expect.poll(() => focused(page), 'after saving the edit').toBe('button Edit Winter Clash 2026');

    const remove = page.getByRole('button', { name: 'Delete Winter Clash 2026' }).filter({ visible: true });
    await activate(remove);
    await escapeFrom(page, page.getByRole('alertdialog', { name: 'Delete Tournament' }));
    await expect.poll(() => focused(page), 'after Escape in the delete confirmation').toBe('button Delete Winter Clash 2026');
  });

  test('Add and Edit Champion, and the logo uploader inside them', async ({ page, site, baseURL }) => {
    await seedEveryState(site);
    await signInQuickly(page, baseURL!);
    await openAdminTab(page, 'Champions');
    const add = page.getByRole('button', { name: 'Add Champion' });
    const dialog = page.getByRole('dialog', { name: 'Add Champion' });
    await activate(add);
    await expect(dialog).toBeVisible();
    await activate(dialog.getByRole('button', { name: 'Upload Logo' }));
    const uploader = page.getByRole('dialog', { name: 'Upload Logo' });
    await expect(uploader).toBeVisible();
    await expect.poll(() => uploader.evaluate((el) => el.contains(document.activeElement)), 'focus in the uploader').toBe(true);
    await page.keyboard.press('Escape');
    await expect(uploader).toBeHidden();
    await expect.poll(() => focused(page), 'after Escape in the uploader').toBe('button Upload Logo');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page), 'after Escape in Add Champion').toBe('button Add Champion');
    await activate(add);
    await activate(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => focused(page), 'after Cancel in Add Champion').toBe('button Add Champion');

    const edit = page.getByRole('button', { name: 'Edit Phantom Five' });
    const editDialog = page.getByRole('dialog', { name: 'Edit Champion' });
    await activate(edit);
    await activate(editDialog.getByRole('button', { name: 'Close', exact: true }));
    await expect(editDialog).toBeHidden();
    await expect.poll(() => focused(page), 'after × in Edit Champion').toBe('button Edit Phantom Five');
    await activate(edit);
    await activate(editDialog.getByRole('button', { name: 'Update Champion' }));
    await expect(editDialog).toBeHidden();
    await expect.poll(() => focused(page), 'after saving the champion').toBe('button Edit Phantom Five');
  });

  test('the Hall of Fame video opens with focus on the dialog, and Escape returns to Watch', async ({ page, site }) => {
    await seedEveryState(site);
    await stubVideoEmbeds(page);
    await page.goto('/hall-of-fame');
    const watch = page.getByRole('button', { name: 'Watch Grand final ace' });
    await activate(watch);
    const dialog = page.getByRole('dialog', { name: 'Grand final ace' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el === document.activeElement), 'focus on the dialog, not in the player').toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page)).toBe('button Watch Grand final ace');
  });
});

test.describe('the wizard puts focus where the captain reads next', () => {
  test('errors, each step heading, card errors on their field, and the home page after paying', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Focus Cup' });
    await page.goto('/register');
    await activate(page.getByRole('button', { name: 'Continue to Payment' }));
    await expect(page.getByText('Team name must be at least 3 characters')).toBeVisible();
    await expect.poll(() => focused(page), 'step 1 with errors').toBe('input Team Name');

    await fillTeamInfo(page, uniqueTag());
    await activate(page.getByRole('button', { name: 'Continue to Payment' }));
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    await expect.poll(() => focused(page), 'step 2').toBe('h2 Join Discord Community');

    await activate(page.getByRole('button', { name: 'Back to Team Info' }));
    await expect.poll(() => focused(page), 'back on step 1').toBe('h2 Team Information');
    await activate(page.getByRole('button', { name: 'Continue to Payment' }));
    await acknowledgeDiscord(page);
    await activate(page.getByRole('button', { name: 'Continue to Payment' }));
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await expect.poll(() => focused(page), 'step 3').toBe('h2 Complete Your Registration');

    const cardNumber = page.getByLabel('Card number');
    await activate(page.getByRole('button', { name: 'Complete Registration - $25.00' }));
    await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => focused(page), 'empty card').toBe('input Card number');
    await expect(cardNumber).toHaveAccessibleDescription('Your card number is incorrect.');

    await payWithCard(page, '4000 0000 0000 0002', '$25.00');
    await expect(cardNumber).toHaveAccessibleDescription('Your card was declined.');
    await expect.poll(() => focused(page), 'declined card').toBe('input Card number');
    // The message stays after the toast has gone.
    await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('01 / 20');
    await activate(page.getByRole('button', { name: 'Complete Registration - $25.00' }));
    await expect(page.getByLabel('Expiry (MM / YY)')).toHaveAccessibleDescription("Your card's expiration year is in the past.");
    await expect.poll(() => focused(page), 'expired card').toBe('input Expiry (MM / YY)');

    await payWithCard(page, '4242 4242 4242 4242', '$25.00');
    await expect(page).toHaveURL(registeredPageUrl);
    await expect.poll(() => focused(page), 'home after paying').toMatch(/^main/);
  });

  test("a free tournament's 'Complete Registration' and a name the server refuses", async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Free Focus Cup', entryFee: '0' });
    const tag = uniqueTag();
    await page.goto('/register');
    await fillTeamInfo(page, tag);
    await activate(page.getByRole('button', { name: 'Continue to Payment' }));
    await acknowledgeDiscord(page);
    await activate(page.getByRole('button', { name: 'Complete Registration' }));
    await expect(page).toHaveURL(registeredPageUrl);
    await expect.poll(() => focused(page), 'home after a free registration').toMatch(/^main/);
    expect(await teamsOf(site, tournament.id)).toHaveLength(1);

    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag(), { teamName: `team ${tag}` });
    await activate(page.getByRole('button', { name: 'Continue to Payment' }));
    // The server's reason sits on the field it is about, and focus goes there.
    const reason = page.locator('form').getByRole('alert').filter({ hasText: 'is already registered for this tournament' });
    await expect(reason).toBeVisible();
    await expect(page.getByLabel('Team Name', { exact: true })).toBeFocused();
  });
});

test.describe('keyboard alone', () => {
  test('registers a team and pays: Tab, typing, Enter', async ({ page, site }) => {
    test.setTimeout(90_000);
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Keys Cup' });
    const tag = uniqueTag();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    const fields: [RegExp, string][] = [
      [/^input Team Name$/, `Keys ${tag}`],
      [/^input Captain Riot ID$/, `Cap${tag}#EUW`],
      [/^input Discord Username$/, `cap${tag}`],
      [/^input Player 2 Riot ID$/, `P2${tag}#EUW`],
      [/^input Player 3 Riot ID$/, `P3${tag}#EUW`],
      [/^input Player 4 Riot ID$/, `P4${tag}#EUW`],
      [/^input Player 5 Riot ID$/, `P5${tag}#EUW`],
    ];
    for (const [field, value] of fields) {
      await tabTo(page, field);
      await page.keyboard.type(value);
    }
    // The consent boxes tick with Space.
    await tabTo(page, /^input I accept the Terms of Service, the rules and the Refund Policy$/);
    await page.keyboard.press('Space');
    await tabTo(page, /^input Every player on this roster is at least 13/);
    await page.keyboard.press('Space');
    await tabTo(page, /^button Continue to Payment$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();

    await page.context().route('https://discord.gg/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Discord</title>' }));
    await tabTo(page, /^a Join Our Discord Server/);
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    await (await popup).close();
    await page.bringToFront();
    await tabTo(page, /^button Continue to Payment$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();

    await tabTo(page, /^input Card number$/);
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(registeredPageUrl);
    expect((await teamsOf(site, tournament.id)).find((t) => t.name === `Keys ${tag}`)?.paymentStatus).toBe('completed');
  });

  test('creates a tournament in the admin: Tab, arrow keys, typing, Enter', async ({ page, site, baseURL }) => {
    await resetSite(site);
    await signInQuickly(page, baseURL!);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
    await tabTo(page, /^button Overview$/);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Tournaments' })).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, /^button Create Tournament$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Tournament' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focused(page)).toBe('input Tournament Name');
    await page.keyboard.type('Keyboard Cup');
    const typed: [RegExp, string][] = [
      [/^input Format$/, '5v5 Single Elimination'],
      [/^input Prize Pool$/, '1000'],
      [/^input Entry Fee$/, '10'],
    ];
    for (const [field, value] of typed) {
      await tabTo(page, field);
      await page.keyboard.type(value);
    }
    // A date field takes its parts typed in order; Tab moves from the date to the time.
    for (const field of [/^input Registration Closes$/, /^input Tournament Date$/]) {
      await tabTo(page, field);
      await page.keyboard.type(field.source.includes('Closes') ? '12302030' : '12312030');
      await page.keyboard.press('Tab');
      await page.keyboard.type('0600PM');
    }
    await tabTo(page, /^button Create Tournament$/);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page), 'after creating').toBe('button Create Tournament');
    await expect(page.getByTestId('tournament-row').filter({ hasText: 'Keyboard Cup' })).toBeVisible();
  });
});
