import type { Page } from '@playwright/test';
import { admin, expect } from './fixtures';

/** Signs the page's browser context in through the API (the sign-in form has its own test). */
export async function signInQuickly(page: Page, baseURL: string): Promise<void> {
  const response = await page.context().request.post('/api/auth/login', { data: admin, headers: { Origin: baseURL } });
  expect(response.ok()).toBe(true);
}

export async function openAdminTab(page: Page, tab: 'Overview' | 'Tournaments' | 'Teams' | 'Match Day' | 'Champions' | 'Activity' | 'Finance' | 'Settings'): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Tournament Administration' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

export function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}

