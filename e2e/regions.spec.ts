import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('an administrator opens the region tree, finds a district by name, and adds a town below it', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/region`);

  const tree = page.getByRole('tree', { name: 'Regions' });
  const beijing = tree.getByRole('treeitem').filter({ hasText: '北京市' });
  await beijing.locator('.ant-tree-switcher').click();
  await expect(tree.getByText('海淀区')).toBeVisible();

  await page.getByLabel('Find a region').fill('南山');
  await page.getByLabel('Find a region').press('Enter');
  const match = page.getByRole('row').filter({ hasText: '440305' });
  await expect(match).toContainText('广东省 / 深圳市');
  await match.click();
  const detail = page.getByTestId('region-detail');
  await expect(detail).toContainText('440305');
  await expect(detail).toContainText('广东省 / 深圳市 / 南山区');

  await detail.getByRole('button', { name: 'Add a region below' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a region below 南山区' });
  await expect(dialog.getByLabel('Code', { exact: true })).toHaveValue('440305');
  await dialog.getByLabel('Code', { exact: true }).fill('44030500');
  await dialog.getByLabel('Name', { exact: true }).fill('粤海街道');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A region code is 6 digits (12 for a town)')).toBeVisible();
  await dialog.getByLabel('Code', { exact: true }).fill('440305007000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail).toContainText('440305007000');
  await expect(detail).toContainText('广东省 / 深圳市 / 南山区 / 粤海街道');
  await expect(detail).toContainText('Added or changed here');
});
