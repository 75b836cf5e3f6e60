import { expect, type Page, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const confirmDelete = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();

test("an administrator edits an employee's contacts, and is told a held position cannot go", async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/iam/organ`);
  await page.getByRole('tree').getByText('市场部', { exact: true }).click();
  await page.getByRole('tab', { name: 'Staff' }).click();
  const staff = page.getByRole('tabpanel', { name: 'Staff' });
  await expect(staff.getByRole('row').filter({ hasText: '孙悦' })).toContainText('13801012006');

  await staff.getByRole('button', { name: 'Edit 孙悦' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit employee' });
  await dialog.getByLabel('Mobile').fill('12345678901');
  await dialog.getByLabel('E-mail').fill('sun.yue@');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid mobile number')).toBeVisible();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Mobile').fill('13911112222');
  await dialog.getByLabel('E-mail').fill('yue.sun@qiming.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('row').filter({ hasText: '孙悦' })).toContainText('13911112222');
  await expect(staff.getByRole('row').filter({ hasText: '孙悦' })).toContainText('yue.sun@qiming.example');

  await page.getByRole('tab', { name: 'Positions' }).click();
  const positions = page.getByRole('tabpanel', { name: 'Positions' });
  await positions.getByRole('button', { name: 'Delete 市场专员' }).click();
  await confirmDelete(page);
  await expect(page.getByText('An employee still holds this position; move them first')).toBeVisible();
  await expect(positions.getByRole('row').filter({ hasText: '市场专员' })).toContainText('孙悦');

  await positions.getByRole('button', { name: 'Edit 市场专员' }).click();
  const rename = page.getByRole('dialog', { name: 'Edit position' });
  await rename.getByLabel('Position name').fill('品牌专员');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(positions.getByRole('row').filter({ hasText: '品牌专员' })).toContainText('孙悦');
});

test('an administrator renames and deletes an organ type and a structure view; one in use stays', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/iam/organ`);
  await page.getByRole('tab', { name: 'Organ types' }).click();
  const types = page.getByRole('tabpanel', { name: 'Organ types' });
  await types.getByRole('button', { name: 'Add' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add organ type' });
  await dialog.getByLabel('Type code').fill('LAB');
  await dialog.getByLabel('Type name').fill('实验室');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await types.getByRole('button', { name: 'Edit 实验室' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit organ type' });
  await expect(dialog.getByLabel('Type code')).toBeDisabled();
  await dialog.getByLabel('Type name').fill('研究室');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await types.getByRole('button', { name: 'Delete 研究室' }).click();
  await confirmDelete(page);
  await expect(types.getByRole('row').filter({ hasText: 'LAB' })).toHaveCount(0);

  const department = types.getByRole('row').filter({ hasText: 'DEPT' });
  await department.getByRole('button', { name: /^Delete / }).click();
  await confirmDelete(page);
  await expect(page.getByText('Organs or other types still use this organ type; it cannot be deleted')).toBeVisible();
  await expect(department).toBeVisible();

  await page.getByRole('button', { name: 'Add structure' }).click();
  dialog = page.getByRole('dialog', { name: 'Add structure' });
  await dialog.getByLabel('Structure code').fill('project');
  await dialog.getByLabel('Structure name').fill('项目视图');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const structure = page.getByLabel('Structure', { exact: true });
  const option = (name: string) => page.locator(`.ant-select-item-option[title="${name}"]`).filter({ visible: true });
  await structure.click();
  await option('项目视图').click();
  await page.getByRole('button', { name: 'Rename structure' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename structure' });
  await expect(dialog.getByLabel('Structure code')).toBeDisabled();
  await dialog.getByLabel('Structure name').fill('项目组视图');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await structure.click();
  await expect(option('项目组视图')).toBeVisible();
  await expect(option('项目视图')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete structure' }).click();
  await confirmDelete(page);
  // Back on the administrative structure, which offers no delete.
  await expect(page.getByRole('tree').getByText('启明教育科技', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete structure' })).toHaveCount(0);
  await structure.click();
  await expect(option('行政组织')).toBeVisible();
  await expect(option('项目组视图')).toHaveCount(0);
});
