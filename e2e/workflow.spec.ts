import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signIn, sysadmin } from './support/signIn.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const password = 'Workflow@2026';
const applicant = { userName: 'wf_applicant', password };
const approver = { userName: 'wf_approver', password };

/** A two-step approval as Camunda Modeler writes it: the first account fills in, the second decides. */
const approvalXml = (key: string, name: string, first: string, second: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Definitions_e2e" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="Request"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="Task_fill" name="Fill in the request" camunda:assignee="${first}">
      <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:userTask id="Task_approve" name="Approve the request" camunda:assignee="${second}">
      <bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="EndEvent_1" name="Done"><bpmn:incoming>Flow_3</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Task_fill" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Task_fill" targetRef="Task_approve" />
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Task_approve" targetRef="EndEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_fill_di" bpmnElement="Task_fill"><dc:Bounds x="240" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_approve_di" bpmnElement="Task_approve"><dc:Bounds x="400" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="EndEvent_1_di" bpmnElement="EndEvent_1"><dc:Bounds x="562" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="188" y="120" /><di:waypoint x="240" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2"><di:waypoint x="340" y="120" /><di:waypoint x="400" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_3_di" bpmnElement="Flow_3"><di:waypoint x="500" y="120" /><di:waypoint x="562" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/** Two accounts sharing a role that may start processes and handle their own tasks, nothing else of the workflow. */
async function createParticipants(): Promise<void> {
  const admin = await apiAs(server.url, sysadmin);
  for (const account of [applicant, approver]) {
    const created = await admin.call('POST', '/admin/accounts', {
      userName: account.userName,
      name: account.userName,
      password,
      confirmPassword: password,
      maxSessionNumber: -1,
    });
    expect(created.status).toBe(200);
  }
  const accountIds = await Promise.all(
    [applicant, approver].map(
      async (account) => (await admin.call('GET', `/admin/accounts?userName=${account.userName}`)).json.data.records[0].id as number,
    ),
  );
  const role = (await admin.call('POST', '/admin/roles', { roleCode: 'wf_handlers', roleName: 'Workflow handlers', roleScope: 'organ' }))
    .json.data.id as number;
  const wanted = new Set(['task:view', 'task:start', 'task:claim', 'task:complete', 'task:comment']);
  const operationIds: number[] = [];
  const walk = (nodes: { code: string; operationId?: number; children?: never[] }[]) => {
    for (const node of nodes) {
      if (node.operationId && wanted.has(node.code)) operationIds.push(node.operationId);
      walk(node.children ?? []);
    }
  };
  walk((await admin.call('GET', '/admin/roles/function-tree')).json.data);
  expect(operationIds).toHaveLength(wanted.size);
  expect((await admin.call('PUT', `/admin/roles/${role}/operations`, { operationIds })).status).toBe(200);
  expect((await admin.call('POST', '/admin/roles/authorise', { accountIds, roleIds: [role] })).status).toBe(200);
}

/** A page of its own for an account, signed in through the sign-in page. */
async function pageOf(browser: Browser, account: { userName: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.url, account);
  return page;
}

/** The table of the page shown now (tabs keep earlier pages in the document, hidden). */
const mainTable = (page: Page) => page.locator('#admin-main').getByRole('table').filter({ visible: true });

/** Opens the caller's to-do task of the business key and completes it. */
async function completeTask(page: Page, businessKey: string, taskName: string): Promise<void> {
  await page.goto(`${server.url}/#/bpm/todo`);
  const row = mainTable(page).getByRole('row').filter({ hasText: businessKey });
  await expect(row).toContainText(taskName);
  await row.getByRole('button', { name: /^Open task / }).click();
  const drawer = page.getByRole('dialog', { name: `Task: ${taskName}` });
  // Where the process stands: the task's own node is the active one.
  await expect(drawer.locator('.djs-element.bpm-active')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await drawer.getByRole('textbox', { name: /^Comment/ }).fill(`${taskName}: fine`);
  await drawer.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByText('The task was completed')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(mainTable(page).getByRole('row').filter({ hasText: businessKey })).toHaveCount(0);
}

test('a two-step approval is imported and released, started and handed from one account to another, then shows done and its path in monitoring', async ({
  page,
  browser,
}) => {
  // Three accounts sign in and bpmn-js draws four diagrams: more than the default minute on a slow machine.
  test.setTimeout(120_000);
  await createParticipants();

  // The administrator imports the BPMN file and releases it.
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/bpm/model`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bpmn-')), 'two_step_approval.bpmn');
  fs.writeFileSync(file, approvalXml('two_step_approval', 'Two-step approval', applicant.userName, approver.userName));
  await page.getByTestId('bpm-model-import-file').setInputFiles(file);
  await expect(page.getByText('Imported as model two_step_approval')).toBeVisible();
  const modelRow = mainTable(page).getByRole('row').filter({ hasText: 'two_step_approval' });
  await expect(modelRow).toContainText('Not released');
  await modelRow.getByRole('button', { name: 'Release Two-step approval' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Released two_step_approval version 1')).toBeVisible();
  await expect(modelRow).toContainText('v1');

  // The applicant starts an instance from the to-do list and fills in the first task.
  const applicantPage = await pageOf(browser, applicant);
  await applicantPage.goto(`${server.url}/#/bpm/todo`);
  await applicantPage.getByRole('button', { name: 'Start a process' }).click();
  const start = applicantPage.getByRole('dialog', { name: 'Start a process' });
  await start.getByLabel('Process').click();
  await applicantPage.locator('.ant-select-item-option[title="Two-step approval (two_step_approval)"]').click();
  await start.getByLabel('Business key').fill('REQ-0001');
  await start.getByRole('button', { name: 'Start' }).click();
  await expect(applicantPage.getByText('An instance of two_step_approval was started')).toBeVisible();
  await completeTask(applicantPage, 'REQ-0001', 'Fill in the request');

  // The approver, another account, finds the second task and completes it; it is in their done list.
  const approverPage = await pageOf(browser, approver);
  await completeTask(approverPage, 'REQ-0001', 'Approve the request');
  await approverPage.goto(`${server.url}/#/bpm/done`);
  const doneRow = mainTable(approverPage).getByRole('row').filter({ hasText: 'REQ-0001' });
  await expect(doneRow).toContainText('Approve the request');
  await expect(doneRow).toContainText('Completed');

  // Monitoring shows the instance completed with its whole path marked.
  await page.goto(`${server.url}/#/bpm/monitor`);
  const instanceRow = mainTable(page).getByRole('row').filter({ hasText: 'REQ-0001' });
  await expect(instanceRow).toContainText('Completed');
  await instanceRow.getByRole('button', { name: /^Details of instance / }).click();
  const drawer = page.getByRole('dialog', { name: /^Instance \d+: Two-step approval$/ });
  for (const id of ['StartEvent_1', 'Task_fill', 'Task_approve', 'EndEvent_1']) {
    await expect(drawer.locator(`.djs-element.bpm-done[data-element-id="${id}"]`)).toHaveCount(1);
  }
  await expect(drawer.locator('.djs-element.bpm-active')).toHaveCount(0);
  await expect(drawer.getByRole('region', { name: 'Activity history' })).toContainText('Approve the request');
});

/** A request whose start event asks for Camunda's generated form fields and whose approval shows a cloud form. */
const formsXml = (key: string, formId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Definitions_forms" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="Form request" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="Request">
      <bpmn:extensionElements><camunda:formData businessKey="reference">
        <camunda:formField id="reference" label="Reference" type="string"><camunda:validation><camunda:constraint name="required" /><camunda:constraint name="maxlength" config="20" /></camunda:validation></camunda:formField>
        <camunda:formField id="days" label="Days" type="long"><camunda:validation><camunda:constraint name="required" /><camunda:constraint name="min" config="1" /></camunda:validation></camunda:formField>
        <camunda:formField id="kind" label="Kind" type="enum" defaultValue="annual"><camunda:value id="annual" name="Annual leave" /><camunda:value id="sick" name="Sick leave" /></camunda:formField>
      </camunda:formData></bpmn:extensionElements>
      <bpmn:outgoing>Flow_1</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="Task_approve" name="Approve with the form" camunda:assignee="sysadmin" camunda:formKey="form:${formId}">
      <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="EndEvent_1"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Task_approve" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Task_approve" targetRef="EndEvent_1" />
  </bpmn:process>
</bpmn:definitions>
`;

test('a process is started with the form generated from its camunda:formData and approved with its cloud form', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await apiAs(server.url, sysadmin);
  const form = await admin.call('POST', '/admin/forms', {
    name: 'Approval note',
    description: '',
    field: {
      fields: [
        { key: 'decision', label: { zh: '结论', en: 'Decision note' }, kind: 'text', required: true },
        { key: 'approvedDays', label: { zh: '批准天数', en: 'Approved days' }, kind: 'number' },
      ],
    },
    action: '',
    url: '',
    modelName: 'approval_note',
  });
  expect(form.status).toBe(200);
  const formId = form.json.data.id as number;
  expect((await admin.call('POST', `/admin/forms/${formId}/publish`, {})).status).toBe(200);
  const model = (await admin.call('POST', '/admin/bpm/models/import', { xml: formsXml('form_request', formId) })).json.data;
  expect((await admin.call('POST', `/admin/bpm/models/${model.id}/release`, {})).status).toBe(200);

  // The start dialog shows the start event's fields, checks them, and takes the business key from Reference.
  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/bpm/todo`);
  await page.getByRole('button', { name: 'Start a process' }).click();
  const start = page.getByRole('dialog', { name: 'Start a process' });
  await start.getByLabel('Process').click();
  await page.locator('.ant-select-item-option[title="Form request (form_request)"]').click();
  await expect(start.getByLabel('Reference')).toBeVisible();
  await expect(start.getByLabel('Business key')).toHaveCount(0);
  await start.getByRole('button', { name: 'Start' }).click();
  await expect(start.getByText('This field is required')).toHaveCount(2);
  await start.getByLabel('Reference').fill('FRM-0001');
  await start.getByLabel('Days').fill('3');
  await start.getByLabel('Kind').click();
  await page.locator('.ant-select-item-option[title="Sick leave"]').click();
  expect(await seriousViolations(page)).toEqual([]);
  await start.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('An instance of form_request was started')).toBeVisible();

  // The approver's drawer shows the task's cloud form; the server keeps both forms' values as variables.
  const row = mainTable(page).getByRole('row').filter({ hasText: 'FRM-0001' });
  await expect(row).toContainText('Approve with the form');
  await row.getByRole('button', { name: /^Open task / }).click();
  const drawer = page.getByRole('dialog', { name: 'Task: Approve with the form' });
  await drawer.getByLabel('Decision note').fill('Agreed');
  await drawer.getByLabel('Approved days').fill('2');
  await drawer.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByText('The task was completed')).toBeVisible();
  const instances = await admin.call('GET', '/admin/bpm/instances?definitionKey=form_request');
  const [instance] = instances.json.data.records;
  expect(instance).toMatchObject({ businessKey: 'FRM-0001', state: 'completed' });
  const detail = await admin.call('GET', `/admin/bpm/instances/${instance.id}`);
  expect(detail.json.data.variables).toMatchObject({ reference: 'FRM-0001', days: 3, kind: 'sick', decision: 'Agreed', approvedDays: 2 });
});

