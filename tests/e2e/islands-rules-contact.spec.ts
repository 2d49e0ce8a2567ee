import type { ConsoleMessage, Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

/**
 * /rules and /contact served as islands (issue 32): their content and links need no script; with
 * it, the FAQ, the polled active tournament and the contact form work as in the app.
 */

/** Warnings and errors the page logs (a hydration mismatch is one). */
function consoleProblems(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.text()}`);
  });
  return messages;
}

test('with script disabled, /rules and /contact show their content and links', async ({ browser, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'Quiet Cup', entryFee: '10', currency: 'EUR', rules: 'Check in 30 minutes before your match.' });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  try {
    const page = await context.newPage();
    await page.goto('/rules');
    const card = page.getByTestId('active-tournament');
    await expect(card.getByRole('heading', { name: 'Quiet Cup' })).toBeVisible();
    await expect(card.getByText('€10.00')).toBeVisible();
    await expect(card.getByText('Check in 30 minutes before your match.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'General Rules' })).toBeVisible();
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(faq.getByRole('button')).toHaveCount(7);
    await expect(faq.getByRole('button', { name: 'Can we get a refund?' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Join Discord/ })).toHaveAttribute('href', 'https://discord.gg/clutchcup');

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Send a message' }).getByLabel('Message', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@clutchcup.gg' })).toHaveAttribute('href', 'mailto:support@clutchcup.gg');
    await expect(page.getByRole('link', { name: /Join our Discord/ })).toHaveAttribute('href', 'https://discord.gg/clutchcup');
    await expect(page.getByText('We reply to every message within 24 hours.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('/rules: the FAQ opens and closes by keyboard, one item at a time, and the card follows the active tournament within a poll; axe clean, no warning', async ({
  page,
  site,
}) => {
  await resetSite(site);
  const cup = await createLiveTournament(site, { name: 'Keyboard Cup' });
  const problems = consoleProblems(page);
  await page.goto('/rules');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');

  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const registration = faq.getByRole('button', { name: 'How do we register our team?' });
  const format = faq.getByRole('button', { name: 'What is the tournament format?' });
  await registration.focus();
  await page.keyboard.press('Enter');
  await expect(registration).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/The team captain registers the whole team/)).toBeVisible();
  // The arrow keys move between the questions; opening one closes the other.
  await page.keyboard.press('ArrowDown');
  await expect(format).toBeFocused();
  await page.keyboard.press('Space');
  await expect(format).toHaveAttribute('aria-expanded', 'true');
  await expect(registration).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/Matches are best-of-1, single elimination/)).toBeVisible();
  await expectNoAxeViolations(page, '/rules with an FAQ item open');
  await page.keyboard.press('Enter');
  await expect(format).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/Matches are best-of-1, single elimination/)).toBeHidden();

  // The refund answer's link is a page load to the policy.
  await faq.getByRole('button', { name: 'Can we get a refund?' }).click();
  await expect(faq.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');

  // The organizer renames the cup: the card shows it within a poll (5 s), without a reload.
  const current = (await (await site.adminApi.get('/api/tournaments/active')).json()) as Record<string, unknown>;
  const { description, format: cupFormat, prizePool, entryFee, currency, maxTeams, rules, registrationCloses, tournamentDate } = current;
  const renamed = await site.adminApi.put(`/api/tournaments/${cup.id}`, {
    data: { name: 'Renamed Cup', description, format: cupFormat, prizePool, entryFee, currency, maxTeams, rules, registrationCloses, tournamentDate },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await expect(page.getByTestId('active-tournament').getByRole('heading', { name: 'Renamed Cup' })).toBeVisible({ timeout: 12_000 });
  expect(problems).toEqual([]);
});

test("/contact: the form's rules load once it is reached, show the spec's messages, and the message is sent and confirmed; axe clean, no warning", async ({
  page,
  site,
}) => {
  await resetSite(site);
  const problems = consoleProblems(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
  // Zod comes with the form's rules, not before.
  const rulesChunk = (url: string) => /\/assets\/islands\/contact-resolver-[\w-]+\.js$/.test(url);
  expect(scripts.filter(rulesChunk)).toEqual([]);
  await expectNoAxeViolations(page, '/contact as served');

  const name = page.getByLabel('Name', { exact: true });
  const rulesLoaded = page.waitForRequest((request) => rulesChunk(request.url()));
  await name.focus();
  await rulesLoaded;
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  // The message and the hint stay tied to their field once the island has rendered them (ids from props, not Preact's useId).
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription(
    'Message must be at least 20 characters At least 20 characters. Include your team name if it is about a registration.',
  );
  // The first field in error takes the focus, as in the app.
  await expect(name).toBeFocused();
  await expectNoAxeViolations(page, '/contact with its messages');
  // Once submitted, a field is checked again as it is typed in.
  await name.fill('Jo');
  await expect(page.getByText('Name must be at least 2 characters')).toBeHidden();

  const subject = `Island question ${Date.now()}`;
  await page.getByLabel('Email', { exact: true }).fill('jo@example.com');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Does the check-in open an hour before the start of every match?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Message Sent!');
  await expect(toast).toContainText("We'll get back to you within 24 hours.");
  // Read out: the toaster's live region announces it.
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toHaveCount(1);
  await expect(name).toHaveValue('');
  await expectNoAxeViolations(page, '/contact with its confirmation');

  const inbox = (await (await site.adminApi.get('/api/admin/messages')).json()) as { messages: { subject: string; name: string; email: string }[] };
  expect(inbox.messages.find((message) => message.subject === subject)).toMatchObject({ name: 'Jo', email: 'jo@example.com' });
  expect(problems).toEqual([]);
});

test('in the single-page app (reached from My Teams), the same FAQ and contact form work, with one toast', async ({ page, site }) => {
  await resetSite(site);
  await createLiveTournament(site, { name: 'App Cup' });
  const problems = consoleProblems(page);
  await page.goto('/my-teams');
  // A client-side route change: what this page set stays.
  await page.evaluate(() => ((window as unknown as { inApp: boolean }).inApp = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Rules & Format' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  const refunds = page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button', { name: 'Can we get a refund?' });
  await refunds.click();
  await expect(refunds).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('active-tournament').getByRole('heading', { name: 'App Cup' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.getByLabel('Name', { exact: true }).fill('Jamie Captain');
  await page.getByLabel('Email', { exact: true }).fill('jamie@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Refund question');
  await page.getByLabel('Message', { exact: true }).fill('Can we still get a full refund if we withdraw three days before the start?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toContainText('Message Sent!');
  expect(await page.evaluate(() => (window as unknown as { inApp?: boolean }).inApp)).toBe(true);
  expect(problems).toEqual([]);
});
