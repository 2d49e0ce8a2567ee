import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectToast } from '../support/toasts';
import { openAdminTab, signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

// What the organizer sees when the server refuses or fails a save or an upload: each toast's title
// and text, word for word. Failures come from the real server where a real one exists (the record
// was deleted meanwhile, a file that is no image), else from the request answered 500/503 by the test.

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

/** Answers the next matching request as the server does when its database is away. */
async function failNext(page: Page, method: string, url: string | RegExp, status: 500 | 503) {
  const body =
    status === 503
      ? { error: 'The site cannot reach its database right now. Please try again in a moment.' }
      : { error: 'Something went wrong on our side. Please try again.' };
  await page.route(
    url,
    (route) =>
      route.request().method() === method ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }) : route.fallback(),
    { times: 1 },
  );
}

async function championId(site: { adminApi: import('@playwright/test').APIRequestContext }, teamName: string) {
  const response = await site.adminApi.post('/api/champions', {
    data: {
      placement: 1,
      teamName,
      tournamentName: 'Autumn Open 2025',
      tournamentDate: '2025-10-18T18:00:00.000Z',
      playerNames: ['Ace#EUW'],
      highlights: [],
      currency: 'USD',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

test.describe('tournament saves that fail', () => {
  test("creating while the server is unavailable shows 'Failed to create tournament' and keeps the form", async ({ page }) => {
    await openAdminTab(page, 'Tournaments');
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Tournament' });
    await dialog.getByLabel('Tournament Name').fill('Outage Open');
    await dialog.getByLabel('Format').fill('5v5 Single Elimination');
    await dialog.getByLabel('Prize Pool').fill('2500');
    await dialog.getByLabel('Entry Fee').fill('20');
    await dialog.getByLabel('Registration Closes').fill('2031-03-14T18:30');
    await dialog.getByLabel('Tournament Date').fill('2031-03-20T20:00');
    await failNext(page, 'POST', '**/api/tournaments', 503);
    await dialog.getByRole('button', { name: 'Create Tournament' }).click();

    await expectToast(page, 'Error', 'Failed to create tournament. Please try again.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Tournament Name')).toHaveValue('Outage Open');
    expect(await (await page.context().request.get('/api/tournaments')).json()).toEqual([]);
  });

  test("updating a tournament deleted meanwhile shows 'Failed to update tournament'", async ({ page, site }) => {
    const { id } = await createLiveTournament(site, { name: 'Vanishing Cup' }, { open: false });
    await openAdminTab(page, 'Tournaments');
    await page.getByRole('button', { name: 'Edit Vanishing Cup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tournament' });
    await dialog.getByLabel('Tournament Name').fill('Vanished Cup');
    // Another organizer's tab deletes it while this one edits.
    expect((await site.adminApi.delete(`/api/tournaments/${id}`)).ok()).toBe(true);
    await dialog.getByRole('button', { name: 'Update Tournament' }).click();

    await expectToast(page, 'Error', 'Failed to update tournament. Please try again.');
    await expect(dialog).toBeVisible();
  });

  test("an update the server fails with a 500 shows 'Failed to update tournament'", async ({ page, site }) => {
    await createLiveTournament(site, { name: 'Glitch Cup' }, { open: false });
    await openAdminTab(page, 'Tournaments');
    await page.getByRole('button', { name: 'Edit Glitch Cup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tournament' });
    await dialog.getByLabel('Prize Pool').fill('9999');
    await failNext(page, 'PUT', /\/api\/tournaments\/[^/]+$/, 500);
    await dialog.getByRole('button', { name: 'Update Tournament' }).click();

    await expectToast(page, 'Error', 'Failed to update tournament. Please try again.');
    const [saved] = (await (await page.context().request.get('/api/tournaments')).json()) as { prizePool: string }[];
    expect(saved.prizePool).toBe('5000.00');
  });
});

test.describe('champion saves that fail', () => {
  test("adding while the server fails shows 'Failed to add champion' and keeps the form", async ({ page }) => {
    await openAdminTab(page, 'Champions');
    await page.getByRole('button', { name: 'Add Champion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Champion' });
    await dialog.getByLabel('Tournament Name').fill('Autumn Major 2026');
    await dialog.getByLabel('Tournament Date').fill('2026-10-18');
    await dialog.getByLabel('Team Name').fill('Crimson Tide');
    await dialog.getByRole('textbox', { name: 'Player 1', exact: true }).fill('Tide#EUW');
    await failNext(page, 'POST', '**/api/champions', 500);
    await dialog.getByRole('button', { name: 'Add Champion' }).click();

    await expectToast(page, 'Error', 'Failed to add champion. Please try again.');
    await expect(dialog.getByLabel('Team Name')).toHaveValue('Crimson Tide');
    expect(await (await page.context().request.get('/api/champions')).json()).toEqual([]);
  });

  test("updating a champion deleted meanwhile shows 'Failed to update champion'", async ({ page, site }) => {
    const id = await championId(site, 'Phantom Five');
    await openAdminTab(page, 'Champions');
    await page.getByRole('button', { name: 'Edit Phantom Five' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Champion' });
    await dialog.getByLabel('Team Name').fill('Phantom Six');
    expect((await site.adminApi.delete(`/api/champions/${id}`)).ok()).toBe(true);
    await dialog.getByRole('button', { name: 'Update Champion' }).click();

    await expectToast(page, 'Error', 'Failed to update champion. Please try again.');
    await expect(dialog).toBeVisible();
  });
});

test.describe('logo uploads that fail', () => {
  const redSquare = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#d62828' } })
      .png()
      .toBuffer();

  async function openUploader(page: Page) {
    await openAdminTab(page, 'Champions');
    await page.getByRole('button', { name: 'Add Champion' }).click();
    await page.getByRole('dialog', { name: 'Add Champion' }).getByRole('button', { name: 'Upload Logo' }).click();
    return page.locator('.uppy-Dashboard--modal');
  }

  test("no upload URL from the server shows 'Upload Error'", async ({ page, consoleErrors }) => {
    const dashboard = await openUploader(page);
    await failNext(page, 'POST', '**/api/objects/upload', 503);
    await dashboard
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: await redSquare() });
    await dashboard.getByRole('button', { name: /Upload 1 file/ }).click();

    await expectToast(page, 'Upload Error', 'Failed to prepare file upload. Please try again.');
    await expect(page.getByTestId('logo-preview')).toHaveCount(0);
    // Uppy's logger reports the failed upload on the console: expected here, and nothing else is.
    const uppyLog = consoleErrors.findIndex((line) => /^\[Uppy\] .*Failed to prepare file upload\. Please try again\.$/.test(line));
    expect(uppyLog, consoleErrors.join('\n')).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(uppyLog, 1);
  });

  test("a stored file the server will not turn into a logo shows 'Upload Warning'", async ({ page }) => {
    const dashboard = await openUploader(page);
    // Named and typed as a PNG, so Uppy sends it; the server sniffs the bytes and refuses it as a logo.
    await dashboard
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture at all') });
    const finalize = page.waitForResponse((response) => response.url().endsWith('/api/team-logos') && response.request().method() === 'PUT');
    await dashboard.getByRole('button', { name: /Upload 1 file/ }).click();

    expect((await finalize).status()).toBeGreaterThanOrEqual(400);
    await expectToast(page, 'Upload Warning', 'Logo uploaded but may not be publicly accessible.');
    await expect(page.getByTestId('logo-preview')).toHaveCount(0);
  });
});
