import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, type Site } from '../e2e/fixtures';

/** A 1×1 PNG: enough for the logo pipeline to sniff, decode and re-encode. */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let seq = 0;
/** Names and Riot IDs no other test in this worker uses; short enough for a Riot game name (16) after a prefix like 'NewSub'. */
export function uniqueTag(): string {
  seq += 1;
  return `${process.pid % 1000}${seq % 100}${Date.now() % 10000}`;
}

export const shotsDir = process.env.REGISTER_SHOTS_DIR ?? '/tmp/register-shots';

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** The two consent boxes above 'Continue to Payment'. */
export const consentLabels = {
  terms: 'I accept the Terms of Service, the rules and the Refund Policy',
  age: "Every player on this roster is at least 13, and players under 18 have a parent's or guardian's consent",
};

export async function giveConsent(page: Page): Promise<void> {
  await page.getByLabel(consentLabels.terms).check();
  await page.getByLabel(consentLabels.age).check();
}

export async function fillTeamInfo(page: Page, tag: string, { teamName = `Team ${tag}`, consent = true } = {}): Promise<string> {
  await page.getByLabel('Team Name', { exact: true }).fill(teamName);
  await page.getByLabel('Captain Riot ID', { exact: true }).fill(`Cap${tag}#EUW`);
  await page.getByLabel('Discord Username', { exact: true }).fill(`cap${tag}`);
  for (const n of [2, 3, 4, 5]) await page.getByLabel(`Player ${n} Riot ID`, { exact: true }).fill(`P${n}x${tag}#EUW`);
  await page.getByLabel('Substitute 1 Riot ID (optional)', { exact: true }).fill(`Sub${tag}#EUW`);
  if (consent) await giveConsent(page);
  return teamName;
}

/** From a filled step 1 through the Discord step to the payment step, as a captain clicks through. */
export async function continueToPaymentStep(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await acknowledgeDiscord(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
}

/** The Discord invite opens in a new tab; the test answers it locally and closes it. */
export async function acknowledgeDiscord(page: Page): Promise<void> {
  await page.context().route('https://discord.gg/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Discord</title>' }));
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Join Our Discord Server/ }).click();
  await (await popup).close();
  await expect(page.getByText('Great! You can now continue to payment')).toBeVisible();
}

/** Where a registration ends, paid or free: its confirmation page (receipt, team link, what comes next). */
export const registeredPageUrl = /\/register\/done\/[0-9a-f-]{36}$/;

export async function payWithCard(page: Page, cardNumber: string, amountLabel: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Complete Registration - ${amountLabel}` }).click();
}

export async function teamsOf(site: Site, tournamentId: string) {
  return (await (await site.adminApi.get(`/api/tournaments/${tournamentId}/teams`)).json()) as { id: string; name: string; paymentStatus: string; logoUrl: string | null; amountPaid?: number | null }[];
}

export async function capacityOf(site: Site, tournamentId: string) {
  return (await (await site.adminApi.get(`/api/tournaments/${tournamentId}/capacity`)).json()) as { registered: number; spotsLeft: number };
}
