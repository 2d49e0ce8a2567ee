import { acknowledgeDiscord, capacityOf, consentLabels, continueToPaymentStep, fillTeamInfo, payWithCard, teamsOf, tinyPng, uniqueTag, registeredPageUrl } from '../support/register-e2e';
import { createLiveTournament, expect, inDays, resetSite, test } from './fixtures';

test.describe('registration wizard (demo payments)', () => {
  test('registers a team end to end: team info with a logo, Discord, test card, its confirmation page', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Spring Split 2026', prizePool: '5000', entryFee: '25', currency: 'USD', maxTeams: 8 });
    const tag = uniqueTag();

    await page.goto('/register');
    await expect(page).toHaveTitle(/Team Registration/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Registration' })).toBeVisible();
    await expect(page.getByText('Join Spring Split 2026 and compete for $5,000.00')).toBeVisible();
    const progress = page.getByRole('navigation', { name: 'Registration progress' });
    await expect(progress.getByRole('listitem')).toHaveText([/Team Info/, /Discord/, /Payment/]);
    await expect(progress.locator('[aria-current="step"]')).toContainText('Team Info');
    await expect(page.getByLabel('Captain Riot ID', { exact: true })).toHaveAttribute('placeholder', 'Player#1234');
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');

    const teamName = await fillTeamInfo(page, tag);
    const logoInput = page.locator('input[type="file"]');
    await expect(logoInput).toHaveAttribute('accept', 'image/*');
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByAltText('Logo preview')).toBeVisible();
    const upload = page.waitForResponse((response) => response.url().endsWith('/api/upload-logo'));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const uploadResponse = await upload;
    const uploadedLogo = uploadResponse.ok() ? ((await uploadResponse.json()) as { logoUrl: string }).logoUrl : null;

    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Discord');
    await expect(page.getByText('Click the Discord link above to continue to payment')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await expect(page.getByRole('link', { name: /Join Our Discord Server/ })).toHaveAttribute('target', '_blank');
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Payment');
    await expect(page.getByText("Pay the entry fee to secure your team's spot in Spring Split 2026")).toBeVisible();
    await expect(page.getByTestId('entry-fee')).toHaveText('$25.00');
    await expect(page.getByText('Demo payment: no real money moves')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Team Info' })).toBeVisible();
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');

    await expect(page).toHaveURL(registeredPageUrl);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Payment Successful');
    await expect(toast).toContainText('Your team has been registered successfully!');
    await expect(page).not.toHaveTitle(/Team Registration/);

    const team = (await teamsOf(site, tournament.id)).find((t) => t.name === teamName);
    expect(team).toMatchObject({ paymentStatus: 'completed', amountPaid: 2500, logoUrl: uploadedLogo });
    expect(await capacityOf(site, tournament.id)).toMatchObject({ registered: 1, spotsLeft: 7 });
    await expect(page.getByTestId('registration-receipt')).toContainText(teamName);
  });

  test('refuses to continue until both consent boxes are ticked, then records the consent', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Consent Cup' });
    const tag = uniqueTag();
    await page.goto('/register');
    const continueButton = page.getByRole('button', { name: 'Continue to Payment' });
    const termsMissing = 'Accept the Terms of Service, the rules and the Refund Policy to continue';
    const agesMissing = "Confirm the players' ages to continue";
    // Before anything is ticked, the button's description says what is missing.
    await expect(continueButton).toHaveAccessibleDescription(`${termsMissing} ${agesMissing}`);

    const teamName = await fillTeamInfo(page, tag, { consent: false });
    const terms = page.getByLabel(consentLabels.terms);
    const ages = page.getByLabel(consentLabels.age);
    // Each legal text opens in a new tab, so the form is not lost.
    for (const [name, href] of [['Terms of Service', '/terms-of-service'], ['rules', '/rules'], ['Refund Policy', '/refund-policy']]) {
      const link = page.getByRole('main').getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await continueButton.click();
    await expect(page.getByRole('alert').filter({ hasText: termsMissing })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: agesMissing })).toBeVisible();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();

    // Said once: by each box's error, no longer also under the button.
    await expect(page.getByText(termsMissing)).toHaveCount(1);
    await expect(continueButton).toHaveAccessibleDescription('');

    await terms.check();
    await continueButton.click();
    await expect(page.getByRole('alert').filter({ hasText: termsMissing })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: agesMissing })).toBeVisible();
    expect(await teamsOf(site, tournament.id)).toHaveLength(0);

    await ages.check();
    await expect(continueButton).toHaveAccessibleDescription('');
    await continueButton.click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    const consent = (await site.adminApi.get(`/api/tournaments/${tournament.id}/teams`).then((r) => r.json())) as { name: string; consent: Record<string, string | null> }[];
    const recorded = consent.find((team) => team.name === teamName)?.consent;
    expect(recorded?.termsAcceptedAt).toBeTruthy();
    expect(recorded?.ageConfirmedAt).toBeTruthy();
    expect(recorded?.termsVersion).toMatch(/^[0-9a-f]{12}$/);
  });

  test("shows the declined card's 'Payment Failed', then a retry with the good card succeeds", async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Decline Cup', entryFee: '10.50', currency: 'EUR' });
    const tag = uniqueTag();
    await page.goto('/register');
    const teamName = await fillTeamInfo(page, tag);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByTestId('entry-fee')).toHaveText('€10.50');

    await payWithCard(page, '4000 0000 0000 0002', '€10.50');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Payment Failed');
    await expect(toast).toContainText('Your card was declined.');
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)?.paymentStatus).toBe('failed');

    await payWithCard(page, '4242424242424242', '€10.50');
    await expect(page).toHaveURL(registeredPageUrl);
    await expect(toast).toContainText('Payment Successful');
    expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)).toMatchObject({ paymentStatus: 'completed', amountPaid: 1050 });
  });

  test('a payment refunded because the tournament was cancelled meanwhile says so, never "Payment Successful"', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Cancelled Cup', entryFee: '25', currency: 'USD' });
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await continueToPaymentStep(page);

    // The organizer cancels the tournament while the captain types the card.
    expect((await site.adminApi.delete(`/api/tournaments/${tournament.id}`)).status()).toBe(204);
    const complete = page.waitForResponse((response) => response.url().endsWith('/payment-complete'));
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');
    expect(await (await complete).json()).toEqual({ paymentStatus: 'refunded' });

    const notice = page.getByTestId('payment-refunded');
    await expect(notice.getByRole('heading', { name: 'Payment Refunded' })).toBeVisible();
    await expect(notice).toContainText('the tournament is no longer running');
    await expect(notice).toContainText('refunded in full');
    await expect(page.getByText('Payment Successful')).toHaveCount(0);

    await notice.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(page.getByText('Payment Successful')).toHaveCount(0);
  });

  test('a fee raised while the captain is on the payment step: nothing is charged, the new fee is shown and paid', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Raise Cup', entryFee: '25', currency: 'USD' });
    await page.goto('/register');
    const teamName = await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByTestId('entry-fee')).toHaveText('$25.00');

    const raised = await site.adminApi.put(`/api/tournaments/${tournament.id}`, {
      data: { name: 'Raise Cup', format: '5v5', prizePool: '5000', entryFee: '50', currency: 'USD', maxTeams: 32, registrationCloses: inDays(7), tournamentDate: inDays(10) },
    });
    expect(raised.status()).toBe(200);
    // The new payment is slow to start, so the new fee shows before it: the card must still be typed into the form that pays.
    await page.route('**/api/create-payment-intent', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await payWithCard(page, '4242 4242 4242 4242', '$25.00');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Entry Fee Changed');
    await expect(toast).toContainText('Nothing was charged');
    await expect(page.getByTestId('entry-fee')).toHaveText('$50.00');
    // The Pay button that had focus went with the old form: focus is on the new payment's heading, not lost to the page.
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeInViewport();
    expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)?.paymentStatus).toBe('pending');

    await payWithCard(page, '4242 4242 4242 4242', '$50.00');
    await expect(page).toHaveURL(registeredPageUrl);
    await expect(toast).toContainText('Payment Successful');
    expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)).toMatchObject({ paymentStatus: 'completed', amountPaid: 5000 });
  });

  test('shows every validation message, and the server refusing a taken team name', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Validation Cup' });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    for (const message of [
      'Team name must be at least 3 characters',
      'Discord username is required',
      'Captain Riot ID is required',
      'Player 2 Riot ID is required',
      'Player 3 Riot ID is required',
      'Player 4 Riot ID is required',
      'Player 5 Riot ID is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The two consent boxes: each says what is missing.
    for (const message of ['Accept the Terms of Service, the rules and the Refund Policy to continue', "Confirm the players' ages to continue"]) {
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(page.getByRole('alert')).toHaveCount(9);
    await expect(page.getByLabel('Team Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    const tag = uniqueTag();
    await fillTeamInfo(page, tag, { teamName: 'ab' });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Team name must be at least 3 characters')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);

    // A name another team holds: the server says no, the wizard stays on step 1.
    await site.adminApi.post('/api/teams', {
      data: {
        tournamentId: (await (await site.adminApi.get('/api/tournaments/active')).json()).id,
        name: `Taken ${tag}`,
        logoUrl: null,
        captainDiscord: 'someone',
        captainRiotId: `Other${tag}#EUW`,
        players: [{ riotId: `Other${tag}#EUW` }, { riotId: `O2${tag}#EUW` }, { riotId: `O3${tag}#EUW` }, { riotId: `O4${tag}#EUW` }, { riotId: `O5${tag}#EUW` }],
        substitutes: [],
      },
    });
    await page.getByLabel('Team Name', { exact: true }).fill(`taken ${tag}`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const toast = page.getByTestId('toast');
    const reason = `A team named "taken ${tag}" is already registered for this tournament. Choose another team name.`;
    await expect(toast.getByText('Registration Failed', { exact: true })).toBeVisible();
    // The server's reason, once: in the toast and on the Team Name field, never a generic 'Please try again'.
    await expect(toast.getByText(reason, { exact: true })).toBeVisible();
    await expect(toast).toHaveCount(1);
    await expect(page.getByText(/Please try again/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    await expect(page.getByLabel('Team Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('form').getByRole('alert')).toHaveText([reason]);
  });

  test('a taken Riot ID is shown on its field, with why and what to do, in one toast', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Riot ID Cup' });
    const tag = uniqueTag();
    await site.adminApi.post('/api/teams', {
      data: {
        tournamentId: tournament.id,
        name: `Early ${tag}`,
        logoUrl: null,
        captainDiscord: 'someone',
        captainRiotId: `Early${tag}#EUW`,
        players: [{ riotId: `Early${tag}#EUW` }, { riotId: `E2${tag}#EUW` }, { riotId: `P3x${tag}#EUW` }, { riotId: `E4${tag}#EUW` }, { riotId: `E5${tag}#EUW` }],
        substitutes: [],
      },
    });
    await page.goto('/register');
    await fillTeamInfo(page, tag);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    const reason = `Riot ID "P3x${tag}#EUW" is already on a team in this tournament. A player can play for one team only: check the Riot ID, or ask that team's captain to remove it.`;
    const player3 = page.getByLabel('Player 3 Riot ID', { exact: true });
    await expect(player3).toHaveAttribute('aria-invalid', 'true');
    await expect(player3).toBeFocused();
    await expect(page.locator('form').getByRole('alert')).toHaveText([reason]);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Registration Failed');
    await expect(toast).toContainText(reason);
    await expect(page.getByText(/Please try again/)).toHaveCount(0);

    // Fixed on the field: the team registers.
    await player3.fill(`Q3x${tag}#EUW`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    // The refusal is no longer true: its toast does not linger over the next step (it would for 5 s).
    await expect(toast.filter({ hasText: 'Registration Failed' })).toBeHidden({ timeout: 1500 });
  });

  test('a Riot ID without a tag and a logo that is not an image are refused on step 1, with why', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Form Cup' });
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await page.getByLabel('Player 4 Riot ID', { exact: true }).fill('NoTagHere');
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    await expect(page.getByText('This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.')).toBeVisible();
    await expect(page.getByAltText('Logo preview')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Player 4 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
  });

  test('Back returns to team info and clears the Discord acknowledgement; the team is not created twice', async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Back Cup' });
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Back to Team Info' }).click();
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Click the Discord link above to continue to payment')).toBeVisible();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Registration' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Team Info' }).click();
    await expect(page.getByRole('heading', { name: 'Team Information' })).toBeVisible();
    expect(await teamsOf(site, tournament.id)).toHaveLength(1);
  });

  test("a free tournament skips payment with 'Registration Complete!'", async ({ page, site }) => {
    await resetSite(site);
    const tournament = await createLiveTournament(site, { name: 'Free Friday', entryFee: '0' });
    await page.goto('/register');
    const teamName = await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await acknowledgeDiscord(page);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page).toHaveURL(registeredPageUrl);
    await expect(page.getByTestId('toast')).toContainText('Registration Complete!');
    await expect(page.getByTestId('toast')).toContainText('Your team has been successfully registered for the tournament.');
    expect((await teamsOf(site, tournament.id)).find((t) => t.name === teamName)?.paymentStatus).toBe('completed');
  });

  test("a payment that cannot start shows 'Failed to initialize payment'; a payment system that cannot load says so", async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Outage Cup' });
    await page.goto('/register');
    await fillTeamInfo(page, uniqueTag());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await acknowledgeDiscord(page);

    await page.route('**/api/create-payment-intent', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByTestId('toast')).toContainText('Error');
    await expect(page.getByTestId('toast')).toContainText('Failed to initialize payment. Please try again.');
    await expect(page.getByRole('heading', { name: 'Join Discord Community' })).toBeVisible();
    await page.unroute('**/api/create-payment-intent');

    // Stripe mode whose script cannot be reached.
    await page.route('**/api/stripe-config', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"publishableKey":"pk_test_unreachable","mode":"stripe"}' }));
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Failed to load payment system')).toBeVisible();
  });
});
