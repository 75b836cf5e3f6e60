import { expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, staff } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const bucket = (page: Page, name: string) => page.getByRole('region', { name });
const titles = (column: Locator) => column.locator('[data-task]');

/** Drags a card by its handle onto a target with the mouse, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 20), { steps: 15 });
  await page.mouse.up();
}

test('a user adds a task, drags it from the inbox to do-today, and finds it there after a reload', async ({ page }) => {
  await signIn(page, server.url, staff);
  await page.goto(`${server.url}/#/todo`);
  const inbox = bucket(page, 'Inbox');
  const today = bucket(page, 'Do today');
  await expect(titles(today)).toHaveCount(1);

  await page.getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('Send the weekly summary');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(titles(inbox).last()).toHaveAttribute('data-task', 'Send the weekly summary');
  await expect(inbox.locator('.ant-badge')).toHaveText('2');

  await drag(page, page.getByRole('button', { name: 'Move Send the weekly summary' }), titles(today).first());
  await expect(titles(today).first()).toHaveAttribute('data-task', 'Send the weekly summary');
  await expect(today.locator('.ant-badge')).toHaveText('2');

  await page.reload();
  await expect(titles(bucket(page, 'Do today'))).toHaveCount(2);
  await expect(titles(bucket(page, 'Do today')).first()).toHaveAttribute('data-task', 'Send the weekly summary');
  await expect(titles(bucket(page, 'Inbox'))).toHaveCount(1);

  // The level filter keeps only high-priority tasks; 'All' brings the rest back.
  await page.getByRole('combobox', { name: 'Level' }).click();
  await page.getByTitle('High').click();
  await expect(page.locator('[data-task]')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Level' }).click();
  await page.locator('.ant-select-item-option[title="All"]').filter({ visible: true }).click();
  await expect(page.locator('[data-task]')).toHaveCount(4);
});

test('a task is moved with the keyboard alone', async ({ page }) => {
  await signIn(page, server.url, staff);
  await page.goto(`${server.url}/#/todo`);
  const later = bucket(page, 'Do later');
  const handle = page.getByRole('button', { name: 'Move 熟悉数据字典维护流程' });
  await handle.focus();
  // Each key waits for the board to announce its effect, as a screen-reader user hears it; a key
  // pressed before the board has measured the columns would be lost.
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  // Picked up, it is over its own bucket first (the live region keeps only the latest message).
  await announced('熟悉数据字典维护流程 is over Inbox.');
  for (const place of ['Do today', 'Do next', 'Do later']) {
    await page.keyboard.press('ArrowRight');
    await announced(`熟悉数据字典维护流程 is over ${place}.`);
  }
  await page.keyboard.press('Space');
  await expect(later.locator('[data-task="熟悉数据字典维护流程"]')).toHaveCount(1);
  await page.reload();
  await expect(bucket(page, 'Do later').locator('[data-task="熟悉数据字典维护流程"]')).toHaveCount(1);
});
