import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, staff } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('a user edits their name, ends a session left open elsewhere, and reads their own sign-ins', async ({ page }) => {
  const elsewhere = await apiAs(server.url, staff);
  await signIn(page, server.url, staff);
  await page.goto(`${server.url}/#/profile`);

  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Staff Uno');
  await page.getByLabel('Introduction').fill('Keeps the dictionaries tidy.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Staff Uno');

  const sessions = page.locator('.ant-card').filter({ hasText: 'My sessions' });
  await expect(sessions.getByText('This session')).toHaveCount(1);
  await sessions.getByRole('button', { name: 'End', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End', exact: true }).click();
  await expect(sessions.getByRole('button', { name: 'End', exact: true })).toHaveCount(0);
  expect((await elsewhere.call('GET', '/admin/current/user')).status).toBe(401);

  // The demo seeds a week of staff01's sign-ins from the office network; this test's two come from loopback.
  const history = page.locator('.ant-card').filter({ hasText: 'My sign-ins' });
  await expect(history.getByRole('row').filter({ hasText: '127.0.0.1' }).filter({ hasText: 'Success' })).toHaveCount(2);
  await expect(history.getByRole('row').filter({ hasText: '192.168.10.' }).first()).toBeVisible();
});
