import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expect, resetSite, test } from './fixtures';

// The Uppy dashboard's "Link" tab (Companion's URL provider, served by the site): the image is
// served by the test on 127.0.0.1, which the site reaches only through the name logos.test
// (URL_IMPORT_HOST_MAP in the fixtures); the server downloads, checks and re-encodes it.

let images: http.Server;
let imagesPort: number;
const requested: string[] = [];

test.beforeAll(async () => {
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#1d3557' } })
    .png()
    .toBuffer();
  images = http.createServer((request, response) => {
    requested.push(request.url!);
    if (request.url === '/brand/falcons.png') return response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesPort = (images.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

test.beforeEach(async ({ page, site, baseURL }) => {
  requested.length = 0;
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the organizer imports a logo from a web address and it is saved with the champion', async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Champion' });
  await dialog.getByLabel('Team Name').fill('Falcons');
  await dialog.getByRole('button', { name: 'Upload Logo' }).click();

  const dashboard = page.locator('.uppy-Dashboard--modal');
  await dashboard.getByRole('tab', { name: 'Link' }).click();
  await dashboard.getByLabel('Enter URL to import a file').fill(`http://logos.test:${imagesPort}/brand/falcons.png`);
  await dashboard.getByRole('button', { name: 'Import' }).click();
  // url/meta read the name, type and size: the file is listed like a local one.
  await expect(dashboard.getByText('falcons.png')).toBeVisible();
  await dashboard.getByRole('button', { name: /Upload 1 file/ }).click();

  await expect(toast(page, 'Logo Uploaded')).toBeVisible();
  const preview = dialog.getByTestId('logo-preview');
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/^\/objects\/logos\/[a-f0-9]{32}\.webp$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Fetched by the server: the meta request, then the download.
  expect(requested.filter((url) => url === '/brand/falcons.png').length).toBeGreaterThanOrEqual(2);

  await dialog.getByLabel('Tournament Name').fill('Link Cup');
  await dialog.getByLabel('Tournament Date').fill('2026-08-08');
  await dialog.getByRole('textbox', { name: 'Player 1', exact: true }).fill('Falcon#1');
  await dialog.getByRole('button', { name: 'Add Champion' }).click();
  await expect(toast(page, 'Champion Added')).toBeVisible();
  const [saved] = (await (await page.context().request.get('/api/champions')).json()) as { teamLogoUrl: string }[];
  expect(saved.teamLogoUrl).toBe(src);
  // Re-encoded, as any upload: a WebP, not the PNG that was served.
  const logo = await page.context().request.get(src!);
  expect(logo.headers()['content-type']).toBe('image/webp');
});

test("an address on the local network is refused with the server's reason", async ({ page }) => {
  await openAdminTab(page, 'Champions');
  await page.getByRole('button', { name: 'Add Champion' }).click();
  await page.getByRole('dialog', { name: 'Add Champion' }).getByRole('button', { name: 'Upload Logo' }).click();
  const dashboard = page.locator('.uppy-Dashboard--modal');
  await dashboard.getByRole('tab', { name: 'Link' }).click();
  await dashboard.getByLabel('Enter URL to import a file').fill(`http://127.0.0.1:${imagesPort}/brand/falcons.png`);
  await dashboard.getByRole('button', { name: 'Import' }).click();
  const refusal = dashboard.getByRole('alert').filter({ hasText: 'This address could not be imported. It must be a public link to an image.' }).first();
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('tooltip')).toHaveAttribute('aria-label', /it points to a private or local network/);
  await expect(dashboard.getByText('falcons.png')).toHaveCount(0);
  expect(requested.filter((url) => url === '/brand/falcons.png')).toHaveLength(0);
});
