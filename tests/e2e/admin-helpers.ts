import type { Page } from '@playwright/test';
import { admin, expect } from './fixtures';

/** Signs the page's browser context in through the API (the sign-in form has its own test). */
export async function signInQuickly(page: Page, baseURL: string): Promise<void> {
  const response = await page.context().request.post('/api/auth/login', { data: admin, headers: { Origin: baseURL } });
  expect(response.ok()).toBe(true);
}

export const adminTabs = [
  'Overview',
  'Tournaments',
  'Teams',
  'Match Day',
  'Champions',
  'Finance',
  'Inbox',
  'Settings',
  'Activity',
  'Accounts',
  'Account',
] as const;
export type AdminTab = (typeof adminTabs)[number];

/** Loads the admin afresh (its data with it) and opens the tab. */
export async function openAdminTab(page: Page, tab: AdminTab): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
  await switchAdminTab(page, tab);
}

/** Opens the tab in the admin already loaded, as a click would. */
export async function switchAdminTab(page: Page, tab: AdminTab): Promise<void> {
  // 'Account' is not 'Accounts'; 'Inbox' may carry its count of new messages.
  const trigger = page.getByRole('tab', { name: new RegExp(`^${tab}(?![a-z])`) });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-selected', 'true');
}

export function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}
