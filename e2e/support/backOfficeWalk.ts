import { expect, type Locator, type Page, test } from '@playwright/test';
import { colourRules, seriousViolations } from './axe.ts';
import { type RunningServer, startServer } from './server.ts';
import { signIn, sysadmin } from './signIn.ts';

/** A spec file's server and one page signed in as sysadmin, for the whole file. */
export interface SignedInBackOffice {
  server(): RunningServer;
  page(): Page;
}

/**
 * Starts the file's server and signs one page in before its tests: one signed-in page scans every back-office
 * page of a walk, as signing in once rather than fifty times saves minutes.
 */
export function signedInBackOffice(): SignedInBackOffice {
  let server: RunningServer | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    server = await startServer();
    const { locale, viewport, reducedMotion } = test.info().project.use;
    page = await (await browser.newContext({ locale, viewport, reducedMotion })).newPage();
    await signIn(page, server.url, sysadmin);
  });
  test.afterAll(async () => {
    await page?.context().close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined) => {
    if (!value) throw new Error('the back-office is not started: call signedInBackOffice() at the top of the spec file');
    return value;
  };
  return { server: () => started(server), page: () => started(page) };
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

/**
 * The back-office page at `path` loaded afresh in `theme` on the signed-in page, as a bookmark opens it:
 * nothing of the page before stays mounted.
 */
export async function openAfresh(backOffice: SignedInBackOffice, path: string, theme: Theme): Promise<Page> {
  const page = backOffice.page();
  // The page before (or the signed-in start) is on the back-office's origin, whose storage keeps the theme.
  await chooseTheme(page, theme);
  await reloadAt(page, path);
  return page;
}

/** Loads the back-office page at `path` afresh on `page`, as a bookmark opens it, with one render of the route. */
export async function reloadAt(page: Page, path: string): Promise<void> {
  // The address changes without telling the router (replaceState fires no event), so the old page does not
  // render the new route before the reload; leaving for another origin would cost a new renderer process.
  await page.evaluate((hash) => history.replaceState(null, '', hash), `#${path}`);
  await page.reload();
}

export type Theme = 'light' | 'dark';
export const themes: Theme[] = ['light', 'dark'];

/** Whether a box is painted in the theme: dark paints it near black, light near white. */
export async function expectPainted(box: Locator, theme: Theme) {
  const brightness = await box.evaluate((element) => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(element).backgroundColor.match(/\d+/g)?.map(Number) ?? [];
    return (r + g + b) / 3;
  });
  expect(theme === 'dark' ? brightness < 60 : brightness > 200, `background brightness ${brightness}`).toBe(true);
}

/** Every back-office page the sysadmin reaches from the menu, and the profile. */
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

/** Half the pages: each theme's walk is two spec files, so Playwright's workers run the four side by side. */
export type WalkHalf = 'first' | 'second';
const halfOf = (half: WalkHalf) => {
  const middle = Math.ceil(backOfficePages.length / 2);
  return half === 'first' ? backOfficePages.slice(0, middle) : backOfficePages.slice(middle);
};

/** One test per back-office page of the half, each loaded afresh in the theme. */
export function walkEveryPage(backOffice: SignedInBackOffice, theme: Theme, half: WalkHalf): void {
  for (const path of halfOf(half)) {
    test(`${path} has no serious accessibility violation in the ${theme} theme`, async () => {
      const page = await openAfresh(backOffice, path, theme);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main').first()).toBeVisible();
      // The page itself is checked, not a 403 or 404 in its place, in the theme asked for.
      await expect(page.locator('.ant-result-403, .ant-result-404')).toHaveCount(0);
      await expectPainted(page.locator('header').first(), theme);
      // The light walk runs every axe rule; the dark theme changes only colours, so its walk runs the colour rules.
      expect(await seriousViolations(page, theme === 'dark' ? colourRules : undefined)).toEqual([]);
    });
  }
}
