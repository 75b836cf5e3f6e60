import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
/** One signed-in page scans every back-office page below: signing in once rather than sixty times saves minutes. */
let backOffice: Page;
test.beforeAll(async ({ browser }) => {
  server = await startServer();
  const { locale, viewport, reducedMotion } = test.info().project.use;
  backOffice = await (await browser.newContext({ locale, viewport, reducedMotion })).newPage();
  await signIn(backOffice, server.url, sysadmin);
});
test.afterAll(async () => {
  await backOffice.context().close();
  await server.stop();
});

async function seriousViolations(page: Page) {
  // A pointer resting on a control would check its hover colours, not the page's; and colours still
  // fading (a row's hover, a tag appearing) or dimmed by a loading spinner would be measured half
  // way: settle them first.
  await page.mouse.move(0, 0);
  // A table still loading shows its rows half transparent under the spinner.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary})`).join(', ')}`,
    );
}

test('the sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto(`${server.url}/#/login`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const path of [
  '/dashboard',
  '/system/dictionary',
  '/audit/loginLog',
  '/optLog/errorLog',
  '/governance/namespace',
  '/governance/registry',
  '/governance/config',
  '/governance/gateway',
  '/governance/apiGroup',
  '/governance/flowRule',
  '/governance/degradeRule',
  '/iam/organ',
  '/iam/account',
  '/iam/role',
  '/iam/passwordPolicy',
  '/system/menu',
  '/system/calendar',
  '/system/region',
  '/system/serial',
  '/system/function',
  '/portal/site',
  '/portal/news',
  '/portal/services',
  '/portal/customers',
  '/portal/about',
  '/portal/jobs',
  '/audit/operationLog',
  '/todo',
  '/profile',
  '/monitor/figures',
  '/monitor/alarmRule',
  '/monitor/alarmReceiver',
  '/monitor/alarmEvent',
  '/monitor/outbound',
  '/forms/designer',
  '/forms/fill',
  '/forms/submissions',
  '/bpm/model',
  '/bpm/definition',
  '/bpm/todo',
  '/bpm/done',
  '/bpm/monitor',
  '/bpm/participant',
  '/bpm/listener',
  '/bpm/plugin',
  '/bpm/statistics',
]) {
  test(`${path} has no serious accessibility violation`, async () => {
    const page = backOffice;
    // Loaded afresh, as a bookmark opens it: nothing of the page scanned before stays mounted.
    await page.goto(`${server.url}/#${path}`);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    // The page itself is checked, not a 403 or 404 in its place.
    await expect(page.locator('.ant-result-403, .ant-result-404')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a delete confirmation, rendered outside the page tree, keeps the theme and passes axe', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/dictionary`);
  await page.getByRole('row').filter({ hasText: 'yes_no' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deletion' });
  // The theme's darkened red (#cf1322), not antd's default #ff4d4f that white text fails on.
  await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveCSS('background-color', 'rgb(207, 19, 34)');
  expect(await seriousViolations(page)).toEqual([]);
});

for (const path of [
  '/homePage',
  '/toProducts?index=2',
  '/toCases',
  '/newsPage',
  '/newsDetail?id=1',
  '/customers',
  '/aboutUs',
  '/contactUs',
  '/joinus',
  '/test',
  '/404',
  '/common/page',
]) {
  test(`public page ${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(`${server.url}/#${path}`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
