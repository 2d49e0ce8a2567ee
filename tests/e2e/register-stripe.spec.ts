import type { Page } from '@playwright/test';
import { capacityOf, continueToPaymentStep, fillTeamInfo, teamsOf, uniqueTag, registeredPageUrl } from '../support/register-e2e';
import { routeStripe } from '../support/stripe-browser';
import type { StripeStandIn } from '../support/stripe-stand-in';
import { expectToast } from '../support/toasts';
import { createLiveTournament, expect, resetSite, test, type Site } from './fixtures';

// The registration wizard's Stripe path in the browser: the site runs in Stripe mode (the real
// `stripe` SDK against the Stripe stand-in, which also delivers its webhooks to the site), and the
// page loads the Stripe.js stand-in, whose confirmPayment goes to that same stand-in.
test.use({ payments: 'stripe' });

/** Team info and Discord done: the payment step, with Stripe's Payment Element mounted. */
async function reachPayment(page: Page, site: Site, stripe: StripeStandIn) {
  await resetSite(site);
  const tournament = await createLiveTournament(site, { name: 'Stripe Open 2026', entryFee: '25', currency: 'USD', maxTeams: 8 });
  await routeStripe(page, stripe);
  await page.goto('/register');
  const teamName = await fillTeamInfo(page, uniqueTag());
  await continueToPaymentStep(page);
  await expect(page.getByTestId('entry-fee')).toHaveText('$25.00');
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  // No demo notice in Stripe mode.
  await expect(page.getByText('Demo payment: no real money moves')).toHaveCount(0);
  const team = (await teamsOf(site, tournament.id)).find((t) => t.name === teamName)!;
  const [intentId] = [...stripe.intents.values()].filter((i) => i.metadata.teamId === team.id).map((i) => i.id);
  expect(intentId, 'the server created a payment intent for the team').toBeTruthy();
  return { tournament, teamName, teamId: team.id, intentId };
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Complete Registration - $25.00' }).click();
}

const browserConfirms = (stripe: StripeStandIn, intentId: string) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/confirm`);

test('a good card completes the registration: Payment Successful, the server checks with Stripe, the webhook is accepted', async ({ page, site, stripe }) => {
  const { tournament, teamName, intentId } = await reachPayment(page, site, stripe!);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(registeredPageUrl);
  await expectToast(page, 'Payment Successful', 'Your team has been registered successfully!');

  // Confirmed by the browser with the publishable key and the client secret, never the secret key.
  const [confirm] = browserConfirms(stripe!, intentId);
  expect(confirm).toMatchObject({
    authorization: null,
    params: { key: stripe!.publishableKey, payment_method_data: { type: 'card', card: { number: '4242 4242 4242 4242' } } },
  });
  expect(stripe!.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'usd' });
  // payment-complete asked Stripe itself, with the secret key.
  expect(
    stripe!.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}` && r.authorization === `Bearer ${stripe!.secretKey}`),
  ).toBe(true);
  await stripe!.settleDeliveries();
  expect(
    stripe!.deliveries.filter((d) => d.type === 'payment_intent.succeeded' && stripe!.eventsFor(d.type, intentId).some((e) => e.id === d.eventId)),
  ).toEqual([expect.objectContaining({ status: 200 })]);

  const team = (await teamsOf(site, tournament.id)).find((t) => t.name === teamName);
  expect(team).toMatchObject({ paymentStatus: 'completed', amountPaid: 2500 });
  expect(await capacityOf(site, tournament.id)).toMatchObject({ registered: 1 });
});

test("a card that needs the bank's 3-D Secure page comes back to the confirmation page, without Stripe's parameters in the address", async ({ page, site, stripe }) => {
  const { teamId, intentId } = await reachPayment(page, site, stripe!);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(registeredPageUrl);
  // Where Stripe would send the captain back after the bank's page (the stand-in confirms without it).
  expect(browserConfirms(stripe!, intentId)[0].params).toMatchObject({ return_url: `${site.url}/register/done/${teamId}` });

  // Stripe's return: the payment's client secret is dropped from the address, and the receipt is shown.
  await page.goto(`/register/done/${teamId}?payment_intent=${intentId}&payment_intent_client_secret=${intentId}_secret_x&redirect_status=succeeded`);
  await expect(page).toHaveURL(`${site.url}/register/done/${teamId}`);
  await expect(page.getByTestId('registration-receipt')).toContainText('Amount paid$25.00');
});

test("Finish Payment on the team page also comes back from the bank's page to the confirmation page", async ({ page, site, stripe }) => {
  const { teamId } = await reachPayment(page, site, stripe!);
  // The captain leaves the payment step and finishes from the team page instead.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your team', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/team/${teamId}`));
  await page.getByRole('button', { name: 'Finish Payment' }).click();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('registration-receipt').or(page.getByText('Payment Successful').first())).toBeVisible();
  const confirms = stripe!.requests.filter((r) => r.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.path));
  expect(confirms.at(-1)?.params).toMatchObject({ return_url: `${site.url}/register/done/${teamId}` });
});

test("a declined card shows 'Payment Failed' with Stripe's message, marks the attempt failed, and a second card can still pay", async ({
  page,
  site,
  stripe,
}) => {
  const { tournament, teamName, intentId } = await reachPayment(page, site, stripe!);
  await payWith(page, '4000 0000 0000 0002');

  await expectToast(page, 'Payment Failed', 'Your card was declined.');
  // The message also stays beside the card fields, and takes focus.
  const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(alert).toHaveText('Your card was declined.');
  await expect(alert).toBeFocused();
  await expect(page).toHaveURL(/\/register$/);
  expect(stripe!.intents.get(intentId)?.status).toBe('requires_payment_method');
  await stripe!.settleDeliveries();
  const failed = stripe!.eventsFor('payment_intent.payment_failed', intentId);
  expect(failed).toHaveLength(1);
  expect(stripe!.deliveries.find((d) => d.eventId === failed[0].id)).toMatchObject({ status: 200 });
  // The webhook recorded the failed attempt; the same payment can still be paid.
  expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)).toMatchObject({ paymentStatus: 'failed' });

  await payWith(page, '4242 4242 4242 4242');
  await expectToast(page, 'Payment Successful', 'Your team has been registered successfully!');
  expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)).toMatchObject({ paymentStatus: 'completed', amountPaid: 2500 });
});

test("an unexpected failure while confirming shows 'Payment Error', and nothing is charged", async ({ page, site, stripe }) => {
  const { tournament, teamName, intentId } = await reachPayment(page, site, stripe!);
  // Stripe's API cannot be reached at all: Stripe.js's confirmPayment throws instead of answering.
  await page.route('https://api.stripe.com/**', (route) => route.abort('internetdisconnected'), { times: 1 });
  await payWith(page, '4242 4242 4242 4242');

  await expectToast(page, 'Payment Error', 'An unexpected error occurred during payment.');
  await expect(page.getByRole('alert').filter({ hasText: 'An unexpected error occurred during payment.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Registration - $25.00' })).toBeEnabled();
  expect(browserConfirms(stripe!, intentId)).toEqual([]);
  expect(stripe!.intents.get(intentId)?.status).toBe('requires_payment_method');
  expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)).toMatchObject({ paymentStatus: 'pending' });
});
