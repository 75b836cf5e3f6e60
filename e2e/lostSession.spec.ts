import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { staff, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

async function signInOnPage(page: import('@playwright/test').Page, account: { userName: string; password: string }) {
  await page.getByLabel('User name').fill(account.userName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a bookmarked back-office page opened signed out asks to sign in, then shows that page', async ({ page }) => {
  await page.goto(`${server.url}/#/system/dictionary`);
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await signInOnPage(page, sysadmin);
  await expect(page).toHaveURL(/#\/system\/dictionary$/);
  await expect(page.getByRole('row').filter({ hasText: 'gender' })).toBeVisible();
});

test('an address that is no back-office page shows 404 once signed in', async ({ page }) => {
  await page.goto(`${server.url}/#/system/no-such-page`);
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await signInOnPage(page, sysadmin);
  await expect(page).toHaveURL(/#\/404$/);
});

test('a session ended elsewhere leads once to sign-in, and back to the page after it', async ({ page }) => {
  await page.goto(`${server.url}/#/login`);
  await signInOnPage(page, staff);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await page.goto(`${server.url}/#/system/dictionary`);
  await expect(page.getByRole('row').filter({ hasText: 'gender' })).toBeVisible();

  const admin = await apiAs(server.url, sysadmin);
  const accounts = await admin.call('GET', '/admin/accounts?userName=staff01');
  const staffId = accounts.json.data.records[0].id;
  for (const session of (await admin.call('GET', `/admin/accounts/${staffId}/sessions`)).json.data.records) {
    expect((await admin.call('POST', `/admin/accounts/${staffId}/sessions/${session.id}/end`, {})).status).toBe(200);
  }

  await page.reload();
  await expect(page).toHaveURL(/#\/login\?expired=1&redirect=%2Fsystem%2Fdictionary/);
  await expect(page.getByText('Your session has expired, please sign in again')).toBeVisible();
  await expect(page.getByText('Wrong user name or password', { exact: false })).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await signInOnPage(page, staff);
  await expect(page).toHaveURL(/#\/system\/dictionary$/);
});

test('a server restarted with a new data directory sends the user to sign in with a message', async ({ page }) => {
  // It starts two servers of its own and stops them, each start up to 60 s on a loaded machine.
  test.setTimeout(120_000);
  const first = await startServer();
  const port = new URL(first.url).port;
  let second: RunningServer | undefined;
  try {
    await page.goto(`${first.url}/#/login`);
    await signInOnPage(page, sysadmin);
    await expect(page).toHaveURL(/#\/dashboard$/);
    // The user comes back later: no page of the first server's left polling while the second starts, whose
    // first answer would otherwise send that page to sign-in before the bookmark below is opened.
    await page.goto('about:blank');
    await first.stop();
    // The same address, a server that never issued this browser's session.
    second = await startServer({ PORT: port });
    await page.goto(`${second.url}/#/system/dictionary`);
    await expect(page).toHaveURL(/#\/login\?expired=1/);
    await expect(page.getByText('Your session has expired, please sign in again')).toBeVisible();
    await expect(page.getByText('the server was restarted', { exact: false })).toBeVisible();
  } finally {
    await second?.stop();
  }
});
