import { expect, type Page } from '@playwright/test';

/** The toast with this description, whose title and description are exactly these texts. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: description });
  await expect(toast).toBeVisible();
  await expect(toast.locator('div.grid > :first-child')).toHaveText(title, { useInnerText: true });
  await expect(toast.locator('div.grid > :nth-child(2)')).toHaveText(description);
}
