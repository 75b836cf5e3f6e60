import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
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

/**
 * Chooses the signed-in user's theme through the setting the drawer stores for the account; the page's
 * reload that follows paints it, as it does for a user coming back.
 */
async function chooseTheme(page: Page, theme: Theme) {
  await page.evaluate((chosen) => {
    const key = `qiming-settings:${localStorage.getItem('User-Id')}`;
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
    localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, theme: chosen } }));
  }, theme);
}

type Theme = 'light' | 'dark';
const themes: Theme[] = ['light', 'dark'];

/** Whether a box is painted in the theme: dark paints it near black, light near white. */
async function expectPainted(box: Locator, theme: Theme) {
  const brightness = await box.evaluate((element) => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(element).backgroundColor.match(/\d+/g)?.map(Number) ?? [];
    return (r + g + b) / 3;
  });
  expect(theme === 'dark' ? brightness < 60 : brightness > 200, `background brightness ${brightness}`).toBe(true);
}

for (const theme of themes) {
  test(`the sign-in page has no serious accessibility violation in a ${theme} browser`, async ({ browser }) => {
    // Nobody is signed in yet, so no account's choice applies: the page follows the browser's scheme.
    const { locale, viewport, reducedMotion } = test.info().project.use;
    const context = await browser.newContext({ locale, viewport, reducedMotion, colorScheme: theme });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectPainted(page.getByRole('region', { name: 'Sign in' }), theme);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

const backOfficePages = [
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
];

// Every page twice, the light theme's walk first: one signed-in page switches once between the walks.
for (const theme of themes) {
  for (const path of backOfficePages) {
    test(`${path} has no serious accessibility violation in the ${theme} theme`, async () => {
      const page = backOffice;
      // Loaded afresh, as a bookmark opens it: nothing of the page scanned before stays mounted.
      await page.goto(`${server.url}/#${path}`);
      await chooseTheme(page, theme);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main').first()).toBeVisible();
      // The page itself is checked, not a 403 or 404 in its place, in the theme asked for.
      await expect(page.locator('.ant-result-403, .ant-result-404')).toHaveCount(0);
      await expectPainted(page.locator('header').first(), theme);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

// The light theme's darkened red (#cf1322) under white text, not antd's default #ff4d4f that white text
// fails on; the dark theme's red (#dc6966) under dark text.
for (const [theme, red, text] of [
  ['light', 'rgb(207, 19, 34)', 'rgb(255, 255, 255)'],
  ['dark', 'rgb(220, 105, 102)', 'rgba(0, 0, 0, 0.88)'],
] as const) {
  test(`a delete confirmation, rendered outside the page tree, keeps the ${theme} theme and passes axe`, async () => {
    const page = backOffice;
    await page.goto(`${server.url}/#/system/dictionary`);
    await chooseTheme(page, theme);
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'yes_no' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm deletion' });
    await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveCSS('background-color', red);
    await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveCSS('color', text);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
}

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
