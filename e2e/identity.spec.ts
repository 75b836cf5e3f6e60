import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { sidebar, signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const password = 'Secret@2026';

test('an administrator builds an organ tree, an account in it and a role; the account sees only what the role grants', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/iam/organ`);
  await page.getByRole('button', { name: 'Add top organ' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add organ' });
  await dialog.getByLabel('Organ code').fill('ACME');
  await dialog.getByLabel('Organ name').fill('Acme Education');
  await dialog.getByLabel('Type code').click();
  await page.locator('.ant-select-item-option[title="公司"]').filter({ visible: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tree', { name: 'Organisations' }).getByText('Acme Education').click();
  await page.getByRole('button', { name: 'Add sub-organ' }).click();
  dialog = page.getByRole('dialog', { name: 'Add organ' });
  await dialog.getByLabel('Organ code').fill('ACME_RD');
  await dialog.getByLabel('Organ name').fill('Research');
  await dialog.getByLabel('Type code').click();
  await page.locator('.ant-select-item-option[title="小组"]').filter({ visible: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('An organ of type 小组 cannot sit under Acme Education')).toBeVisible();
  await dialog.getByLabel('Type code').click();
  await page.locator('.ant-select-item-option[title="部门"]').filter({ visible: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tree', { name: 'Organisations' }).getByText('Research')).toBeVisible();

  await page.goto(`${server.url}/#/iam/role`);
  await page.getByRole('button', { name: 'Add' }).click();
  dialog = page.getByRole('dialog', { name: 'Add role' });
  await dialog.getByLabel('Role code').fill('rd_reader');
  await dialog.getByLabel('Role name').fill('Research reader');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const roleRow = page.getByRole('row').filter({ hasText: 'rd_reader' });
  await roleRow.getByRole('button', { name: 'Functions' }).click();
  const grants = page.getByRole('dialog', { name: 'Functions of Research reader' });
  await grants
    .getByRole('treeitem', { name: /\(dict:view\)/ })
    .locator('.ant-tree-checkbox')
    .click();
  await grants
    .getByRole('treeitem', { name: /\(dict:add\)/ })
    .locator('.ant-tree-checkbox')
    .click();
  await grants.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(grants).toBeHidden();

  await page.goto(`${server.url}/#/iam/account`);
  await page.getByRole('button', { name: 'Add' }).click();
  dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('User name').fill('rd_user01');
  await dialog.getByLabel('Name', { exact: true }).fill('Researcher');
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByLabel('Organ').click();
  await page.locator('.ant-select-tree-title').filter({ hasText: 'Research' }).filter({ visible: true }).click();
  await dialog.getByLabel('Max sessions (-1: unlimited)').fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const accountRow = page.getByRole('row').filter({ hasText: 'rd_user01' });
  await accountRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Authorise' }).click();
  const authorise = page.getByRole('dialog', { name: 'Give roles to 1 accounts' });
  await authorise.getByRole('combobox', { name: 'Roles' }).click();
  await page.locator('.ant-select-item-option[title="Research reader"]').filter({ visible: true }).click();
  // A multiple select stays open after a choice; a click elsewhere in the dialog closes it.
  await authorise.getByText('Give roles to 1 accounts').click();
  await authorise.getByRole('button', { name: 'Save' }).click();
  await expect(authorise).toBeHidden();

  // The role in use cannot be deleted.
  await page.goto(`${server.url}/#/iam/role`);
  await page.getByRole('row').filter({ hasText: 'rd_reader' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The role is still authorised to users; cancel those authorisations before deleting it')).toBeVisible();

  const researcher = await (await browser.newContext()).newPage();
  await signIn(researcher, server.url, { userName: 'rd_user01', password });
  await sidebar(researcher).getByText('System').click();
  await expect(sidebar(researcher).getByText('Dictionaries')).toBeVisible();
  await expect(sidebar(researcher).getByText('Menus')).toHaveCount(0);
  await expect(sidebar(researcher).getByText('Organisation and accounts')).toHaveCount(0);
  await expect(sidebar(researcher).getByText('Service governance')).toHaveCount(0);
  await researcher.goto(`${server.url}/#/system/dictionary`);
  await expect(researcher.getByRole('button', { name: 'Add' })).toBeVisible();
  await expect(researcher.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(researcher.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
});

test('an organ-scoped administrator sees only the accounts in range, in the page and through the API', async ({ page }) => {
  const admin = await apiAs(server.url, sysadmin);
  const tree = (await admin.call('GET', '/admin/organs/tree')).json.data;
  const company = tree.find((node: { organCode: string }) => node.organCode === 'QM');
  const tech = company.children.find((node: { organCode: string }) => node.organCode === 'QM_TECH').id;
  const market = company.children.find((node: { organCode: string }) => node.organCode === 'QM_MARKET').id;
  const account = (userName: string, organId: number, extra: object = {}) =>
    admin.call('POST', '/admin/accounts', {
      userName,
      name: userName,
      password,
      confirmPassword: password,
      organId,
      maxSessionNumber: -1,
      ...extra,
    });
  const inRange = (await account('tech_dev01', tech)).json.data.id;
  const outOfRange = (await account('market_rep01', market)).json.data.id;
  const scopedAdmin = (await account('tech_admin01', tech, { administrator: true, manageRange: tech })).json.data.id;
  const role = (await admin.call('POST', '/admin/roles', { roleCode: 'tech_admins', roleName: 'Tech admins', roleScope: 'organ' })).json
    .data.id;
  const operations = (await admin.call('GET', '/admin/roles/function-tree')).json.data;
  const ids: number[] = [];
  const walk = (nodes: { code: string; operationId?: number; children?: never[] }[]) => {
    for (const node of nodes) {
      if (node.operationId && /^(account|organ):view$/.test(node.code)) ids.push(node.operationId);
      walk(node.children ?? []);
    }
  };
  walk(operations);
  await admin.call('PUT', `/admin/roles/${role}/operations`, { operationIds: ids });
  await admin.call('PUT', `/admin/roles/${role}/organs`, { organIds: [tech] });
  await admin.call('POST', '/admin/roles/authorise', { accountIds: [scopedAdmin], roleIds: [role] });

  await signIn(page, server.url, { userName: 'tech_admin01', password });
  await page.goto(`${server.url}/#/iam/account`);
  const table = page.locator('#admin-main').getByRole('table').filter({ visible: true });
  await expect(table.getByRole('row').filter({ hasText: 'tech_dev01' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'staff01' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'market_rep01' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);

  const scoped = await apiAs(server.url, { userName: 'tech_admin01', password });
  expect((await scoped.call('GET', `/admin/accounts/${inRange}`)).status).toBe(200);
  expect((await scoped.call('GET', `/admin/accounts/${outOfRange}`)).status).toBe(404);
  expect((await scoped.call('POST', `/admin/accounts/${outOfRange}/lock`)).status).toBe(403);
});

test('the IP policy refuses a sign-in from a forbidden address', async ({ page }) => {
  const admin = await apiAs(server.url, sysadmin);
  await admin.call('POST', '/admin/accounts', {
    userName: 'office_only',
    name: 'Office only',
    password,
    confirmPassword: password,
    maxSessionNumber: -1,
    isUseIpChecked: true,
    ipPolicy: '10.8.*.*;-127.0.0.1',
  });
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('User name').fill('office_only');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').getByText('This account may not sign in from your address')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
});

test('dragging an organ above its sibling reorders the tree', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/iam/organ`);
  const tree = page.getByRole('tree', { name: 'Organisations' });
  const market = tree.locator('.ant-tree-treenode').filter({ hasText: '市场部' }).locator('.ant-tree-node-content-wrapper');
  const tech = tree.locator('.ant-tree-treenode').filter({ hasText: '技术部' }).locator('.ant-tree-node-content-wrapper');
  await market.dragTo(tech, { targetPosition: { x: 20, y: 2 } });
  const admin = await apiAs(server.url, sysadmin);
  await expect
    .poll(async () => {
      const company = (await admin.call('GET', '/admin/organs/tree')).json.data.find(
        (node: { organCode: string }) => node.organCode === 'QM',
      );
      return company.children.map((node: { organCode: string }) => node.organCode);
    })
    .toEqual(['QM_MARKET', 'QM_TECH']);
});

test('locking an account asks first, in the spec Chinese, and a cancelled lock changes nothing', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.goto(`${server.url}/#/iam/account`);
  const staffRow = page.getByRole('row').filter({ hasText: 'staff01' });
  await staffRow.getByRole('button', { name: '锁定' }).click();
  const ask = page.getByRole('dialog', { name: '警告' });
  await expect(ask.getByText('确定执行该操作吗?')).toBeVisible();
  // A click while the dialog still zooms in can land before its buttons take clicks.
  await expect(ask).not.toHaveClass(/ant-zoom-appear/);
  await ask
    .getByRole('button', { name: '取 消' })
    .or(ask.getByRole('button', { name: '取消' }))
    .click();
  await expect(ask).toBeHidden();
  await expect(staffRow.getByRole('button', { name: '锁定' })).toBeVisible();
});
