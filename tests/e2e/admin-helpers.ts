import type { Page } from '@playwright/test';
import { admin, expect } from './fixtures';

/** Signs the page's browser context in through the API (the sign-in form has its own test). */
export async function signInQuickly(page: Page, baseURL: string): Promise<void> {
  const response = await page.context().request.post('/api/auth/login', { data: admin, headers: { Origin: baseURL } });
  expect(response.ok()).toBe(true);
}

export async function openAdminTab(
  page: Page,
  tab: 'Overview' | 'Tournaments' | 'Teams' | 'Match Day' | 'Champions' | 'Activity' | 'Finance' | 'Settings' | 'Accounts' | 'Account' | 'Inbox',
): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
  // 'Account' is not 'Accounts'; 'Inbox' may carry its count of new messages.
  const trigger = page.getByRole('tab', { name: new RegExp(`^${tab}(?![a-z])`) });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-selected', 'true');
}

export function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}
