import { expect, type Page, test } from '@playwright/test';
import { colourRules, seriousViolations } from './support/axe.ts';
import { reloadAt } from './support/backOfficeWalk.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin, tabs } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

async function openSettings(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Page settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Page settings' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The header's painted colour: dark themes paint it near black. */
const headerBrightness = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((element) => {
      const [r = 0, g = 0, b = 0] = getComputedStyle(element).backgroundColor.match(/\d+/g)?.map(Number) ?? [];
      return (r + g + b) / 3;
    });

test('tabs past the strip are reached with its arrows', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await signIn(page, server.url, sysadmin);
  const pages = ['/system/dictionary', '/system/menu', '/system/calendar', '/system/region', '/system/serial', '/iam/organ'];
  pages.push('/iam/account', '/iam/role', '/iam/passwordPolicy', '/audit/loginLog', '/audit/operationLog', '/governance/registry');
  for (const path of pages) {
    await page.goto(`${server.url}/#${path}`);
    await expect(tabs(page).last()).toHaveAttribute('data-path', path);
  }
  const strip = page.getByTestId('tags-view');
  const inSight = async (path: string) => {
    const [box, tab] = [await strip.boundingBox(), await page.locator(`[data-path="${path}"]`).boundingBox()];
    return box !== null && tab !== null && tab.x >= box.x - 1 && tab.x + tab.width <= box.x + box.width + 1;
  };
  // The page on screen is the last tab: the first ones lie hidden to the left, behind an arrow.
  await expect.poll(() => inSight('/dashboard')).toBe(false);
  const left = page.getByRole('button', { name: 'Show the tabs to the left' });
  const right = page.getByRole('button', { name: 'Show the tabs to the right' });
  await expect(left).toBeEnabled();
  // Each click shows more of the hidden tabs (the strip scrolls smoothly, so wait for it to move).
  for (let clicks = 0; clicks < 10 && !(await inSight('/dashboard')); clicks++) {
    const before = await strip.evaluate((element) => element.scrollLeft);
    await left.click();
    await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeLessThan(before);
  }
  await expect.poll(() => inSight('/dashboard')).toBe(true);
  await expect(left).toBeDisabled();
  await expect(right).toBeEnabled();
});

test('the settings drawer switches to dark, and the choice survives a reload; other settings apply at once', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  expect(await headerBrightness(page)).toBeGreaterThan(200);
  const drawer = await openSettings(page);
  await drawer.getByText('Dark', { exact: true }).click();
  await expect.poll(() => headerBrightness(page)).toBeLessThan(60);
  await drawer.getByRole('button', { name: 'Golden purple' }).click();
  await expect(drawer.getByRole('button', { name: 'Golden purple' })).toHaveAttribute('aria-pressed', 'true');
  await drawer.getByRole('switch', { name: 'Show the tab bar' }).click();
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await drawer.getByRole('switch', { name: 'Show the tab bar' }).click();
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await expect.poll(() => headerBrightness(page)).toBeLessThan(60);
  const again = await openSettings(page);
  await again.getByText('Light', { exact: true }).click();
  await expect.poll(() => headerBrightness(page)).toBeGreaterThan(200);
  // In the light theme the active tab wears the chosen colour as it is (#531dab).
  await expect(page.locator('[data-path="/dashboard"]')).toHaveCSS('background-color', 'rgb(83, 29, 171)');
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`the shell's main pages pass axe in the ${theme.toLowerCase()} theme`, async ({ page }) => {
    // A sign-in, two reloads and two axe passes: 12 s idle, but 42 s (light) and 61 s (dark, where axe's
    // colour rules cost the most) beside the rest of the browser phase on CI's two cores.
    test.setTimeout(120_000);
    await signIn(page, server.url, sysadmin);
    const drawer = await openSettings(page);
    await drawer.getByText(theme, { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // The theme chosen in the drawer holds across pages. A theme changes colours only, so axe checks its colour
    // rules here; the accessibility spec walks every page with every rule.
    for (const path of ['/dashboard', '/system/dictionary']) {
      await reloadAt(page, path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main')).toHaveCount(1);
      expect(await seriousViolations(page, colourRules), path).toEqual([]);
    }
  });
}
