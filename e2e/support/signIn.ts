import { expect, type Page } from '@playwright/test';

export const sysadmin = { userName: 'sysadmin', password: 'Qiming@2026' };
export const staff = { userName: 'staff01', password: 'Staff@2026' };

/** Signs in through the sign-in page as a person would, in English. */
export async function signIn(page: Page, baseUrl: string, account: { userName: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('User name').fill(account.userName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  // The back-office has loaded and its first requests (dashboard cards, the alarm bell) have answered:
  // a header menu opened while they still land could lose the click that follows.
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

export function sidebar(page: Page) {
  return page.locator('.ant-layout-sider');
}

export function tabs(page: Page) {
  return page.getByTestId('tags-view').locator('[data-path]');
}
