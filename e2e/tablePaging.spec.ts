import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
  const api = await apiAs(server.url, sysadmin);
  for (let n = 10; n < 40; n++) {
    const created = await api.call('POST', '/admin/dicts', { dictCode: `paged_${n}`, dictName: `Paged ${n}`, note: '' });
    expect(created.status).toBe(200);
  }
});
test.afterAll(async () => server.stop());

/** The page number of the next list request the table sends. */
function nextListPage(page: Page) {
  return page
    .waitForRequest((request) => request.url().includes('/api/admin/dicts?'))
    .then((request) => new URL(request.url()).searchParams.get('page'));
}

const firstCode = (page: Page) => page.getByRole('row').nth(1).getByRole('cell').nth(1).innerText();

test('the table kit pages forward by number, by next and by the jumper, and sorting goes back to page 1', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/dictionary`);
  await expect(page.getByText(/^Total \d+$/)).toBeVisible();
  const onFirstPage = await firstCode(page);

  let requested = nextListPage(page);
  await page.getByRole('listitem', { name: '2' }).click();
  expect(await requested).toBe('2');
  await expect.poll(() => firstCode(page)).not.toBe(onFirstPage);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

  requested = nextListPage(page);
  await page.getByRole('listitem', { name: 'Next Page' }).click();
  expect(await requested).toBe('3');
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('3');

  requested = nextListPage(page);
  const jumper = page.locator('.ant-pagination-options-quick-jumper input');
  await jumper.fill('4');
  await jumper.press('Enter');
  expect(await requested).toBe('4');
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('4');

  requested = nextListPage(page);
  await page.getByRole('columnheader', { name: 'Dictionary code' }).click();
  expect(await requested).toBe('1');
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('1');
});

test('Search asks the server again even with the same filters, and a slow list says it is loading, not empty', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  let released: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    released = resolve;
  });
  // The first list answer is held back: the table must show that it is loading meanwhile.
  let first = true;
  await page.route('**/api/admin/dicts?*', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  await page.goto(`${server.url}/#/system/dictionary`);
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByText('No data')).toHaveCount(0);
  released();
  await expect(page.getByText(/^Total \d+$/)).toBeVisible();

  for (let click = 0; click < 2; click++) {
    const requested = page.waitForRequest((request) => request.url().includes('/api/admin/dicts?'));
    await page.getByRole('button', { name: 'Search' }).click();
    await requested;
  }
});
