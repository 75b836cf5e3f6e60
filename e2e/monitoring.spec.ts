import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test('the live chart moves while traffic flows through the gateway, and pauses on request', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/monitor/figures`);
  // Before any gateway traffic, the page opens on figures it has (Qiming's own API, its servers).
  await expect(page.getByRole('radio', { name: 'Gateway routes' })).not.toBeChecked();
  await expect
    .poll(async () => Number(await page.getByTestId('live-chart').getAttribute('data-points')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.locator('label').filter({ hasText: 'Gateway routes' }).click();
  await expect(page.getByRole('radio', { name: 'Gateway routes' })).toBeChecked();

  // The demo's released route to httpbin.org: online or not (502), the gateway counts each request it passes.
  let flowing = true;
  const traffic = (async () => {
    while (flowing) {
      await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.gatewayUrl}/httpbin/get`).catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const chart = page.getByTestId('live-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(chart).toHaveAttribute('aria-label', /by target: httpbin/);
    const newest = Number(await chart.getAttribute('data-newest-at'));
    await expect.poll(async () => Number(await chart.getAttribute('data-newest-at')), { timeout: 10_000 }).toBeGreaterThan(newest);

    await page.getByTestId('live-pause').click();
    const paused = Number(await chart.getAttribute('data-newest-at'));
    await page.waitForTimeout(2500);
    expect(Number(await chart.getAttribute('data-newest-at'))).toBe(paused);
    await page.getByTestId('live-pause').click();
    await expect.poll(async () => Number(await chart.getAttribute('data-newest-at')), { timeout: 10_000 }).toBeGreaterThan(paused);
  } finally {
    flowing = false;
    await traffic;
  }
});

test('an alarm the demo raises shows in the header bell, and opens the alarm history', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  // The demo's payment service has no healthy instance: the seeded rule fires for it within seconds.
  const bell = page.getByTestId('alarm-bell');
  await expect.poll(async () => Number(await bell.getAttribute('data-unread')), { timeout: 30_000 }).toBeGreaterThan(0);
  await bell.click();
  const entry = page.getByText('服务无健康实例').first();
  await expect(entry).toBeVisible();
  await expect(page.getByText('prod/DEFAULT_GROUP@@payment-service').first()).toBeVisible();

  await page.locator('.ant-popover').getByRole('link', { name: 'Alarm history' }).click();
  await expect(page).toHaveURL(/#\/monitor\/alarmEvent/);
  const row = page.getByRole('row').filter({ hasText: 'prod/DEFAULT_GROUP@@payment-service' });
  await expect(row).toContainText('服务无健康实例');
  await expect(row).toContainText(/Firing/i);
  // The demo's resolved alarms of the afternoon incident are there too.
  await expect(page.getByRole('row').filter({ hasText: '官网内容接口出错' })).toContainText(/Resolved/i);
});
