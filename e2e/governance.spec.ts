import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const credentials = `username=${sysadmin.userName}&password=${encodeURIComponent(sysadmin.password)}`;
const nacos = (method: string, path: string, params: Record<string, string>, headers: Record<string, string> = {}) => {
  const query = `${credentials}&${new URLSearchParams(params)}`;
  return method === 'GET' || method === 'DELETE'
    ? fetch(`${server.url}${path}?${query}`, { method, headers })
    : fetch(`${server.url}${path}`, {
        method,
        body: query,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
};
const instancesOf = async (service: string) =>
  (await (await nacos('GET', '/nacos/v1/ns/instance/list', { serviceName: service })).json()).hosts as {
    ip: string;
    weight: number;
    enabled: boolean;
  }[];

test('the registry and the config centre open on the namespace that holds the demo, not the empty public one', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/governance/registry`);
  await expect(page.getByRole('row').filter({ hasText: 'order-service' }).first()).toBeVisible();
  await expect(page.getByText('生产环境', { exact: true })).toBeVisible();
  await page.goto(`${server.url}/#/governance/config`);
  await expect(page.getByRole('row').filter({ hasText: 'application.yaml' })).toBeVisible();
});

test('the registry page shows what clients register, and a client sees what the page changes', async ({ page }) => {
  for (const ip of ['10.8.0.1', '10.8.0.2']) {
    await nacos('POST', '/nacos/v1/ns/instance', { serviceName: 'DEFAULT_GROUP@@orders', ip, port: '8080', ephemeral: 'false' });
  }
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/governance/registry`);
  const row = page.getByRole('row').filter({ hasText: 'orders' });
  await expect(row.getByRole('cell', { name: '2' }).first()).toBeVisible();

  await row.getByRole('button', { name: 'Instances' }).click();
  const drawer = page.getByRole('dialog', { name: 'Instances of DEFAULT_GROUP@@orders' });
  const instance = drawer.getByRole('row').filter({ hasText: '10.8.0.1' });
  await expect(instance.getByText('Healthy')).toBeVisible();
  await instance.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit instance' });
  await dialog.getByLabel('Weight').fill('5');
  await dialog.getByLabel('Enabled').click();
  await page.getByTitle('Disabled').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(instance.getByText('Disabled')).toBeVisible();
  expect((await instancesOf('DEFAULT_GROUP@@orders')).find((host) => host.ip === '10.8.0.1')).toMatchObject({ weight: 5, enabled: false });

  await drawer.getByRole('row').filter({ hasText: '10.8.0.2' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(drawer.getByRole('row').filter({ hasText: '10.8.0.2' })).toBeHidden();
  expect((await instancesOf('DEFAULT_GROUP@@orders')).map((host) => host.ip)).toEqual(['10.8.0.1']);
});

test('the config centre edits, checks, compares, rolls back, lists listeners and moves configs between namespaces', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/governance/namespace`);
  await page.getByRole('button', { name: 'Add' }).click();
  const namespaceDialog = page.getByRole('dialog', { name: 'Add namespace' });
  await namespaceDialog.getByLabel('Namespace ID').fill('staging');
  await namespaceDialog.getByLabel('Name', { exact: true }).fill('Staging');
  await namespaceDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();

  await page.goto(`${server.url}/#/governance/config`);
  // The page opens on the demo's namespace; this config belongs in public.
  await page.getByLabel('Namespace', { exact: true }).click();
  await page.locator('.ant-select-item-option[title="public"]').filter({ visible: true }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add config' });
  await dialog.getByLabel('Data ID').fill('shop.json');
  await dialog.getByLabel('Group').fill('DEFAULT_GROUP');
  await dialog.getByLabel('Content type').click();
  await page.getByTitle('json').click();
  await dialog.getByLabel('Content', { exact: true }).fill('{"currency": ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The content is not valid json: the error is at line \d+, column \d+/)).toBeVisible();
  await dialog.getByLabel('Content', { exact: true }).fill('{"currency": "CNY"}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const read = await nacos('GET', '/nacos/v1/cs/configs', { dataId: 'shop.json', group: 'DEFAULT_GROUP' });
  expect(await read.text()).toBe('{"currency": "CNY"}');

  // A client publishes a new version; the page's history compares it and rolls it back.
  await nacos('POST', '/nacos/v1/cs/configs', {
    dataId: 'shop.json',
    group: 'DEFAULT_GROUP',
    type: 'json',
    content: '{"currency": "EUR"}',
  });
  const row = page.getByRole('row').filter({ hasText: 'shop.json' });
  await row.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of DEFAULT_GROUP/shop.json' });
  const created = history.getByRole('row').filter({ hasText: 'Created' });
  await created.getByRole('button', { name: 'Compare with current' }).click();
  const diff = page.getByRole('dialog', { name: /From the version of/ });
  await expect(diff.getByTitle('Removed line')).toHaveText('- {"currency": "CNY"}');
  await expect(diff.getByTitle('Added line')).toHaveText('+ {"currency": "EUR"}');
  await diff.getByRole('button', { name: 'Close' }).click();
  await created.getByRole('button', { name: 'Roll back' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('Rolled back')).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(4);
  expect(await (await nacos('GET', '/nacos/v1/cs/configs', { dataId: 'shop.json', group: 'DEFAULT_GROUP' })).text()).toBe(
    '{"currency": "CNY"}',
  );
  await history.getByRole('button', { name: 'Close', exact: true }).click();

  // A client holding a long poll shows among the listeners; it is answered when the config changes.
  const md5 = createHash('md5').update('{"currency": "CNY"}').digest('hex');
  const poll = nacos(
    'POST',
    '/nacos/v1/cs/configs/listener',
    { 'Listening-Configs': `shop.json\u0002DEFAULT_GROUP\u0002${md5}\u0001` },
    { 'Long-Pulling-Timeout': '30000' },
  );
  await row.getByRole('button', { name: 'Listeners' }).click();
  const listeners = page.getByRole('dialog', { name: 'Clients listening to DEFAULT_GROUP/shop.json' });
  await expect(listeners.getByRole('cell', { name: md5 })).toBeVisible();
  await listeners.getByRole('button', { name: 'Close', exact: true }).click();
  await nacos('POST', '/nacos/v1/cs/configs', {
    dataId: 'shop.json',
    group: 'DEFAULT_GROUP',
    type: 'json',
    content: '{"currency": "USD"}',
  });
  expect(decodeURIComponent(await (await poll).text())).toBe('shop.json\u0002DEFAULT_GROUP\u0001');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export zip' }).click();
  const archive = await (await download).path();
  expect((await download).suggestedFilename()).toBe('public-configs.zip');

  // The list of namespaces may re-render while it opens; try the choice again until it takes.
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.locator('.ant-select-item-option[title="Staging"]').filter({ visible: true }).click({ timeout: 2_000 });
    await expect(page.getByRole('combobox', { name: 'Namespace' }).locator('..')).toContainText('Staging', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Import zip' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import configs into Staging' });
  await importDialog.locator('input[type=file]').setInputFiles(archive);
  await importDialog.getByRole('button', { name: 'Import zip' }).click();
  await expect(page.getByText('Created (1)')).toBeVisible();
  await page.getByRole('dialog', { name: 'Result' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('cell', { name: 'shop.json' })).toBeVisible();

  // Cloning back to public with "skip" reports the existing config as skipped.
  await page.getByRole('row').filter({ hasText: 'shop.json' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone 1 configs' });
  await clone.getByLabel('Target namespace').click();
  await page.locator('.ant-select-item-option[title="public"]').filter({ visible: true }).click();
  await clone.getByLabel('Skip it').check();
  await clone.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Skipped (1)')).toBeVisible();
});

test('the public namespace is called 公共空间 in Chinese', async ({ page, context }) => {
  await signIn(page, server.url, sysadmin);
  await context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
  await page.goto(`${server.url}/#/governance/registry`);
  await page.reload();
  await expect(page.getByText('公共空间')).toBeVisible();
});
