import { expect, type Locator, type Page, test } from '@playwright/test';
import { bannerPng } from '../apps/server/test/pngImages.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const png = (name: string, from: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: bannerPng(320, 180, from, [255, 255, 255]),
});

/** Picks `file` in the chooser that clicking `button` opens, as a user does. */
async function choose(page: Page, button: Locator, file: ReturnType<typeof png>) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

test('an editor writes a news item with a cover and a picture in its body, publishes it and finds it on the site', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/portal/news`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add news item' });
  await dialog.getByLabel('Title').fill('智慧课堂在滨江区全面启用');
  await dialog.getByLabel('Summary').fill('四十所学校完成教室改造。');
  // Files are chosen through antd's upload buttons; the browser's bare file box is never shown.
  await expect(page.locator('input[type=file]:visible')).toHaveCount(0);
  // The upload button is the field's control, named by its label.
  await choose(page, dialog.getByRole('button', { name: 'Cover', exact: true }), png('cover.png', [24, 144, 255]));
  await expect(dialog.getByRole('img', { name: 'Current image' })).toBeVisible();

  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('课堂互动数据实时汇总。');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('效果显著');
  await choose(page, dialog.getByRole('button', { name: 'Image', exact: true }), png('classroom.png', [82, 196, 26]));
  await expect(body.locator('img[src^="/api/files/"]')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: '智慧课堂在滨江区全面启用' });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Publish' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Do you want to carry out this operation?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(row).toContainText('Published');

  const site = await page.context().newPage();
  await site.goto(`${server.url}/#/newsPage`);
  await site.getByRole('link', { name: '智慧课堂在滨江区全面启用' }).click();
  await expect(site).toHaveURL(/#\/newsDetail\?id=\d+$/);
  const article = site.getByTestId('news-body');
  await expect(article.locator('strong')).toHaveText('效果显著');
  const picture = article.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}\.png$/);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
});

test('a changed filing number is previewed on the site first, then saved and shown in the footer at once', async ({ page, context }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/portal/site`);
  const filing = page.getByLabel('Filing number');
  await expect(page.getByRole('button', { name: 'Customer-service QR code' })).toContainText('Replace image');
  await expect(page.locator('input[type=file]:visible')).toHaveCount(0);
  await expect(filing).toHaveValue('浙ICP备14032688号-1');
  await filing.fill('浙ICP备20261124号-9');

  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview on the site' }).click()]);
  await expect(preview.getByRole('status')).toContainText('预览模式');
  await expect(preview.getByRole('contentinfo')).toContainText('浙ICP备20261124号-9');

  const visitor = await context.newPage();
  await visitor.goto(`${server.url}/#/homePage`);
  await expect(visitor.getByRole('contentinfo')).toContainText('浙ICP备14032688号-1');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('contentinfo').getByRole('link', { name: '浙ICP备20261124号-9' })).toBeVisible();
});
