// Screenshots of the website and the main back-office areas, taken from the real product: the built
// server on a new, temporary data directory (the demo), signed in as sysadmin, in Chinese, the demo
// company's language. Run: npm run screenshots [-- <folder>]   (default docs/screenshots; the web app
// and the server must be built: npm run build && npm run build:server)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { startServer } from '../e2e/support/server.ts';

const folder = path.resolve(process.argv[2] ?? 'docs/screenshots');
fs.mkdirSync(folder, { recursive: true });

/** [file, address, what shows the page has loaded] */
const website = [
  ['website-home.png', '/#/homePage', 'main h2'],
  ['website-services.png', '/#/toProducts?index=0', 'main h2'],
  ['website-about.png', '/#/aboutUs', 'main h2'],
];
const backOffice = [
  ['admin-dashboard.png', '/#/dashboard', '[data-card]'],
  ['admin-accounts.png', '/#/iam/account', '.ant-table-row'],
  ['admin-dictionaries.png', '/#/system/dictionary', '.ant-table-row'],
  ['admin-registry.png', '/#/governance/registry', '.ant-table-row'],
  ['admin-config.png', '/#/governance/config', '.ant-table-row'],
  ['admin-monitor.png', '/#/monitor/figures', '[data-testid="live-chart"]'],
  ['admin-workflow-models.png', '/#/bpm/model', '.ant-table-row'],
];

const started = Date.now();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shoot = async ([file, address, ready]) => {
    await page.goto(`${server.url}${address}`);
    // Pages already visited stay mounted, hidden: wait for the one on screen.
    await page.locator(ready).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    // The pointer rests where the last click left it: off the page, so no tooltip shows by chance.
    await page.mouse.move(0, page.viewportSize().height - 1);
    await page.screenshot({ path: path.join(folder, file) });
    console.log(`${file.padEnd(28)} ${address}`);
  };
  for (const shot of website) await shoot(shot);

  await page.goto(`${server.url}/#/login`);
  await page.locator('#userName, input[autocomplete="username"]').first().fill('sysadmin');
  await page.locator('input[autocomplete="current-password"]').fill('Qiming@2026');
  await page.screenshot({ path: path.join(folder, 'admin-sign-in.png') });
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/#\/dashboard$/);
  for (const shot of backOffice) await shoot(shot);

  // The same dashboard in the dark theme of the settings drawer (kept per account in local storage).
  const accountId = await page.evaluate(() => localStorage.getItem('User-Id'));
  await page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
    localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, theme: 'dark' } }));
  }, `qiming-settings:${accountId}`);
  await page.goto(`${server.url}/#/dashboard`);
  await page.reload();
  await page.locator('[data-card]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(folder, 'admin-dashboard-dark.png') });
  console.log(`${'admin-dashboard-dark.png'.padEnd(28)} /#/dashboard (dark theme)`);
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
