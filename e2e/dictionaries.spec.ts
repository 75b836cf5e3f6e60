import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, staff, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('an administrator creates, validates, exports and deletes dictionaries', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/dictionary`);

  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByText('You have not selected any data')).toBeVisible();

  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add dictionary' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  // A click on the mask leaves the dialog open.
  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Dictionary code').fill('gender');
  await dialog.getByLabel('Dictionary name').fill('Duplicate');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The dictionary code already exists')).toBeVisible();
  await dialog.getByLabel('Dictionary code').fill('school_stage');
  await dialog.getByLabel('Dictionary name').fill('School stages');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'school_stage' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Items of School stages' });
  await drawer.getByRole('button', { name: 'Add' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Add dictionary item' });
  await itemDialog.getByLabel('Item code').fill('primary');
  await itemDialog.getByLabel('Item value').fill('Primary school');
  await itemDialog.getByLabel('Order').fill('1');
  await itemDialog.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('cell', { name: 'Primary school' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('dictionary.xlsx');

  await page.getByRole('search').getByLabel('Dictionary code').fill('school');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Total 1')).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deletion' });
  await expect(confirm.getByText('Do you really want to delete the selected data?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the delete confirmation speaks the spec Chinese', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.goto(`${server.url}/#/system/dictionary`);
  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByText('您还未选择数据')).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'yes_no' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量删除' }).click();
  const confirm = page.getByRole('dialog', { name: '确认删除' });
  await expect(confirm.getByText('您确认要删除所选数据吗?')).toBeVisible();
  await confirm
    .getByRole('button', { name: '取 消' })
    .or(confirm.getByRole('button', { name: '取消' }))
    .click();
  await expect(page.getByRole('row').filter({ hasText: 'yes_no' })).toBeVisible();
});

test('a dictionary reader sees the list without create or delete, and the server refuses a direct create', async ({ page }) => {
  await signIn(page, server.url, staff);
  await expect(page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Audit' })).toHaveCount(0);
  await page.goto(`${server.url}/#/system/dictionary`);
  await expect(page.getByRole('cell', { name: 'gender', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
  const response = await page.request.post(`${server.url}/api/admin/dicts`, {
    headers: { authorization: `Bearer ${token}` },
    form: { dictCode: 'sneaky', dictName: 'Sneaky' },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).code).toBe(403);
});
