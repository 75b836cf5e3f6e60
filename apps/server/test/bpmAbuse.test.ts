// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRelease } from '../src/modules/bpm/bpmnRelease.ts';
import { dueAt } from '../src/modules/bpm/dueDate.ts';
import { runEngine } from '../src/modules/bpm/engineRunner.ts';
import { checkExpressions, ExpressionError } from '../src/modules/bpm/safeExpression.ts';
import { assignRole, grantOperations, insertRole } from '../src/modules/iam/roleRepo.ts';
import { bpmCalls, bpmnOf, flow, gateway, userTask } from './bpmModels.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const manager = { userName: 'manager01', password: 'Manager@2026' };

/** A collaboration whose message flow starts a second, non-executable process with a script task. */
const scriptBehindMessageFlow = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="x">
  <collaboration id="c"><participant id="pm" processRef="hidden"/><participant id="pe" processRef="evil"/>
    <messageFlow id="mf" sourceRef="t1" targetRef="pe"/></collaboration>
  <process id="hidden" isExecutable="true"><startEvent id="s"/><task id="t1"/><endEvent id="e"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="t1"/><sequenceFlow id="f2" sourceRef="t1" targetRef="e"/></process>
  <process id="evil" isExecutable="false"><startEvent id="es"/><scriptTask id="st" scriptFormat="js"><script>next();</script></scriptTask>
    <sequenceFlow id="e1" sourceRef="es" targetRef="st"/></process>
