// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReleasePlan } from '../src/modules/bpm/bpmnRelease.ts';
import { bpmCalls } from './bpmModels.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const manager = { userName: 'manager01', password: 'Manager@2026' };
const director = { userName: 'director01', password: 'Director@2026' };

/** A process as Camunda Modeler writes it: a start event and one user task, each with what the test gives it. */
function formProcess(key: string, start: { attributes?: string; inner?: string }, task: { attributes?: string; inner?: string }): string {
  const extensions = (inner?: string) => (inner ? `<bpmn:extensionElements>${inner}</bpmn:extensionElements>` : '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${key}" isExecutable="true">
    <bpmn:startEvent id="start" name="Request" ${start.attributes ?? ''}>${extensions(start.inner)}</bpmn:startEvent>
    <bpmn:userTask id="review" name="Review" camunda:assignee="staff01" ${task.attributes ?? ''}>${extensions(task.inner)}</bpmn:userTask>
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
}

/** Every type Camunda's generated forms know, with every constraint it checks. */
const everyType = `<camunda:formData businessKey="reference">
  <camunda:formField id="reference" label="Reference" type="string">
    <camunda:validation><camunda:constraint name="required" /><camunda:constraint name="minlength" config="3" /><camunda:constraint name="maxlength" config="12" /></camunda:validation>
  </camunda:formField>
  <camunda:formField id="days" label="Days" type="long" defaultValue="1">
    <camunda:validation><camunda:constraint name="required" /><camunda:constraint name="min" config="1" /><camunda:constraint name="max" config="30" /></camunda:validation>
  </camunda:formField>
  <camunda:formField id="urgent" label="Urgent" type="boolean" defaultValue="false" />
  <camunda:formField id="firstDay" label="First day" type="date" defaultValue="01/03/2027" />
  <camunda:formField id="kind" label="Kind" type="enum" defaultValue="annual">
    <camunda:value id="annual" name="Annual leave" /><camunda:value id="sick" name="Sick leave" />
  </camunda:formField>
  <camunda:formField id="policy" label="Policy" type="string" defaultValue="P-7">
    <camunda:validation><camunda:constraint name="readonly" /></camunda:validation>
  </camunda:formField>
</camunda:formData>`;

const approval = `<camunda:formData>
  <camunda:formField id="approved" label="Approved" type="boolean"><camunda:validation><camunda:constraint name="required" /></camunda:validation></camunda:formField>
  <camunda:formField id="note" label="Note" type="string"><camunda:validation><camunda:constraint name="maxlength" config="5" /></camunda:validation></camunda:formField>
</camunda:formData>`;

interface Problem {
  field: string;
  message: string;
}

/**
 * Forms, not JSON (issue 25, item 6): a start event's and a user task's `camunda:formKey` naming a cloud form
 * (`form:<id>`), or their `camunda:formData` fields as a generated form, or neither: what the start dialog and
 * the task drawer show, and what a start or completion is checked against on the server.
 */
describe(`workflow forms (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let staffTokens: Tokens;
  let cloudFormId: number;
  const { call, data, release, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );
  /** The problems of a refused start or completion; the answer's message names every field of them. */
  const refused = async (tokens: Tokens, url: string, payload: object, language = 'en') => {
    const response = await call(tokens, 'POST', url, payload, language);
    expect(response.statusCode, response.body).toBe(422);
    lastMessage = response.json().message;
    return (response.json().data?.problems ?? []) as Problem[];
  };
  let lastMessage = '';
  const basic = { authorization: `Basic ${Buffer.from(`${sysadmin.userName}:${sysadmin.password}`).toString('base64')}` };
  const rest = (url: string) => t.app.inject({ method: 'GET', url: `/engine-rest${url}`, headers: basic });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms',
      headers: bearer(admin),
      payload: {
        name: 'Expense',
        description: '',
        field: {
          fields: [
            { key: 'amount', label: { zh: '金额', en: 'Amount' }, kind: 'number', required: true },
            { key: 'purpose', label: { zh: '用途', en: 'Purpose' }, kind: 'text' },
          ],
        },
        action: '',
        url: '',
        modelName: 'expense_form',
      },
    });
    cloudFormId = form.json().data.id;
    await t.app.inject({ method: 'POST', url: `/api/admin/forms/${cloudFormId}/publish`, headers: bearer(admin) });
    await release('leave_fields', formProcess('leave_fields', { inner: everyType }, { inner: approval }));
    await release(
      'expense_cloud',
      formProcess(
        'expense_cloud',
        { attributes: `camunda:formKey="form:${cloudFormId}"` },
        { attributes: `camunda:formKey="form:${cloudFormId}"` },
      ),
    );
    await release('plain', formProcess('plain', {}, {}));
  });
  afterAll(async () => t.close());

  it('generates the start form from camunda:formData: each type as its kind, each constraint as its rule', async () => {
    const form = await data(staffTokens, 'GET', '/tasks/startable/leave_fields/form');
    expect(form).toMatchObject({ source: 'generated', formKey: null, businessKeyField: 'reference', values: {} });
    const byKey = Object.fromEntries(form.schema.fields.map((field: { key: string }) => [field.key, field]));
    expect(byKey.reference).toMatchObject({
      kind: 'text',
      required: true,
      label: { en: 'Reference' },
      validators: [
        { rule: 'minLength', value: 3 },
        { rule: 'maxLength', value: 12 },
      ],
    });
    expect(byKey.days).toMatchObject({
      kind: 'number',
      required: true,
      defaultValue: 1,
      validators: [{ rule: 'integer' }, { rule: 'min', value: 1 }, { rule: 'max', value: 30 }],
    });
    expect(byKey.urgent).toMatchObject({ kind: 'switch', defaultValue: false, required: false });
    expect(byKey.firstDay).toMatchObject({ kind: 'date', defaultValue: '2027-03-01' });
    expect(byKey.kind).toMatchObject({
      kind: 'select',
      defaultValue: 'annual',
      options: [
        { value: 'annual', label: { en: 'Annual leave' } },
        { value: 'sick', label: { en: 'Sick leave' } },
      ],
    });
    expect(byKey.policy).toMatchObject({ kind: 'text', readOnly: true, defaultValue: 'P-7' });
  });

  it('refuses a start that breaks the generated form, naming each field in the caller’s language', async () => {
    const missing = await refused(staffTokens, '/instances', { definitionKey: 'leave_fields', values: {} });
    expect(missing.map((problem) => problem.field).sort()).toEqual(['days', 'reference']);
    expect(lastMessage).toMatch(/^Reference: .*required.*; Days: .*required/i);
    const chinese = await refused(staffTokens, '/instances', { definitionKey: 'leave_fields', values: {} }, 'zh');
    expect(chinese).toHaveLength(2);
    expect(lastMessage).toMatch(/^Reference：\p{Script=Han}+.*; Days：\p{Script=Han}+/u);

    const broken = await refused(staffTokens, '/instances', {
      definitionKey: 'leave_fields',
      values: { reference: 'ab', days: 1.5, urgent: 'yes', firstDay: '2027-02-30', kind: 'unpaid', salary: 1 },
    });
    expect(Object.fromEntries(broken.map((problem) => [problem.field, problem.message]))).toEqual({
      reference: expect.stringMatching(/3/),
      days: expect.stringMatching(/integer/i),
      urgent: expect.any(String),
      firstDay: expect.any(String),
      kind: expect.any(String),
      salary: expect.stringMatching(/salary/),
    });
    const bounds = await refused(staffTokens, '/instances', {
      definitionKey: 'leave_fields',
      values: { reference: 'REF-0000000001', days: 31 },
    });
    expect(bounds.map((problem) => problem.field).sort()).toEqual(['days', 'reference']);
    // A client that sends variables only (Camunda's, a script) is held to the form as well.
    const asVariables = await refused(staffTokens, '/instances', {
      definitionKey: 'leave_fields',
      variables: { reference: 'REF-1', days: 0 },
    });
    expect(asVariables.map((problem) => problem.field)).toEqual(['days']);
  });

  it('starts with the checked values as variables, the business key from its field and readonly fields left out', async () => {
    const started = await data(staffTokens, 'POST', '/instances', {
      definitionKey: 'leave_fields',
      values: { reference: 'REF-2', days: 4, urgent: true, firstDay: '2027-03-02', kind: 'sick', policy: 'forged' },
      variables: { smuggled: true },
    });
    expect(started.businessKey).toBe('REF-2');
    const detail = await data(admin, 'GET', `/instances/${started.id}`);
    expect(detail.variables).toEqual({
      reference: 'REF-2',
      days: 4,
      urgent: true,
      firstDay: '2027-03-02',
      kind: 'sick',
      initiator: staff.userName,
    });
    const given = await data(staffTokens, 'POST', '/instances', {
      definitionKey: 'leave_fields',
      businessKey: 'OWN-KEY',
      values: { reference: 'REF-3', days: 2 },
    });
    expect(given.businessKey).toBe('OWN-KEY');
  });

  it('shows a task its generated form with the variables of its fields, and checks its completion', async () => {
    const started = await data(staffTokens, 'POST', '/instances', {
      definitionKey: 'leave_fields',
      values: { reference: 'REF-4', days: 3 },
    });
    const [task] = await openTasks(started.id);
    const form = await data(staffTokens, 'GET', `/tasks/${task.id}/form`);
    expect(form.source).toBe('generated');
    expect(form.schema.fields.map((field: { key: string }) => field.key)).toEqual(['approved', 'note']);
    expect(form.values).toEqual({});

    const problems = await refused(staffTokens, `/tasks/${task.id}/complete`, { values: { note: 'too long', extra: 1 } });
    expect(problems.map((problem) => problem.field).sort()).toEqual(['approved', 'extra', 'note']);
    expect((await refused(staffTokens, `/tasks/${task.id}/complete`, { variables: { approved: 'yes' } })).map((p) => p.field)).toEqual([
      'approved',
    ]);
    await data(staffTokens, 'POST', `/tasks/${task.id}/complete`, { values: { approved: true, note: 'ok' } });
    const detail = await data(admin, 'GET', `/instances/${started.id}`);
    expect(detail.state).toBe('completed');
    expect(detail.variables).toMatchObject({ approved: true, note: 'ok', days: 3 });
  });

  it('shows and checks a cloud form named by form:<id> on the start event and the task', async () => {
    const form = await data(staffTokens, 'GET', '/tasks/startable/expense_cloud/form');
    expect(form).toMatchObject({ source: 'cloud', formKey: `form:${cloudFormId}`, businessKeyField: null });
    expect(form.schema.fields.map((field: { key: string }) => field.key)).toEqual(['amount', 'purpose']);
    const missing = await refused(staffTokens, '/instances', { definitionKey: 'expense_cloud', values: { purpose: 'train' } }, 'zh');
    expect(missing).toEqual([{ field: 'amount', message: expect.any(String) }]);
    expect(lastMessage).toMatch(/^金额：/);
    const started = await data(staffTokens, 'POST', '/instances', {
      definitionKey: 'expense_cloud',
      values: { amount: 120, purpose: 'train' },
    });
    const [task] = await openTasks(started.id);
    const taskForm = await data(staffTokens, 'GET', `/tasks/${task.id}/form`);
    expect(taskForm).toMatchObject({ source: 'cloud', formKey: `form:${cloudFormId}`, values: { amount: 120, purpose: 'train' } });
    expect(await refused(staffTokens, `/tasks/${task.id}/complete`, { values: { amount: 'lots' } })).toEqual([
      { field: 'amount', message: expect.any(String) },
    ]);
    expect(lastMessage).toMatch(/^Amount: /);
    await data(staffTokens, 'POST', `/tasks/${task.id}/complete`, { values: { amount: 130 } });
    expect((await data(admin, 'GET', `/instances/${started.id}`)).variables).toMatchObject({ amount: 130, purpose: 'train' });
  });

  it('offers the variable editor where a model has no form, and takes the variables as they come', async () => {
    expect(await data(staffTokens, 'GET', '/tasks/startable/plain/form')).toEqual({
      source: 'none',
      schema: null,
      formKey: null,
      values: {},
      businessKeyField: null,
    });
    const started = await data(staffTokens, 'POST', '/instances', { definitionKey: 'plain', variables: { anything: [1, 2] } });
    const [task] = await openTasks(started.id);
    const form = await data(staffTokens, 'GET', `/tasks/${task.id}/form`);
    expect(form).toMatchObject({ source: 'none', schema: null, values: { anything: [1, 2], initiator: staff.userName } });
    await data(staffTokens, 'POST', `/tasks/${task.id}/complete`, { variables: { more: 'yes' } });
    expect((await data(admin, 'GET', `/instances/${started.id}`)).variables).toMatchObject({ anything: [1, 2], more: 'yes' });
  });

  it('reads the forms only for those who may start or complete: others are refused or told the task does not exist', async () => {
    const managerTokens = await signIn(t.app, manager);
    expect((await call(managerTokens, 'GET', '/tasks/startable/leave_fields/form')).statusCode).toBe(403);
    expect((await call(staffTokens, 'GET', '/tasks/startable/no_such_process/form')).statusCode).toBe(404);
    const started = await data(staffTokens, 'POST', '/instances', { definitionKey: 'plain' });
    const [task] = await openTasks(started.id);
    expect((await call(await signIn(t.app, director), 'GET', `/tasks/${task.id}/form`)).statusCode).toBe(404);
  });

  it('answers Camunda’s form-variables for a start and a task, typed as the form declares them', async () => {
    const start = await rest('/process-definition/key/leave_fields/form-variables');
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({
      reference: { type: 'String', value: null },
      days: { type: 'Long', value: 1 },
      urgent: { type: 'Boolean', value: false },
      firstDay: { type: 'Date', value: '2027-03-01T00:00:00.000+0000' },
      kind: { type: 'String', value: 'annual' },
    });
    expect(Object.keys((await rest('/process-definition/key/leave_fields/form-variables?variableNames=days,kind')).json())).toEqual([
      'days',
      'kind',
    ]);
    const started = await data(staffTokens, 'POST', '/instances', {
      definitionKey: 'leave_fields',
      values: { reference: 'REF-5', days: 2 },
    });
    const [task] = await openTasks(started.id);
    const variables = await rest(`/task/${task.id}/form-variables`);
    expect(variables.json()).toMatchObject({
      approved: { type: 'Boolean', value: null },
      note: { type: 'String', value: null },
      days: { type: 'Integer', value: 2 },
    });
    expect((await rest('/task/999999/form-variables')).statusCode).toBe(404);

    // Camunda's clients start with variables: checked against the start form, refused naming each field.
    const refusal = await t.app.inject({
      method: 'POST',
      url: '/engine-rest/process-definition/key/leave_fields/start',
      headers: { ...basic, 'accept-language': 'en' },
      payload: { variables: { days: { value: 0, type: 'Long' } } },
    });
    expect(refusal.statusCode).toBe(422);
    expect(refusal.json()).toEqual({ type: 'InvalidRequestException', message: expect.stringMatching(/^Reference: .*; Days: /) });
  });

  it('refuses at release what a generated form cannot be, and warns about what it leaves out', async () => {
    const field = (inner: string) => formProcess('bad_form', { inner: `<camunda:formData>${inner}</camunda:formData>` }, {});
    await expect(
      readReleasePlan(
        field(
          '<camunda:formField id="a" type="string"><camunda:validation><camunda:constraint name="validator" config="com.example.Check" /></camunda:validation></camunda:formField>',
        ),
      ),
    ).rejects.toMatchObject({ messageKey: 'error.bpmCodeRefused' });
    for (const [inner, attribute] of [
      ['<camunda:formField id="a" type="enum" />', 'camunda:value'],
      ['<camunda:formField id="a" type="long" defaultValue="many" />', 'defaultValue="many"'],
      [
        '<camunda:formField id="a" type="string"><camunda:validation><camunda:constraint name="maxlength" config="x" /></camunda:validation></camunda:formField>',
        'maxlength="x"',
      ],
      ['<camunda:formField id="a" /><camunda:formField id="a" />', 'id'],
      ['<camunda:formField id="first name" />', 'id'],
    ]) {
      await expect(readReleasePlan(field(inner as string)), inner).rejects.toMatchObject({
        messageKey: 'error.bpmFormField',
        params: { attribute },
      });
    }
    const plan = await readReleasePlan(
      formProcess(
        'odd_form',
        {
          attributes: 'camunda:formKey="embedded:app:forms/start.html"',
          inner:
            '<camunda:formData><camunda:formField id="file" type="customFile" /><camunda:formField id="n" type="boolean"><camunda:validation><camunda:constraint name="maxlength" config="3" /></camunda:validation></camunda:formField><camunda:formField id="d" type="string" defaultValue="${today}" /></camunda:formData>',
        },
        { attributes: 'camunda:formKey="camunda-forms:deployment:review.form"' },
      ),
    );
    expect(plan.warnings.map((warning) => warning.key).sort()).toEqual([
      'warning.bpmForeignFormKey',
      'warning.bpmFormConstraint',
      'warning.bpmFormDefault',
      'warning.bpmFormFieldType',
      'warning.bpmFormKeyFields',
    ]);
    expect(plan.processes[0]?.info.startForm?.fields.map((each) => [each.id, each.type])).toEqual([
      ['file', 'string'],
      ['n', 'boolean'],
      ['d', 'string'],
    ]);
  });
});
