import { expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

/** A real pointer drag: dnd-kit starts a drag only after the pointer has moved a few pixels. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag from or to');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('an author drags fields onto the canvas, sets a validator and publishes; a bad value is refused, a good one lands in the submissions', async ({
  page,
}) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/forms/designer`);
  await page.getByRole('button', { name: 'New form' }).click();

  const settings = page.getByRole('form', { name: 'Form settings' });
  await settings.getByLabel('Name', { exact: true }).fill('Visitor registration');
  await settings.getByLabel('Model name', { exact: true }).fill('Visitor');

  const palette = page.getByRole('region', { name: 'Field palette' });
  const canvas = page.getByRole('region', { name: 'Form canvas' });
  await drag(page, palette.getByRole('button', { name: 'Text', exact: true }), canvas);
  await drag(page, palette.getByRole('button', { name: 'Number', exact: true }), canvas);
  await expect(canvas.getByRole('button', { name: /^Edit / })).toHaveCount(2);

  // The text field becomes a required e-mail.
  await canvas
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const properties = page.getByRole('region', { name: 'Field properties' });
  await properties.getByLabel('Key', { exact: true }).fill('email');
  await properties.getByLabel('Label (Chinese)').fill('访客邮箱');
  await properties.getByLabel('Label (English)').fill('Visitor e-mail');
  await properties.getByRole('switch', { name: 'Required' }).click();
  await properties.getByRole('button', { name: 'Add a rule' }).click();
  await properties.getByRole('combobox', { name: 'Rule 1' }).click();
  await page.locator('.ant-select-item-option[title="E-mail"]').click();

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Publish' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Visitor registration is published as version 1')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Visitor registration' })).not.toContainText('Draft only');

  await page.goto(`${server.url}/#/forms/fill`);
  await page.getByLabel('Form', { exact: true }).click();
  await page.locator('.ant-select-item-option[title="Visitor registration"]').click();
  const email = page.getByLabel('Visitor e-mail');
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await email.fill('visitor@example.com');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you: your submission has been kept')).toBeVisible();

  await page.goto(`${server.url}/#/forms/submissions`);
  await page.getByLabel('Form', { exact: true }).filter({ visible: true }).click();
  await page.locator('.ant-select-item-option[title="Visitor registration"]').click();
  const row = page.getByRole('row').filter({ hasText: '系统管理员' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^View submission/ }).click();
  await expect(page.getByRole('dialog')).toContainText('visitor@example.com');
});
