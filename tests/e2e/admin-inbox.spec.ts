import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expect, test } from './fixtures';

test("a visitor's message reaches the inbox, is answered by e-mail and filed as handled", async ({ page, baseURL }) => {
  const subject = `Refund question ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Jamie Captain');
  await page.getByLabel('Email', { exact: true }).fill('jamie@example.com');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Can we still get a full refund if we withdraw three days before the start?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Message Sent!')).toBeVisible();

  await signInQuickly(page, baseURL!);
  await page.goto('/admin');
  // The tab says how many new messages wait.
  await expect(page.getByRole('tab', { name: /^Inbox \d+ new$/ })).toBeVisible();
  // The count widens the owner's eleven tabs: at 1280 px they wrap rather than push the page sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await horizontalOverflow(page)).toBe(0);
  await openAdminTab(page, 'Inbox');
  const message = page.getByTestId('inbox-message').filter({ hasText: subject });
  await expect(message).toContainText('Jamie Captain <jamie@example.com>');
  await expect(message).toContainText('Can we still get a full refund if we withdraw three days before the start?');
  await expectNoAxeViolations(page, 'Inbox with a new message');

  // Without mail configured, the reply is written in the organizer's own mail program.
  await expect(message.getByRole('link', { name: 'Reply by E-mail' })).toHaveAttribute('href', `mailto:jamie@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`);

  await message.getByRole('button', { name: 'Mark Handled' }).click();
  await expect(toast(page, 'Message Filed')).toBeVisible();
  await expect(message).toHaveCount(0);
  // The message left with the button used: focus is on the folder's own button, not lost.
  await expect(page.getByRole('button', { name: /^New \(\d+\)$/ })).toBeFocused();
  await page.getByRole('button', { name: /^Handled \(\d+\)$/ }).click();
  await expect(page.getByRole('button', { name: /^Handled/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(message).toBeVisible();
  await expect(message.getByRole('button', { name: 'Move to New' })).toBeVisible();
});

test('a message from a bot that fills the hidden field goes to spam, and the bot is told it was sent', async ({ page, baseURL }) => {
  const subject = `Cheap followers ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Spam Bot');
  await page.getByLabel('Email', { exact: true }).fill('bot@spam.example');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Buy followers for your stream today, best prices guaranteed!');
  // What a form-filling bot does: every input, hidden or not.
  await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'https://spam.example');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const sent = page.waitForRequest('**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ subject, website: 'https://spam.example' });
  await expect(toast(page, 'Message Sent!')).toBeVisible();

  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Inbox');
  await expect(page.getByTestId('inbox-message').filter({ hasText: subject })).toHaveCount(0);
  await page.getByRole('button', { name: /^Spam \(\d+\)$/ }).click();
  await expect(page.getByTestId('inbox-message').filter({ hasText: subject })).toBeVisible();
});
