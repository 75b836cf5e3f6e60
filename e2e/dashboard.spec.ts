import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, staff, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const cards = (page: import('@playwright/test').Page) => page.locator('[data-card]');

test('the super administrator sees every card with its chart; a dictionary reader sees only their to-dos', async ({ page }) => {
  const admin = await apiAs(server.url, sysadmin);
  await admin.call('POST', '/admin/todos', { title: 'Plan the release', level: 1, status: 1, bucket: 1 });
  await signIn(page, server.url, sysadmin);
  await expect(cards(page)).toHaveCount(5);
  await expect(page.locator('[data-card="signIns"] svg').first()).toBeVisible();
  await expect(page.locator('[data-card="signIns"] > .ant-card-body > [role="img"]')).toHaveAttribute(
    'aria-label',
    'Successful and failed sign-ins per day over the last 7 days',
  );
  // The charts are drawn without ECharts; a day's figures show on hovering its column, today's including this sign-in.
  await page.locator('[data-card="signIns"] svg rect').nth(6).hover();
  await expect(page.getByRole('tooltip')).toContainText(/Succeeded: [1-9]/);
  const { todos } = (await admin.call('GET', '/admin/dashboard')).json.data as { todos: Record<string, number> };
  await expect(page.locator('[data-card="todos"] li').filter({ hasText: 'Inbox' })).toHaveText(`Inbox${todos[1]}`);
  await expect(page.locator('[data-card="todos"]')).toContainText('Overdue');
  await expect(page.locator('[data-card="recentChanges"] li').first()).toContainText('To-do list · edit');

  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await signIn(page, server.url, staff);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.locator('[data-card="todos"]')).toBeVisible();
  await page.locator('[data-card="todos"]').getByRole('link', { name: 'More' }).click();
  await expect(page).toHaveURL(/#\/todo$/);
});
