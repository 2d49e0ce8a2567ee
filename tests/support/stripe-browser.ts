import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { StripeStandIn } from './stripe-stand-in';

const standInScript = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'stripe-js-stand-in.js'), 'utf8');

/**
 * Stripe in this page's browser without the internet: js.stripe.com answers with the Stripe.js
 * stand-in, and api.stripe.com is carried to the Stripe stand-in server the site itself talks to,
 * so a card confirmed in the page is the same payment the server then reads and gets webhooks about.
 */
export async function routeStripe(page: Page, stripe: StripeStandIn): Promise<void> {
  await page.route(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js(\?.*)?$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: standInScript, headers: { 'access-control-allow-origin': '*' } }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${stripe.protocol}://${stripe.host}:${stripe.port}${url.pathname}${url.search}` });
    // Stripe's API answers browsers with CORS headers.
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}