</definitions>`;

/** Abuse of the workflow module by designers, starters and assignees: each refused, none harming the server. */
describe(`workflow abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let staffTokens: Tokens;
  let managerTokens: Tokens;
  const { call, data, release, start, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );

  beforeAll(async () => {
    t = await createTestApp();
    const operations = ['task:view', 'task:start', 'task:claim', 'task:complete', 'task:assignee', 'task:unclaim'];
    for (const [userName, roleCode] of [
      [manager.userName, 'bpm_manager'],
      [staff.userName, 'bpm_staff'],
    ] as const) {
      const account = await t.context.db.selectFrom('iam_account').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
      const role = await insertRole(t.context.db, { roleCode, roleName: roleCode, roleType: 'common' });
      await grantOperations(t.context.db, role, operations);
      await assignRole(t.context.db, account.id, role);
    }
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    managerTokens = await signIn(t.app, manager);
  });
  afterAll(async () => t.close());

  it('refuses a second process, message flows and scripts anywhere in the document', async () => {
    await expect(readRelease(scriptBehindMessageFlow)).rejects.toMatchObject({ status: 422 });
    const withoutFlow = scriptBehindMessageFlow.replace(/<messageFlow[^>]*\/>/, '');
    await expect(readRelease(withoutFlow)).rejects.toMatchObject({ messageKey: 'error.bpmUnsupportedElement' });
    const nested = bpmnOf('nested', [
      '<subProcess id="sub"><startEvent id="ss"/><scriptTask id="deep" scriptFormat="js"><script>next();</script></scriptTask></subProcess>',
      flow('start', 'sub'),
      flow('sub', 'end'),
    ]);
    await expect(readRelease(nested)).rejects.toMatchObject({ status: 422 });
  });

  it('never runs a script the engine reaches: the command fails instead', async () => {
    const xml = bpmnOf('scripted', [
      '<scriptTask id="st" scriptFormat="js"><script>next();</script></scriptTask>',
      flow('start', 'st'),
      flow('st', 'end'),
    ]);
    const info = { key: 'scripted', name: 'scripted', userTasks: [], serviceTasks: {}, nodes: {}, elementVariables: {} };
    await expect(runEngine({ id: -1, xml, info }, { variables: {} }, { kind: 'resume' }, async () => {})).rejects.toThrow(/script/);
  });

  it('keeps the initiator and, for a task with a form, every variable out of a completer’s hands', async () => {
    await release(
      'hijack',
      bpmnOf('hijack', [
        userTask('approve', 'Approve', { assignee: 'manager01' }),
        userTask('pay', 'Pay', { assignee: '${initiator}' }),
        flow('start', 'approve'),
        flow('approve', 'pay'),
        flow('pay', 'end'),
      ]),
    );
    const instance = await start(staffTokens, 'hijack');
    const [approve] = await openTasks(instance.id);
    await data(managerTokens, 'POST', `/tasks/${approve.id}/complete`, { variables: { initiator: 'manager01', note: 'ok' } });
    const [pay] = await openTasks(instance.id);
    expect(pay.assignee).toBe(staff.userName);
    const detail = await data(admin, 'GET', `/instances/${instance.id}`);
    expect(detail.variables).toMatchObject({ initiator: staff.userName, note: 'ok' });
  });

  it('takes only a form’s values from a form-keyed task, and keeps its form from being deleted while released', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms',
      headers: bearer(admin),
      payload: {
        name: 'Amount',
        description: '',
        field: { fields: [{ key: 'amount', label: { zh: '金额', en: 'Amount' }, kind: 'number', required: true }] },
        action: '',
        url: '',
        modelName: 'amount_form',
      },
    });
    const formId = form.json().data.id;
    await t.app.inject({ method: 'POST', url: `/api/admin/forms/${formId}/publish`, headers: bearer(admin) });
    await release(
      'formed',
      bpmnOf('formed', [
        userTask('fill', 'Fill', { assignee: 'staff01', formKey: `form:${formId}` }),
        userTask('check', 'Check', { assignee: 'manager01' }),
        flow('start', 'fill'),
        flow('fill', 'check'),
        flow('check', 'end'),
      ]),
    );
    const instance = await start(staffTokens, 'formed', { route: 'normal' });
    const [fill] = await openTasks(instance.id);
    await data(staffTokens, 'POST', `/tasks/${fill.id}/complete`, { values: { amount: 5 }, variables: { route: 'skip', initiator: 'x' } });
    const detail = await data(admin, 'GET', `/instances/${instance.id}`);
    expect(detail.variables).toMatchObject({ route: 'normal', initiator: staff.userName, amount: 5 });

    const removal = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/delete',
      headers: bearer(admin),
      payload: { ids: [formId] },
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toMatch(/formed/);
  });

  it('gives up a far or absurd due date instead of walking the calendar', async () => {
    const now = Date.UTC(2026, 0, 5);
    expect(await dueAt(t.context.db, null, now, 'P99999999999D')).toBeNull();
    expect(await dueAt(t.context.db, null, now, 'P3661D')).toBeNull();
    expect(await dueAt(t.context.db, null, now, 'PT99999999999H')).toBeNull();
    expect(await dueAt(t.context.db, null, now, 'PT2H')).toBe(now + 2 * 3600_000);

    await release(
      'due',
      bpmnOf('due', [userTask('a', 'A', { assignee: 'staff01', dueDate: '${due}' }), flow('start', 'a'), flow('a', 'end')]),
    );
    const began = Date.now();
    const instance = await start(staffTokens, 'due', { due: 'P99999999999D' });
    expect(Date.now() - began).toBeLessThan(5000);
    const [task] = await openTasks(instance.id);
    expect(task.dueAt ?? null).toBeNull();
  });

  it('refuses a countersign larger than the limit, from a collection or a cardinality', async () => {
    await release(
      'big',
      bpmnOf('big', [
        userTask('sign', 'Sign', {
          assignee: '${signer}',
          loop: '<multiInstanceLoopCharacteristics camunda:collection="${signers}" camunda:elementVariable="signer"/>',
        }),
        flow('start', 'sign'),
        flow('sign', 'end'),
      ]),
    );
    const tooMany = await call(staffTokens, 'POST', '/instances', {
      definitionKey: 'big',
      variables: { signers: Array(501).fill('staff01') },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/501/);
    await release(
      'card',
      bpmnOf('card', [
        userTask('sign', 'Sign', {
          assignee: 'staff01',
          loop: '<multiInstanceLoopCharacteristics isSequential="true"><loopCardinality xsi:type="tFormalExpression">${n}</loopCardinality></multiInstanceLoopCharacteristics>',
        }),
        flow('start', 'sign'),
        flow('sign', 'end'),
      ]),
    );
    expect((await call(staffTokens, 'POST', '/instances', { definitionKey: 'card', variables: { n: 1e9 } })).statusCode).toBe(422);
    const fine = await start(staffTokens, 'big', { signers: ['staff01', 'manager01'] });
    expect(await openTasks(fine.id)).toHaveLength(2);
  });

  it('stops a cycle without a wait state with 422, and the server keeps answering', async () => {
    await release(
      'loop',
      bpmnOf('loop', ['<task id="t"/>', gateway('exclusiveGateway', 'g'), flow('start', 'g'), flow('g', 't'), flow('t', 'g')]),
    );
    const began = Date.now();
    const looped = await call(staffTokens, 'POST', '/instances', { definitionKey: 'loop', variables: {} });
    expect(looped.statusCode).toBe(422);
    expect(Date.now() - began).toBeLessThan(15_000);
    expect((await call(staffTokens, 'GET', '/tasks/startable')).statusCode).toBeLessThan(500);
  });

  it('keeps a waiting timer’s due time when other work of the instance moves on', async () => {
    await release(
      'escalate',
      bpmnOf('escalate', [
        gateway('parallelGateway', 'fork'),
        userTask('a', 'A', { assignee: 'staff01' }),
        userTask('b', 'B', { assignee: 'staff01' }),
        userTask('b2', 'B2', { assignee: 'staff01' }),
        '<boundaryEvent id="esc" attachedToRef="a"><timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT1H</timeDuration></timerEventDefinition></boundaryEvent>',
        '<endEvent id="end2"/>',
        flow('start', 'fork'),
        flow('fork', 'a'),
        flow('fork', 'b'),
        flow('a', 'end'),
        flow('b', 'b2'),
        flow('b2', 'end'),
        flow('esc', 'end2'),
      ]),
    );
    const instance = await start(staffTokens, 'escalate');
    const timerOf = () =>
      t.context.db.selectFrom('bpm_timer').select('due_at').where('instance_id', '=', instance.id).executeTakeFirstOrThrow();
    const before = await timerOf();
    t.clock.advance(50 * 60_000);
    const b = (await openTasks(instance.id)).find((task: { activityId: string }) => task.activityId === 'b');
    await data(staffTokens, 'POST', `/tasks/${b.id}/complete`);
    expect(Number((await timerOf()).due_at)).toBe(Number(before.due_at));
  });

  it('refuses re-assigning and unclaiming on a suspended instance, and targets outside the caller’s scope', async () => {
    await release('susp', bpmnOf('susp', [userTask('a', 'A', { assignee: 'staff01' }), flow('start', 'a'), flow('a', 'end')]));
    const instance = await start(staffTokens, 'susp');
    const [task] = await openTasks(instance.id);
    await data(admin, 'POST', `/instances/${instance.id}/suspend`);
    expect((await call(staffTokens, 'POST', `/tasks/${task.id}/assignee`, { userName: 'manager01' })).statusCode).toBe(409);
    expect((await call(staffTokens, 'POST', `/tasks/${task.id}/unclaim`)).statusCode).toBe(409);
    await data(admin, 'POST', `/instances/${instance.id}/activate`);

    // The staff role covers no organ: no account is one it may hand the task to.
    await t.context.db
      .updateTable('iam_role')
      .set({ role_scope: 'organ', belong_to_organ: null })
      .where('role_code', '=', 'bpm_staff')
      .execute();
    const outside = await call(staffTokens, 'POST', `/tasks/${task.id}/assignee`, { userName: 'manager01' });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toMatch(/manager01/);
    await t.context.db.updateTable('iam_role').set({ role_scope: 'global' }).where('role_code', '=', 'bpm_staff').execute();
  });

  it('refuses deeply nested expressions and over-long names at release', async () => {
    expect(() => checkExpressions(`\${${'('.repeat(20_000)}a${')'.repeat(20_000)}}`)).toThrow(ExpressionError);
    expect(() => checkExpressions(`\${${'('.repeat(10)}a${')'.repeat(10)}}`)).not.toThrow();
    const deep = bpmnOf('deep', [
      userTask('a', 'A', { assignee: `\${${'('.repeat(20_000)}a${')'.repeat(20_000)}}` }),
      flow('start', 'a'),
      flow('a', 'end'),
    ]);
    const model = await data(admin, 'POST', '/models', { key: 'deep', name: 'deep', category: '', description: '', xml: deep });
    expect((await call(admin, 'POST', `/models/${model.id}/release`)).statusCode).toBe(422);
    const longName = bpmnOf('long', [userTask('a', 'x'.repeat(201), { assignee: 'staff01' }), flow('start', 'a'), flow('a', 'end')]);
    await expect(readRelease(longName)).rejects.toMatchObject({ messageKey: 'error.bpmNameTooLong' });
  });

  it('hides tasks from non-readers and the configuration from the task diagram', async () => {
    const secret =
      '<extensionElements><camunda:properties><camunda:property name="note" value="secret"/></camunda:properties></extensionElements>';
    await release(
      'private',
      bpmnOf('private', [
        `<userTask id="a" name="A" camunda:assignee="manager01">${secret}</userTask>`,
        flow('start', 'a'),
        flow('a', 'end'),
      ]),
    );
    const instance = await start(managerTokens, 'private');
    const [task] = await openTasks(instance.id);
    expect((await call(staffTokens, 'GET', `/tasks/${task.id}`)).statusCode).toBe(404);
    const diagram = await data(managerTokens, 'GET', `/tasks/${task.id}/diagram`);
    expect(diagram.bpmn20Xml).toContain('userTask');
    expect(diagram.bpmn20Xml).not.toContain('extensionElements');
  });
});
