import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
let upstream: http.Server;
test.beforeAll(async () => {
  server = await startServer();
  upstream = http.createServer((request, response) => {
    if (request.url === '/broken') response.statusCode = 500;
    response.end(`upstream saw ${request.url}`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  upstream.close();
  await server.stop();
});

test('an administrator defines a route with predicate and filter forms, releases it, and traffic flows through the gateway', async ({
  page,
}) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/governance/gateway`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add route' });
  await dialog.getByLabel('Route ID').fill('shop');
  await dialog.getByLabel('Route name').fill('Shop');
  await dialog.getByLabel('URI').fill(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  await dialog.getByLabel('Path Patterns').fill('/shop/**');

  await dialog.getByRole('button', { name: 'Add a predicate' }).click();
  await dialog.getByLabel('Kind').nth(1).click();
  await page.locator('.ant-select-item-option[title="Header"]').click();
  await expect(dialog.getByText('The header name or value is not valid')).toBeVisible();
  await dialog.getByLabel('Header Header').fill('X-Trace');
  await dialog.getByLabel('Header Regular expression').fill('([');
  await expect(dialog.getByText('Not a valid regular expression: ([')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).nth(1).click();

  await dialog.getByRole('button', { name: 'Add a filter' }).click();
  await dialog.getByLabel('Kind').nth(1).click();
  await page.locator('.ant-select-item-option[title="StripPrefix"]').click();
  await dialog.getByLabel('StripPrefix Parts').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'shop' });
  await expect(row).toContainText('Unreleased');
  expect((await fetch(`${server.gatewayUrl}/shop/items`)).status).toBe(404);
  await row.getByRole('button', { name: 'Release' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Do you want to carry out this operation?' })
    .getByRole('button', { name: 'Release' })
    .click();
  await expect(row).toContainText('Released');
  await expect.poll(async () => (await fetch(`${server.gatewayUrl}/shop/items?id=7`)).text()).toBe('upstream saw /items?id=7');
  // The page shows the last second's traffic the gateway reports while requests keep coming.
  await expect
    .poll(
      async () => {
        await fetch(`${server.gatewayUrl}/shop/items`);
        return row.textContent();
      },
      { timeout: 8_000 },
    )
    .toMatch(/[1-9]\d* passed/);

  await page.getByRole('button', { name: 'Test a request' }).click();
  const tester = page.getByRole('dialog').filter({ hasText: 'Test a request' });
  await tester.getByLabel('Path and query').fill('/shop/items?id=7');
  await tester.getByRole('button', { name: 'Find the route' }).click();
  await expect(tester.getByTestId('route-test-result')).toContainText(
    `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/items?id=7`,
  );
  await tester.getByLabel('Path and query').fill('/elsewhere');
  await tester.getByRole('button', { name: 'Find the route' }).click();
  await expect(tester.getByText('No released route takes this request')).toBeVisible();
});

test('a degrade rule added in its page cuts a failing route off, and the page shows its breaker open', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/governance/degradeRule`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add degrade rule' });
  await dialog.getByLabel('Route or API group').fill('shop');
  await dialog.getByLabel('Opens on').click();
  await page.locator('.ant-select-item-option[title="Error count"]').click();
  await dialog.getByLabel('Threshold (ms, ratio or count)').fill('1');
  await dialog.getByLabel('Minimum requests').fill('2');
  await dialog.getByLabel('Statistic window (ms)').fill('60000');
  await dialog.getByLabel('Open for (s)').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Two failures open it; then the gateway answers 503 itself.
  await expect.poll(async () => (await fetch(`${server.gatewayUrl}/shop/broken`)).status).toBe(503);
  await expect(page.getByRole('row').filter({ hasText: 'Route: shop' })).toContainText('Open', { timeout: 5_000 });
  // After its second, the breaker lets a good probe through and closes.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await fetch(`${server.gatewayUrl}/shop/fine`)).status).toBe(200);
  await expect(page.getByRole('row').filter({ hasText: 'Route: shop' })).toContainText('Closed', { timeout: 5_000 });
});

test('a flow rule added in its page limits the route through the gateway, and the page says how counts are kept', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/governance/flowRule`);
  await expect(page.getByText('Each gateway process counts on its own')).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add flow rule' });
  await dialog.getByLabel('Route or API group').fill('shop');
  await dialog.getByLabel('Threshold', { exact: true }).fill('1');
  await dialog.getByLabel('Interval (s)').fill('60');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Route: shop' })).toBeVisible();

  const statuses = [];
  for (let i = 0; i < 2; i += 1) statuses.push((await fetch(`${server.gatewayUrl}/shop/limited`)).status);
  expect(statuses).toEqual([200, 429]);
});
