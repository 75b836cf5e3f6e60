import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

/** Two pools as Camunda Modeler saves a collaboration: the shop's task names nobody, the stock pool runs too. */
const collaboration = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Definitions_shop" targetNamespace="http://bpmn.io/schema/bpmn" camunda:historyTimeToLive="180">
  <bpmn:collaboration id="Collaboration_shop">
    <bpmn:participant id="P_shop" name="Shop" processRef="e2e_shop" /><bpmn:participant id="P_stock" name="Stock" processRef="e2e_stock" />
  </bpmn:collaboration>
  <bpmn:process id="e2e_shop" name="E2E shop" isExecutable="true">
    <bpmn:startEvent id="shopStart" /><bpmn:userTask id="pack" name="Pack the order" /><bpmn:endEvent id="shopEnd" />
    <bpmn:sequenceFlow id="s1" sourceRef="shopStart" targetRef="pack" /><bpmn:sequenceFlow id="s2" sourceRef="pack" targetRef="shopEnd" />
  </bpmn:process>
  <bpmn:process id="e2e_stock" name="E2E stock" isExecutable="true">
    <bpmn:startEvent id="stockStart" /><bpmn:serviceTask id="count" name="Count" camunda:type="external" camunda:topic="stock" />
    <bpmn:endEvent id="stockEnd" />
    <bpmn:sequenceFlow id="t1" sourceRef="stockStart" targetRef="count" /><bpmn:sequenceFlow id="t2" sourceRef="count" targetRef="stockEnd" />
  </bpmn:process>
</bpmn:definitions>
`;

async function importFile(page: Page, name: string, xml: string): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bpmn-')), name);
  fs.writeFileSync(file, xml);
  await page.getByTestId('bpm-model-import-file').setInputFiles(file);
}

test('a Camunda collaboration releases both pools and says, in a box that stays, what the engine will not use', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/bpm/model`);
  await importFile(page, 'shop.bpmn', collaboration);
  await expect(page.getByText('Imported as model e2e_shop')).toBeVisible();
  await page.locator('.ant-table-tbody tr').filter({ hasText: 'e2e_shop' }).getByRole('button', { name: 'Release E2E shop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  const notes = page.getByRole('dialog').filter({ hasText: 'Released with notes' });
  await expect(notes).toContainText('Released e2e_shop version 1');
  await expect(notes).toContainText('Also released from this file: Released e2e_stock version 1');
  await expect(notes).toContainText('The user task Pack the order (pack) names no assignee and no candidates');
  await expect(notes).toContainText('historyTimeToLive');
  await notes.getByRole('button', { name: 'OK' }).click();
  await expect(notes).toBeHidden();
});

test('the demo’s leave approval draws its diagram in monitoring, the waiting task marked', async ({ page }) => {
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/bpm/monitor`);
  const row = page.locator('.ant-table-tbody tr').filter({ hasText: 'QJ-2026-0105' });
  await row.getByRole('button', { name: /^Details of instance / }).click();
  const drawer = page.getByRole('dialog', { name: /^Instance \d+: / });
  await expect(drawer.locator('.djs-element[data-element-id="directorApprove"].bpm-active')).toHaveCount(1);
  await expect(drawer.locator('.djs-element[data-element-id="managerApprove"].bpm-done')).toHaveCount(1);
  await expect(drawer.getByText('no diagram to display')).toHaveCount(0);
});
