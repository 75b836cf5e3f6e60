import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { sidebar, signIn, sysadmin, tabs } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('the super administrator sees the menu, collects tabs that keep their state and survive a reload, and signs out', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await expect(sidebar(page).getByRole('menuitem', { name: 'System' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Audit' })).toBeVisible();
  // Moving between pages neither rotates the token nor rebuilds the menus: both happen once per load.
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(oauth\/token|admin\/current\/menus)/.test(request.url())) sessionCalls.push(request.url());
  });

  await sidebar(page).getByRole('menuitem', { name: 'System' }).click();
  await sidebar(page).getByRole('menuitem', { name: 'Dictionaries' }).click();
  await expect(page).toHaveURL(/#\/system\/dictionary$/);
  await expect(page.getByRole('cell', { name: 'gender', exact: true })).toBeVisible();
  await page.getByRole('search').getByLabel('Dictionary code').fill('task');

  await sidebar(page).getByRole('menuitem', { name: 'Audit' }).click();
  await sidebar(page).getByRole('menuitem', { name: 'Login log' }).click();
  await expect(page).toHaveURL(/#\/audit\/loginLog$/);
  await expect(page.getByRole('cell', { name: 'sysadmin' }).first()).toBeVisible();
  await expect(tabs(page)).toHaveText(['Dashboard', 'Dictionaries', 'Login log']);
  expect(sessionCalls).toEqual([]);

  // The dictionary page was kept alive: its half-typed search is still there.
  await tabs(page).filter({ hasText: 'Dictionaries' }).getByRole('button').first().click();
  await expect(page.getByRole('search').getByLabel('Dictionary code')).toHaveValue('task');

  // Refresh remounts the page: the half-typed search is gone.
  await tabs(page).filter({ hasText: 'Dictionaries' }).getByRole('button').first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await expect(page.getByRole('search').getByLabel('Dictionary code')).toHaveValue('');

  await tabs(page).filter({ hasText: 'Login log' }).getByRole('button').first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect(tabs(page)).toHaveText(['Dashboard', 'Login log']);

  await page.reload();
  await expect(tabs(page)).toHaveText(['Dashboard', 'Login log']);
  await expect(page).toHaveURL(/#\/audit\/loginLog$/);

  await tabs(page).filter({ hasText: 'Login log' }).getByRole('button').first().click({ button: 'right' });
  // The menu's items stand one under another, each inside the menu and the window.
  const tabMenu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Close all' }) });
  const menuBox = await tabMenu.boundingBox();
  const itemBoxes = await Promise.all((await tabMenu.getByRole('menuitem').all()).map((item) => item.boundingBox()));
  expect(itemBoxes.length).toBeGreaterThanOrEqual(3);
  for (const [index, box] of itemBoxes.entries()) {
    expect(box && menuBox && box.x >= menuBox.x && box.x + box.width <= menuBox.x + menuBox.width + 1).toBe(true);
    expect(box && box.x + box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
    if (index > 0) expect(box?.y).toBeGreaterThan(itemBoxes[index - 1]?.y ?? 0);
  }
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await expect(tabs(page)).toHaveText(['Dashboard']);
  await expect(page).toHaveURL(/#\/dashboard$/);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto(`${server.url}/#/dashboard`);
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdashboard$/);
});

test('switching to Japanese changes the menu and the labels, and the choice survives a reload', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  await expect(sidebar(page).getByRole('menuitem', { name: 'システム管理' })).toBeVisible();
  await expect(tabs(page)).toHaveText(['ダッシュボード']);
  await expect(page.getByRole('heading', { name: 'ようこそ、系统管理员さん' })).toBeVisible();
  await page.reload();
  await expect(sidebar(page).getByRole('menuitem', { name: '監査' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('a workflow page, whose strings load with it, changes language too', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/bpm/model`);
  await expect(page.getByRole('button', { name: 'New model' })).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  await expect(page.getByRole('button', { name: '新規モデル' })).toBeVisible();
});

test('the sidebar collapses to 50 px and stays so after a reload', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await expect(sidebar(page)).toHaveCSS('width', '208px');
  await page.getByRole('button', { name: 'Toggle the menu' }).click();
  await expect(sidebar(page)).toHaveCSS('width', '50px');
  await page.reload();
  await expect(sidebar(page)).toHaveCSS('width', '50px');
});

test('unknown back-office paths reach 404 and the redirect helper forwards', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/no/such/page`);
  await expect(page).toHaveURL(/#\/404$/);
  await page.goto(`${server.url}/#/redirect/system/dictionary`);
  await expect(page).toHaveURL(/#\/system\/dictionary$/);
});
