import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { sidebar, signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('an administrator adds, renames and deletes a menu type; the system type offers no delete', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/menu`);
  await expect(page.getByRole('button', { name: 'Rename menu type' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete menu type' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add menu type' }).click();
  const adding = page.getByRole('dialog', { name: 'Add menu type' });
  await adding.getByLabel('Menu type', { exact: true }).fill('Partners');
  await adding.getByRole('button', { name: 'Save' }).click();
  await expect(adding).toBeHidden();

  await page.getByRole('button', { name: 'Rename menu type' }).click();
  const renaming = page.getByRole('dialog', { name: 'Rename menu type' });
  await expect(renaming.getByLabel('Menu type', { exact: true })).toHaveValue('Partners');
  await renaming.getByLabel('Menu type', { exact: true }).fill('Partner portal');
  await renaming.getByRole('button', { name: 'Save' }).click();
  await expect(renaming).toBeHidden();
  await expect(page.locator('.ant-card-extra .ant-select')).toContainText('Partner portal');

  await page.getByRole('button', { name: 'Delete menu type' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Do you want to carry out this operation?' })
    .getByRole('button', { name: 'Delete menu type' })
    .click();
  await expect(page.locator('.ant-card-extra .ant-select')).not.toContainText('Partner portal');
  await expect(page.getByRole('button', { name: 'Delete menu type' })).toHaveCount(0);
});

test('the menus table names each menu as the sidebar does, in the reader language; the edit form keeps the stored name', async ({
  page,
}) => {
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.goto(`${server.url}/#/system/menu`);
  const system = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'system', exact: true }) });
  await expect(system.getByRole('cell', { name: /系统管理/ })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await system.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByRole('dialog', { name: '编辑菜单' }).getByLabel('菜单名称')).toHaveValue('System');
});
