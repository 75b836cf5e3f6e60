import http from 'node:http';
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let otherSite: http.Server;
let otherSiteUrl: string;
test.beforeAll(async () => {
  server = await startServer();
  // Another site, on another origin, that tries to show Qiming's sign-in page in a frame.
  otherSite = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>other site</title><iframe id="framed" src="${server.url}/#/login" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherSiteUrl = `http://localhost:${(otherSite.address() as { port: number }).port}/`;
});
test.afterAll(async () => {
  otherSite.close();
  await server.stop();
});

test('the sign-in page refuses to render inside another site', async ({ page }) => {
  await page.goto(otherSiteUrl, { waitUntil: 'load' });
  // Chromium replaces a frame its CSP forbids with its own error page, and the app never starts in it.
  await expect.poll(() => page.frames().map((frame) => frame.url().split(':')[0])).toContain('chrome-error');
  const framed = page.frameLocator('#framed');
  await expect(framed.getByLabel('User name')).toHaveCount(0);
  expect(page.frames().some((frame) => frame.url().startsWith(server.url))).toBe(false);
});

for (const [name, path, ready] of [
  ['the sign-in page', '/#/login', 'User name'],
  ['the website home page', '/#/homePage', '典型客户'],
] as const) {
  test(`${name} renders under the CSP without a violation`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${server.url}${path}`);
    if (ready === 'User name') await expect(page.getByLabel(ready)).toBeVisible();
    else await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}

test('the API documentation renders under its CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${server.url}/api/docs`);
  // Swagger UI reads an OpenAPI 3.1 document of 333 operations for 5-8 s on an idle machine before it draws anything.
  await expect(page.getByText('Qiming API').first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
