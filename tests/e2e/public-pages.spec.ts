import { createLiveTournament, expect, resetSite, test, type Site } from './fixtures';

async function addChampion(site: Site, overrides: Record<string, unknown> = {}) {
  const response = await site.adminApi.post('/api/champions', {
    data: {
      placement: 1,
      teamName: 'Phantom Five',
      tournamentName: 'Autumn Open 2025',
      tournamentDate: '2025-10-18T18:00:00.000Z',
      playerNames: ['Ace#EUW', 'Blitz#EUW', 'Cipher#EUW', 'Drift#EUW', 'Echo#EUW'],
      highlights: [
        { title: 'Grand final ace', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' },
        { title: 'Tournament recap', url: 'https://example.com/recap', type: 'youtube' },
      ],
      prizeAmount: '2500',
      currency: 'GBP',
      teamQuote: 'We never stopped believing.',
      ...overrides,
    },
  });
  if (!response.ok()) throw new Error(await response.text());
  return (await response.json()) as { id: string };
}

test.describe('hall of fame', () => {
  test('with no champions it says so', async ({ page, site }) => {
    await resetSite(site);
    await page.goto('/hall-of-fame');
    await expect(page.getByRole('heading', { level: 1, name: 'Hall of Fame' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Champions Yet' })).toBeVisible();
    await expect(page).toHaveTitle(/^Hall of Fame/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /champions of every past tournament/);
  });

  test('lists first places only, and a YouTube highlight opens the 16:9 embed', async ({ page, site }) => {
    await resetSite(site);
    await addChampion(site);
    await addChampion(site, { placement: 2, teamName: 'Runner Ups', highlights: [] });
    await addChampion(site, {
      teamName: 'Lone Wolves',
      playerNames: ['Solo#NA'],
      tournamentName: 'Spring Cup 2025',
      tournamentDate: '2025-04-02T18:00:00.000Z',
      prizeAmount: null,
      teamQuote: null,
      highlights: [],
    });
    // The embed is the only third-party request; answer it locally so the test never depends on the network.
    await page.route('https://www.youtube.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );

    await page.goto('/hall-of-fame');
    const cards = page.getByTestId('champion-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('Runner Ups')).toHaveCount(0);
    const card = cards.first();
    await expect(card.getByRole('heading', { name: 'Phantom Five' })).toBeVisible();
    await expect(card.getByText('Autumn Open 2025')).toBeVisible();
    await expect(card.getByText('Ace#EUW, Blitz#EUW, Cipher#EUW, Drift#EUW, Echo#EUW')).toBeVisible();
    await expect(card.getByText('October 18, 2025')).toBeVisible();
    await expect(card.getByText('£2,500.00')).toBeVisible();
    await expect(card.getByText('“We never stopped believing.”')).toBeVisible();
    await expect(card.getByText('YouTube', { exact: true })).toBeVisible();

    const openLink = card.getByRole('link', { name: /Open Link/ });
    await expect(openLink).toHaveAttribute('href', 'https://example.com/recap');
    await expect(openLink).toHaveAttribute('target', '_blank');

    await card.getByRole('button', { name: 'Watch Grand final ace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grand final ace' });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    const box = await dialog.getByTestId('video-embed').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await expect(cards.nth(1).getByText('No players listed')).toHaveCount(0);
    await expect(cards.nth(1).getByText('Solo#NA')).toBeVisible();
  });

  test('a champion without players says No players listed, and home shows the latest winner', async ({ page, site }) => {
    await resetSite(site);
    await addChampion(site, { teamName: 'Older Champs', tournamentDate: '2024-01-01T00:00:00.000Z', highlights: [] });
    await addChampion(site, { teamName: 'Newest Champs', tournamentDate: '2025-12-01T00:00:00.000Z', highlights: [] });
    await page.goto('/');
    const latest = page.getByTestId('latest-champion');
    await expect(latest.getByRole('heading', { name: 'Newest Champs' })).toBeVisible();
    await expect(latest.getByText('£2,500.00')).toBeVisible();
    await page.getByRole('link', { name: 'View Hall of Fame' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hall of Fame' })).toBeVisible();
    await expect(page.getByTestId('champion-card').first().getByRole('heading')).toHaveText('Newest Champs');
  });
});

test.describe('rules', () => {
  test('shows the active tournament, general rules and a one-at-a-time FAQ', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Rules Cup', entryFee: '10', currency: 'EUR', rules: 'Check in 30 minutes before your match.' });
    await page.goto('/rules');
    const card = page.getByTestId('active-tournament');
    await expect(card.getByRole('heading', { name: 'Rules Cup' })).toBeVisible();
    await expect(card.getByText('5v5 Single Elimination')).toBeVisible();
    await expect(card.getByText('€5,000.00')).toBeVisible();
    await expect(card.getByText('€10.00')).toBeVisible();
    await expect(card.getByText('Check in 30 minutes before your match.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'General Rules' })).toBeVisible();

    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const triggers = faq.getByRole('button');
    await expect(triggers).toHaveCount(7);
    const refunds = faq.getByRole('button', { name: 'Can we get a refund?' });
    const technical = faq.getByRole('button', { name: 'What if a player disconnects or has technical problems?' });
    await refunds.click();
    await expect(refunds).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('Full refund when requested 48 hours or more before the tournament starts.')).toBeVisible();
    await expect(faq.getByText('Refunds take 5 to 10 business days; payment provider fees may be deducted.')).toBeVisible();
    await technical.click();
    await expect(refunds).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/10 minutes to reconnect/)).toBeVisible();
    // Collapsible: the open item closes again.
    await technical.click();
    await expect(technical).toHaveAttribute('aria-expanded', 'false');

    await expect(page.getByRole('main').getByRole('link', { name: /Join Discord/ })).toHaveAttribute('href', 'https://discord.gg/clutchcup');
  });

  test('picks up a new active tournament within the 5 s poll', async ({ page, site }) => {
    await resetSite(site);
    await page.goto('/rules');
    await expect(page.getByRole('heading', { name: 'No Active Tournament' })).toBeVisible();
    await createLiveTournament(site, { name: 'Surprise Cup' });
    await expect(page.getByTestId('active-tournament').getByRole('heading', { name: 'Surprise Cup' })).toBeVisible({ timeout: 12_000 });
  });
});

test.describe('contact', () => {
  test('validates, sends the message and confirms', async ({ page, site }) => {
    await resetSite(site);
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'support@clutchcup.gg' })).toHaveAttribute('href', 'mailto:support@clutchcup.gg');
    await expect(page.getByText('We reply to every message within 24 hours.')).toBeVisible();

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name', { exact: true }).fill('Jamie Captain');
    await page.getByLabel('Email', { exact: true }).fill('jamie@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Refund question');
    await page.getByLabel('Message', { exact: true }).fill('Can we still get a full refund if we withdraw three days before the start?');
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const response = await stored;
    expect(response.status()).toBe(201);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Message Sent!');
    await expect(toast).toContainText("We'll get back to you within 24 hours.");
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  });

  test("shows the server's error when sending fails", async ({ page, site }) => {
    await resetSite(site);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Mail service is down, try again later' }) }),
    );
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Jamie Captain');
    await page.getByLabel('Email', { exact: true }).fill('jamie@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Refund question');
    await page.getByLabel('Message', { exact: true }).fill('Can we still get a full refund if we withdraw three days before the start?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Mail service is down, try again later');
    // What the visitor typed is kept so they can try again.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jamie Captain');
  });

  test('falls back to the generic message when the server gives none', async ({ page, site }) => {
    await resetSite(site);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Jamie Captain');
    await page.getByLabel('Email', { exact: true }).fill('jamie@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Refund question');
    await page.getByLabel('Message', { exact: true }).fill('Can we still get a full refund if we withdraw three days before the start?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByTestId('toast')).toContainText('Failed to send message. Please try again or contact us directly via Discord.');
  });
});

test.describe('legal pages and 404', () => {
  test('the refund policy states the refund terms', async ({ page }) => {
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /48 hours or more before the tournament starts Full refund/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Between 24 and 48 hours before the start 50% refund/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Less than 24 hours before the start No refund/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Tournament cancelled by the organizer Full refund, automatic/ })).toBeVisible();
    await expect(page.getByText('Only the captain who paid may request a refund.', { exact: false })).toBeVisible();
    await expect(page.getByText('While a refund is being processed, the whole team is removed from the bracket.')).toBeVisible();
    // It describes what the product does: a withdrawal on the team page refunds by itself; the contact form is the fallback.
    await expect(page.getByText(/The captain withdraws the team on its private team page.*sends the refund to the card that paid, automatically/)).toBeVisible();
    await expect(page.getByText(/Lost the team link, or something went wrong\? Write to us through the contact form/)).toBeVisible();
    await expect(page.getByText(/sends a request through the contact form/)).toHaveCount(0);
    await expect(page.getByText(/5 to 10 business days.*Payment provider fees may be deducted/)).toBeVisible();
    await expect(page).toHaveTitle(/^Refund Policy/);
  });

  test('the terms state the age rules', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(
      page.getByText('The minimum age to take part is 13. Players under 18 may take part only with the consent of a parent or legal guardian.'),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^Terms of Service/);
  });

  test('the privacy policy is reachable from the footer and names the configured organizer and retention', async ({ page }) => {
    await page.goto('/terms-of-service');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveTitle(/^Privacy Policy/);
    // ORGANIZER_NAME and ORGANIZER_CONTACT of the test site (fixtures.ts).
    await expect(page.getByTestId('privacy-controller')).toHaveText('Northwind Esports Ltd, reachable at privacy@northwind.example.');
    await expect(page.getByRole('link', { name: 'privacy@northwind.example' })).toHaveAttribute('href', 'mailto:privacy@northwind.example');
    // The default retention: contact messages 365 days, team data 730 days.
    await expect(page.getByText('Contact messages: 1 year, then deleted.')).toBeVisible();
    await expect(page.getByText(/Team data \(names, Riot IDs, Discord username, e-mail, logo\): 2 years after the tournament date/)).toBeVisible();
    await expect(page.getByText(/Stripe, our payment processor/)).toBeVisible();
    await expect(page.getByText(/No advertising, analytics or tracking cookies/)).toBeVisible();
    // An erasure outlives the backups taken before it.
    await expect(page.getByText(/if the site is ever restored from a backup taken before it, the team is erased again before the site is back online/)).toBeVisible();
    // The terms point to it too.
    await page.goto('/terms-of-service');
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('the accessibility statement is reachable from the footer: the standard, how it is tested, limitations and a contact', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility Statement' })).toBeVisible();
    await expect(page).toHaveTitle(/^Accessibility Statement/);
    await expect(page.getByText(/We aim to conform to the Web Content Accessibility Guidelines \(WCAG\) 2\.2 at level AA/)).toBeVisible();
    for (const heading of ['1. The standard we meet', '2. How we test it', '3. Known limitations', '4. Tell us about a problem']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/Keyboard-only walks through the registration wizard/)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'contact form' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect((await page.request.get('/accessibility')).status()).toBe(200);
  });

  test('an unknown path shows 404 Page Not Found', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Tournaments' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
