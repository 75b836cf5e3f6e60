import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { expectPainted, openAfresh, signedInBackOffice, themes, walkEveryPage } from './support/backOfficeWalk.ts';

const backOffice = signedInBackOffice();

for (const theme of themes) {
  test(`the sign-in page has no serious accessibility violation in a ${theme} browser`, async ({ browser }) => {
    // Nobody is signed in yet, so no account's choice applies: the page follows the browser's scheme.
    const { locale, viewport, reducedMotion } = test.info().project.use;
    const context = await browser.newContext({ locale, viewport, reducedMotion, colorScheme: theme });
    const page = await context.newPage();
    await page.goto(`${backOffice.server().url}/#/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectPainted(page.getByRole('region', { name: 'Sign in' }), theme);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

// The first half of the light theme's walk; the second is accessibilityMore.spec.ts, the dark theme's
// accessibilityDark.spec.ts and accessibilityDarkMore.spec.ts.
walkEveryPage(backOffice, 'light', 'first');

// The light theme's darkened red (#cf1322) under white text, not antd's default #ff4d4f that white text
// fails on; the dark theme's red (#dc6966) under dark text.
for (const [theme, red, text] of [
  ['light', 'rgb(207, 19, 34)', 'rgb(255, 255, 255)'],
  ['dark', 'rgb(220, 105, 102)', 'rgba(0, 0, 0, 0.88)'],
] as const) {
  test(`a delete confirmation, rendered outside the page tree, keeps the ${theme} theme and passes axe`, async () => {
    const page = await openAfresh(backOffice, '/system/dictionary', theme);
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
    await page.goto(`${backOffice.server().url}/#${path}`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