test('the modeller names an assignee picked from the account lookup; the modeller and the instance diagram pass axe', async ({ page }) => {
  const admin = await apiAs(server.url, sysadmin);
  expect(
    (
      await admin.call('POST', '/admin/accounts', {
        userName: 'wf_picked',
        name: 'Picked Person',
        password,
        confirmPassword: password,
        maxSessionNumber: -1,
      })
    ).status,
  ).toBe(200);
  const model = (
    await admin.call('POST', '/admin/bpm/models/import', { xml: approvalXml('axe_check', 'Axe check', 'sysadmin', 'sysadmin') })
  ).json.data;
  expect((await admin.call('POST', `/admin/bpm/models/${model.id}/release`, {})).status).toBe(200);
  const started = await admin.call('POST', '/admin/bpm/instances', { definitionKey: 'axe_check', businessKey: 'AXE-1', variables: {} });
  expect(started.status).toBe(200);

  await signIn(page, server.url, sysadmin);
  await page.goto(`${server.url}/#/bpm/model`);
  await mainTable(page).getByRole('row').filter({ hasText: 'axe_check' }).getByRole('button', { name: 'Design Axe check' }).click();
  const canvas = page.getByRole('application', { name: 'Process diagram editor' });
  await canvas.locator('.djs-element[data-element-id="Task_approve"]').click();
  const properties = page.getByRole('region', { name: 'Properties' });
  await expect(properties).toContainText('User task');
  await properties.getByRole('combobox', { name: 'Assignee' }).click();
  await properties.getByRole('combobox', { name: 'Assignee' }).fill('Picked');
  await page.locator('.ant-select-item-option[title="Picked Person (wf_picked)"]').click();
  await expect(page.locator('.ant-select-dropdown').filter({ visible: true })).toHaveCount(0);
  await expect(
    properties.getByRole('combobox', { name: 'Assignee' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]'),
  ).toContainText('Picked Person (wf_picked)');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  expect((await admin.call('GET', `/admin/bpm/models/${model.id}`)).json.data.xml).toContain('camunda:assignee="wf_picked"');

  await page.goto(`${server.url}/#/bpm/monitor`);
  await mainTable(page)
    .getByRole('row')
    .filter({ hasText: 'AXE-1' })
    .getByRole('button', { name: /^Details of instance / })
    .click();
  const drawer = page.getByRole('dialog', { name: /^Instance \d+: Axe check$/ });
  await expect(drawer.locator('.djs-element.bpm-active[data-element-id="Task_fill"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});
