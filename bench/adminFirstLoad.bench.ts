// The back-office's first load as a browser gets it from the real server: the JavaScript of the
// sign-in page, then what signing in and the first back-office page (the dashboard) add, gzip and
// brotli, beside a React "hello" page built and served in the same run, the floor of this stack.
// Run: npm run bench:admin   (the web app and the server must be built: npm run build && npm run build:server)
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { startServer } from '../e2e/support/server.ts';
import { startReactHello } from './support/reactHello.ts';
import { collectScripts, kb, scriptSizes } from './support/scriptSizes.ts';

// Issue 28's goals: a sign-in page as light as one should be, and the first back-office page after it.
const signInGoal = 150 * 1024;
const firstPageGoal = 350 * 1024;

/** Resolves once the page has asked for no new script for half a second. */
async function scriptsSettled(scripts: string[]): Promise<void> {
  for (let seen = -1; seen !== scripts.length; ) {
    seen = scripts.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const qiming = await startServer();
const baseline = await startReactHello();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage({ locale: 'en-US' });
  const scripts = collectScripts(page);
  await page.goto(`${qiming.url}/#/login`);
  await page.getByLabel('User name').waitFor();
  await page.waitForLoadState('networkidle');
  const signInScripts = [...scripts];
  await page.getByLabel('User name').fill('sysadmin');
  await page.getByLabel('Password').fill('Qiming@2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/#\/dashboard$/);
  // The load state of the first load is reached already; the back-office's chunks come after it, and
  // ECharts only once the dashboard's figures have come: wait for a drawn chart (antd's icons are spans).
  await page.getByTestId('tags-view').waitFor();
  await page.locator('div[role="img"] svg').first().waitFor();
  await scriptsSettled(scripts);
  const firstPageScripts = scripts.slice(signInScripts.length);

  const floorPage = await browser.newPage();
  const floorScripts = collectScripts(floorPage);
  await floorPage.goto(baseline.url);
  await floorPage.getByRole('heading', { name: 'Hello' }).waitFor();

  const signIn = await scriptSizes(signInScripts, 'sign-in page');
  const dashboard = await scriptSizes(firstPageScripts, 'added by signing in and the dashboard');
  const floor = await scriptSizes(floorScripts, 'React hello');
  const line = (label: string, sizes: typeof signIn) =>
    console.log(`${label.padEnd(44)} ${String(sizes.count).padStart(7)}  ${kb(sizes.gzip).padStart(9)}  ${kb(sizes.brotli).padStart(9)}`);
  console.log(`${'back-office JavaScript'.padEnd(44)} scripts       gzip     brotli`);
  line('sign-in page (#/login)', signIn);
  line('added by signing in and the dashboard', dashboard);
  line('React hello (baseline)', floor);
  console.log(
    `ratio sign-in ${(signIn.gzip / floor.gzip).toFixed(2)}, sign-in + dashboard ${((signIn.gzip + dashboard.gzip) / floor.gzip).toFixed(2)} of the baseline; ` +
      `sign-in goal <= 150 KB gzip: ${signIn.gzip <= signInGoal ? 'met' : 'missed'}, ` +
      `sign-in + dashboard goal <= 350 KB gzip: ${signIn.gzip + dashboard.gzip <= firstPageGoal ? 'met' : 'missed'}`,
  );
} finally {
  await browser.close();
  baseline.stop();
  await qiming.stop();
}
