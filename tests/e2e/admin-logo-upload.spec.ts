import sharp from 'sharp';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expect, resetSite, test } from './fixtures';

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

const redSquare = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#d62828' } }).png().toBuffer();

test('a logo uploaded through the Uppy dashboard shows as a preview and is saved with the champion', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await dialog.getByLabel('Team Name').fill('Logo Legends');

  await dialog.getByRole('button', { name: 'Upload Logo' }).click();
  const dashboard = page.locator('.uppy-Dashboard--modal');
  await expect(dashboard.getByText('One image (PNG, JPEG, WebP, GIF or AVIF), up to 5 MB')).toBeVisible();
  await dashboard.locator('input[type=file]').first().setInputFiles({ name: 'legends.png', mimeType: 'image/png', buffer: await redSquare() });
  await dashboard.getByRole('button', { name: /Upload 1 file/ }).click();

  await expect(toast(page, 'Logo Uploaded')).toBeVisible();
  const preview = page.getByRole('dialog', { name: 'Add Champion' }).getByTestId('logo-preview');
  await expect(preview).toBeVisible();
  // The typed values survive the trip to the uploader.
  await expect(dialog.getByLabel('Team Name')).toHaveValue('Logo Legends');
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/^\/objects\/logos\/[a-f0-9]{32}\.(webp|png)$/);
  const logo = await page.context().request.get(src!);
  expect(logo.ok()).toBe(true);
  expect(logo.headers()['content-type']).toMatch(/^image\//);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await dialog.getByLabel('Tournament Name').fill('Logo Cup');
  await dialog.getByLabel('Tournament Date').fill('2026-08-08');
  await dialog.getByRole('textbox', { name: 'Player 1', exact: true }).fill('Legend#1');
  await dialog.getByRole('button', { name: 'Add Champion' }).click();
  await expect(toast(page, 'Champion Added')).toBeVisible();
  const [saved] = (await (await page.context().request.get('/api/champions')).json()) as { teamLogoUrl: string }[];
  expect(saved.teamLogoUrl).toBe(src);
});

test("a 6 MB file gets Uppy's size message and is not uploaded", async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  await page.getByRole('dialog', { name: 'Add Champion' }).getByRole('button', { name: 'Upload Logo' }).click();
  const dashboard = page.locator('.uppy-Dashboard--modal');
  await dashboard.locator('input[type=file]').first().setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  // Uppy's informer may list the same message twice (its core and its file input both report it).
  await expect(dashboard.getByRole('alert').filter({ hasText: 'huge.png exceeds maximum allowed size of 5 MB' }).first()).toBeVisible();
  await expect(dashboard.getByRole('button', { name: /Upload 1 file/ })).toHaveCount(0);
});

test('a file that is not an image gets Uppy\'s type message', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  await page.getByRole('dialog', { name: 'Add Champion' }).getByRole('button', { name: 'Upload Logo' }).click();
  const dashboard = page.locator('.uppy-Dashboard--modal');
  await dashboard.locator('input[type=file]').first().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dashboard.getByRole('alert').filter({ hasText: 'You can only upload: image/png, image/jpeg, image/webp, image/gif, image/avif' }).first()).toBeVisible();
});
