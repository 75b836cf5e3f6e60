import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { sidebar, signIn, staff } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('a page the user may not see answers 403 inside the layout; an address the back-office lacks answers 404', async ({ page }) => {
  await signIn(page, server.url, staff);
  await page.goto(`${server.url}/#/iam/account`);
  await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
  await expect(page).toHaveURL(/#\/iam\/account$/);
  await expect(sidebar(page).getByRole('menuitem', { name: 'System' })).toBeVisible();

  await page.goto(`${server.url}/#/iam/no-such-page`);
  await expect(page).toHaveURL(/#\/404$/);
});
