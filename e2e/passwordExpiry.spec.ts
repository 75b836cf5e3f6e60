import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SqliteDatabase } from '../apps/server/src/db/sqliteDriver.ts';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, staff } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
  // staff01's password was last changed at the epoch: far past the policy's life time, within its grace sign-ins.
  const db = new SqliteDatabase(path.join(server.dataDir, 'qiming.sqlite'));
  db.prepare('update iam_account set pwd_changed_at = 0, grace_logins = 0 where user_name = ?').run(staff.userName);
  db.close();
});
test.afterAll(async () => server.stop());

test('a sign-in with an expired password must choose a new one before anything else, and the new one signs in', async ({ page }) => {
  await signIn(page, server.url, staff);
  const dialog = page.getByRole('dialog', { name: 'Edit password' });
  await expect(dialog.getByText('Your password has expired. Please choose a new one now.')).toBeVisible();
  // It cannot be dismissed: no close or cancel button, and Escape leaves it open.
  await expect(dialog.getByRole('button', { name: /close|cancel/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  const renewed = 'Renewed@2026';
  await dialog.getByLabel('Current password').fill(staff.password);
  await dialog.getByLabel('New password', { exact: true }).fill(renewed);
  await dialog.getByLabel('Confirm the new password').fill(renewed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The old password no longer signs in; the new one does, without the dialog.
  expect((await apiAs(server.url, staff)).token).toBeUndefined();
  const again = await apiAs(server.url, { userName: staff.userName, password: renewed });
  expect(again.token).toBeTruthy();
  expect((await again.call('GET', '/admin/current/user')).json.data.passwordExpired).not.toBe(true);
});
