import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('the sign-in page checks the user name with the spec rules', async ({ page }) => {
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('User name').fill('abc');
  await page.getByLabel('Password').fill('x');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Length must be 6 to 18 characters')).toBeVisible();
  await page.getByLabel('User name').fill('bad-name');
  await expect(page.getByText('Only letters, digits and underscores are allowed')).toBeVisible();
});

test('wrong passwords lock the account with the catalogue message', async ({ page }) => {
  await page.goto(`${server.url}/#/login`);
  await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  await page.getByLabel('用户名').fill('staff01');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await page.getByLabel('密码').fill(`Wrong@${attempt}`);
    await page
      .getByRole('button', { name: '登 录' })
      .or(page.getByRole('button', { name: '登录' }))
      .click();
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: '用户名或密码错误，请重新输入' })).toBeVisible();
  }
  await page.getByLabel('密码').fill('Wrong@5');
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: '连续输入错误，您的账号已经被锁定，请联系管理员进行恢复' }),
  ).toBeVisible();
  await page.getByLabel('密码').fill('Staff@2026');
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: '连续输入错误，您的账号已经被锁定，请联系管理员进行恢复' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
});
