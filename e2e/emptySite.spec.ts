import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', QIMING_ADMIN_PASSWORD: 'Prod@Secret2026' });
});
test.afterAll(async () => server.stop());

for (const path of ['/#/homePage', '/#/newsPage', '/#/customers', '/#/contactUs', '/#/joinus', '/#/toProducts', '/#/aboutUs']) {
  test(`a new production site shows ${path} empty but tidy`, async ({ page }) => {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByText('暂无内容，敬请期待').first()).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: /ICP/ })).toHaveCount(0);
    await expect(page.getByText('启明大厦')).toHaveCount(0);
    // No broken images and no empty labelled lines such as "邮箱：".
    const broken = await page
      .locator('img')
      .evaluateAll(
        (images) => images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 0).length,
      );
    expect(broken).toBe(0);
    await expect(page.getByText(/^(地址|邮箱|座机|手机)：$/)).toHaveCount(0);
  });
}
