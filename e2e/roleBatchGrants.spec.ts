import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('an administrator gives one operation and one organ to two roles at once, keeping what each held', async ({ page }) => {
  const admin = await apiAs(server.url, sysadmin);
  const roleIds: number[] = [];
  for (const code of ['batch_one', 'batch_two']) {
    roleIds.push((await admin.call('POST', '/admin/roles', { roleCode: code, roleName: code, roleScope: 'organ' })).json.data.id);
  }
  const tree = (await admin.call('GET', '/admin/roles/function-tree')).json.data;
  const operationId = (code: string): number => {
    const find = (nodes: { key: string; code: string; operationId?: number; children?: unknown[] }[]): number | undefined => {
      for (const node of nodes) {
        if (node.operationId && node.code === code) return node.operationId;
        const inner = find((node.children ?? []) as typeof nodes);
        if (inner) return inner;
      }
    };
    return find(tree) as number;
  };
  await admin.call('PUT', `/admin/roles/${roleIds[0]}/operations`, { operationIds: [operationId('dict:add')] });

  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/iam/role`);
  for (const code of ['batch_one', 'batch_two']) {
    await page.getByRole('row').filter({ hasText: code }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Functions for selected' }).click();
  const functions = page.getByRole('dialog', { name: 'Operations for 2 roles' });
  await functions
    .getByRole('treeitem', { name: /\(dict:view\)/ })
    .locator('.ant-tree-checkbox')
    .click();
  await functions.getByRole('button', { name: 'Save' }).click();
  await expect(functions).toBeHidden();

  const held = async (id: number) => (await admin.call('GET', `/admin/roles/${id}/operations`)).json.data.sort();
  expect(await held(roleIds[0] as number)).toEqual([operationId('dict:add'), operationId('dict:view')].sort());
  expect(await held(roleIds[1] as number)).toEqual([operationId('dict:view')]);

  for (const code of ['batch_one', 'batch_two']) {
    await page.getByRole('row').filter({ hasText: code }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Data for selected' }).click();
  const data = page.getByRole('dialog', { name: 'Organs for 2 roles' });
  const organ = data.getByRole('treeitem').first();
  const organName = (await organ.innerText()).trim();
  await organ.locator('.ant-tree-checkbox').click();
  await data.getByRole('button', { name: 'Save' }).click();
  await expect(data).toBeHidden();
  const organs = (await admin.call('GET', '/admin/organs/tree?struType=admin')).json.data as { id: number; organName: string }[];
  const organId = organs.find((node) => node.organName === organName)?.id;
  for (const id of roleIds) expect((await admin.call('GET', `/admin/roles/${id}/organs`)).json.data).toEqual([organId]);
});

test('the function tree speaks the reader language, leaves out what needs no grant, and shows the super role all ticked', async ({
  page,
}) => {
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.goto(`${server.url}/#/iam/role`);
  const superRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'super_admin', exact: true }) });
  await superRow.getByRole('button', { name: '功能授权' }).click();
  const tree = page.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: '数据字典' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: '查看 (dict:view)' })).toBeVisible();
  await expect(tree.getByText('auth:login')).toHaveCount(0);
  await expect(tree.getByText('todo:view')).toHaveCount(0);
  const boxes = tree.locator('.ant-tree-checkbox');
  await expect(boxes.first()).toBeVisible();
  const total = await boxes.count();
  await expect(tree.locator('.ant-tree-checkbox-checked')).toHaveCount(total);
  await expect(tree.locator('.ant-tree-checkbox-disabled')).toHaveCount(total);
});
