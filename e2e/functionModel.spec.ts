import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const crm = `INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport) VALUES ('crm', '客户管理', 'crm.internal', 8080, '/crm', 'http');
INSERT INTO pf_module (app_code, module_code, module_name) VALUES ('crm', 'crm.customer', '客户');
INSERT INTO pf_function (module_code, function_code, function_name) VALUES ('crm.customer', 'crm.customer.list', '客户列表'), ('crm.customer', 'crm.customer.card', '客户卡片');
INSERT INTO pf_operation (function_code, operation_code, operation_name, operation_type_code, is_default) VALUES ('crm.customer.list', 'customer:view', '查看', 'view', 1), ('crm.customer.list', 'customer:add', '新增', 'add', 0);
INSERT INTO pf_url (operation_code, url_name, method, url_content, access_type) VALUES ('customer:view', '客户列表', 'GET', '/crm/customers', 'authorised');
`;
const zip = (name: string, sql: string) => ({
  name: `${name}.zip`,
  mimeType: 'application/zip',
  buffer: Buffer.from(zipSync({ [`${name}.txt`]: strToU8(sql) })),
});

const tree = (page: Page) => page.getByRole('tree', { name: 'Function model' });
const details = (page: Page) => page.locator('.ant-card').filter({ has: page.locator('.ant-descriptions'), visible: true });

test('an administrator imports a bad and then a good model, edits it, adds a URL, and exports it back', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/function`);
  await tree(page).getByText('Qiming', { exact: true }).click();
  await expect(page.getByText("Declared by Qiming's code: read-only here, and synced at every start.")).toBeVisible();
  await expect(details(page).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(details(page)).toContainText('127.0.0.1:3000/api');

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import function model' });
  await dialog.locator('input[type=file]').setInputFiles(zip('bad', `${crm.split('\n')[0]}\nDELETE FROM pf_url;`));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'bad.txt line 2: only INSERT statements are allowed' })).toBeVisible();
  await expect(tree(page).getByText('客户管理')).toHaveCount(0);

  await dialog.locator('input[type=file]').setInputFiles(zip('crm', crm));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(
    dialog.getByText('Added 1 apps, 1 modules, 2 functions, 2 operations and 1 URLs from 1 files (5 statements).'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(tree(page).getByText('客户管理', { exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by code or name' }).fill('customer:view');
  await page.getByRole('searchbox', { name: 'Search by code or name' }).press('Enter');
  await tree(page).getByText('查看', { exact: true }).click();
  await expect(details(page).getByRole('row').filter({ hasText: 'Default operation' })).toContainText('Yes');
  await details(page).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit operation' });
  await expect(edit.getByLabel('Operation code')).toBeDisabled();
  await edit.getByLabel('Operation name').fill('浏览客户');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(tree(page).getByText('浏览客户', { exact: true })).toBeVisible();

  await details(page).getByRole('button', { name: 'Add URL' }).click();
  const add = page.getByRole('dialog', { name: 'Add URL' });
  await add.getByLabel('URL name').fill('客户详情');
  await add.getByLabel('URL path').fill('crm/customers/:id');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('A URL starts with / and holds no spaces, ? or #')).toBeVisible();
  await add.getByLabel('URL path').fill('/crm/customers/:id');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search by code or name' }).fill('');
  await page.getByRole('searchbox', { name: 'Search by code or name' }).press('Enter');
  await tree(page).getByText('客户管理', { exact: true }).click();
  await expect(details(page)).toContainText('crm.internal:8080/crm');
  const download = page.waitForEvent('download');
  await details(page).getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('crm.zip');
  const files = unzipSync(new Uint8Array(await readFile((await (await download).path()) as string)));
  const sql = new TextDecoder().decode(files['crm.txt']);
  expect(sql).toContain("VALUES ('customer:view', '客户详情', 'GET', '/crm/customers/:id', 'authorised');");
  expect(sql).toContain("'浏览客户'");

  await details(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('客户管理 still holds entries below it; delete those first').first()).toBeVisible();
});

test("a Chinese administrator reads Qiming's own modules, functions and operations in Chinese", async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.goto(`${server.url}/#/system/function`);
  const chineseTree = page.getByRole('tree', { name: '功能模型' });
  await expect(chineseTree.getByText('基础平台', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: '按编码或名称搜索' }).fill('字典');
  await page.getByRole('searchbox', { name: '按编码或名称搜索' }).press('Enter');
  for (const name of ['数据字典', '查看', '新增', '修改', '删除']) await expect(chineseTree.getByText(name, { exact: true })).toBeVisible();
  await expect(chineseTree.getByText('Dictionaries', { exact: true })).toHaveCount(0);
  await chineseTree.getByText('数据字典', { exact: true }).click();
  await expect(details(page).getByRole('row').filter({ hasText: '功能名称' })).toContainText('数据字典');
});
