import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin, tabs } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const pages = [
  '/system/dictionary',
  '/system/menu',
  '/system/calendar',
  '/system/region',
  '/system/serial',
  '/iam/organ',
  '/iam/account',
  '/iam/role',
  '/iam/passwordPolicy',
  '/audit/loginLog',
  '/audit/operationLog',
  '/optLog/errorLog',
  '/governance/namespace',
  '/governance/registry',
  '/governance/config',
  '/todo',
];

test('with many Japanese tabs the active one stays in sight, and the context menu stays inside the window', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await signIn(page, server.url, sysadmin);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  for (const path of pages) {
    await page.goto(`${server.url}/#${path}`);
    await expect(tabs(page).last()).toHaveAttribute('data-path', path);
  }
  await expect(tabs(page)).toHaveCount(pages.length + 1);
  const strip = await page.getByTestId('tags-view').boundingBox();
  const inSight = async (path: string) => {
    const box = await page.locator(`[data-path="${path}"]`).boundingBox();
    return box !== null && strip !== null && box.x >= strip.x - 1 && box.x + box.width <= strip.x + strip.width + 1;
  };
  await expect.poll(() => inSight('/todo')).toBe(true);
  await page.goto(`${server.url}/#/system/dictionary`);
  await expect.poll(() => inSight('/system/dictionary')).toBe(true);
  await page.goto(`${server.url}/#/todo`);
  await expect.poll(() => inSight('/todo')).toBe(true);

  // The last tab sits at the window's right edge: its menu opens leftwards rather than past it.
  const last = page.locator('[data-path="/todo"] button').first();
  const box = await last.boundingBox();
  await last.click({ button: 'right', position: { x: (box?.width ?? 4) - 2, y: 2 } });
  const menu = page.getByRole('menu').filter({ hasText: '再読み込み' });
  await expect(menu).toBeVisible();
  const menuBox = await menu.boundingBox();
  expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(1024);
  // Every item's label fits inside the menu's box.
  for (const item of await menu.getByRole('menuitem').all()) {
    expect(await item.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
});

test('Refresh on a tab that is not on screen shows that page, reloaded', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/dictionary`);
  const code = page.getByRole('search').getByRole('textbox').first();
  await code.fill('typed before');
  await page.goto(`${server.url}/#/system/serial`);
  await page.locator('[data-path="/system/dictionary"] button').first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await expect(page).toHaveURL(/#\/system\/dictionary$/);
  await expect(page.getByRole('search').getByRole('textbox').first()).toHaveValue('');
});
