import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

test('an administrator adds a yearly rule, is told its prefix in Chinese, and draws numbers that never repeat', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/system/serial`);
  await expect(page.getByRole('row').filter({ hasText: 'leave_request' })).toContainText('YYYY000000-QJ');

  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add serial-number rule' });
  await dialog.getByLabel('Rule code').fill('visit');
  await dialog.getByLabel('Rule name').fill('Visits');
  const choose = async (label: string, option: string) => {
    await dialog.getByLabel(label, { exact: true }).click();
    await page.locator(`.ant-select-item-option[title="${option}"]`).filter({ visible: true }).click();
    // Two yes/no lists share their option titles: the next choice waits until this list has closed.
    await expect(page.locator('.ant-select-dropdown').filter({ visible: true })).toHaveCount(0);
  };
  await choose('Global', 'Yes');
  await choose('Counting', 'Yearly');
  await dialog.getByLabel('Digits').fill('4');
  await choose('With prefix', 'Yes');
  await dialog.getByLabel('Prefix', { exact: true }).fill('YYYYMM');
  // The rule that ties the prefix to the counting is the server's; it answers in the page's language.
  await page.context().addCookies([{ name: 'language', value: 'zh', url: server.url }]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('按年生成时前缀必须为YYYY')).toBeVisible();
  await dialog.getByLabel('Prefix', { exact: true }).fill('YYYY');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'visit' });
  await row.getByRole('button', { name: 'Draw a number' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: 'Do you want to carry out this operation?' });
  await ask.getByRole('button', { name: 'Draw a number' }).click();
  const year = new Date().getFullYear();
  const drawn = page.getByRole('dialog').filter({ hasText: 'Next number of Visits' });
  await expect(drawn).toContainText(`${year}0001`);
  await drawn.getByRole('button', { name: 'OK' }).click();

  // Forty draws at once from this browser's session: forty different numbers, none lost.
  const numbers = await page.evaluate(async () => {
    const token = localStorage.getItem('Admin-Token');
    const draw = () =>
      fetch('/api/admin/serial-numbers/visit/next', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
        .then((response) => response.json())
        .then((answer: { data: { number: string } }) => answer.data.number);
    return Promise.all(Array.from({ length: 40 }, draw));
  });
  expect(new Set(numbers).size).toBe(40);
  expect([...numbers].sort()).toEqual(Array.from({ length: 40 }, (_, index) => `${year}${String(index + 2).padStart(4, '0')}`));

  // The operation log names what was done in the reader's words, and filters by its type.
  await page.goto(`${server.url}/#/audit/operationLog`);
  const search = page.getByRole('search');
  await search.getByLabel('Log type').fill('Serial');
  await page.locator('.ant-select-item-option[title="Serial numbers"]').filter({ visible: true }).click();
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: 'Serial numbers · draw a number' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Dictionaries/ })).toHaveCount(0);
});
