// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsOnSqlite } from '../src/db/dialectOf.ts';
import { Caller } from '../src/http/caller.ts';
import { readOutboundSettings, writeOutboundSettings } from '../src/modules/alarms/outboundSettings.ts';
import { RuntimeService } from '../src/modules/bpm/runtimeService.ts';
import { TimerScheduler } from '../src/modules/bpm/timerScheduler.ts';
import { FormService } from '../src/modules/forms/formService.ts';
import { assignRole, grantOperations, insertRole } from '../src/modules/iam/roleRepo.ts';
import { bpmCalls, bpmnOf, flow, gateway, timerEvent, userTask } from './bpmModels.ts';
import { bearer, createTestApp, restartTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const manager = { userName: 'manager01', password: 'Manager@2026' };

/** The workflow suite end to end on one database: release, run, hand over, watch. */
describe(`workflow (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
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
    // The demo's approver; the tests give it a role of their own besides.
    const account = await t.context.db
      .selectFrom('iam_account')
      .select('id')
      .where('user_name', '=', manager.userName)
      .executeTakeFirstOrThrow();
    const role = await insertRole(t.context.db, { roleCode: 'bpm_manager', roleName: 'Managers', roleType: 'common' });
    await assignRole(t.context.db, account.id, role);
    // Managers and staff hold the task grants; only managers the role that candidate groups name.
    const taskOperations = [
      'task:view',
      'task:start',
      'task:claim',
      'task:complete',
      'task:assignee',
      'task:unclaim',
      'task:recall',
      'task:return',
    ];
    await grantOperations(t.context.db, role, taskOperations);
    const staffRole = await insertRole(t.context.db, { roleCode: 'bpm_staff', roleName: 'Staff', roleType: 'common' });
    await grantOperations(t.context.db, staffRole, taskOperations);
    const staffAccount = await t.context.db
      .selectFrom('iam_account')
      .select('id')
      .where('user_name', '=', staff.userName)
      .executeTakeFirstOrThrow();
    await assignRole(t.context.db, staffAccount.id, staffRole);
    admin = await signIn(t.app, sysadmin);
    managerTokens = await signIn(t.app, manager);
    staffTokens = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it('releases a two-step approval, runs it across two users, and shows it as done and in monitoring', async () => {
    const definition = await release(
      'approval',
      bpmnOf('approval', [
        userTask('apply', 'Apply', { assignee: '${initiator}' }),
        userTask('approve', 'Approve', { candidateGroups: 'bpm_manager' }),
        flow('start', 'apply'),
        flow('apply', 'approve'),
        flow('approve', 'end'),
      ]),
    );
    expect(definition).toMatchObject({ key: 'approval', version: 1, suspended: false });
    expect(definition.userTasks.map((task: { activityId: string }) => task.activityId)).toEqual(['apply', 'approve']);

    const instance = await start(admin, 'approval', { days: 2 });
    expect(instance.state).toBe('running');
    const [apply] = await openTasks(instance.id);
    expect(apply).toMatchObject({ activityId: 'apply', assignee: 'sysadmin' });
    await data(admin, 'POST', `/tasks/${apply.id}/complete`, { variables: { reason: 'holiday' }, comment: 'please' });

    // A candidate-group task is in the to-do of role members only.
    const managerTodo = await data(managerTokens, 'GET', '/tasks/todo?definitionKey=approval');
    expect(managerTodo.records.map((task: { activityId: string }) => task.activityId)).toEqual(['approve']);
    expect((await data(staffTokens, 'GET', '/tasks/todo?definitionKey=approval')).total).toBe(0);
    const approve = managerTodo.records[0];
    expect((await call(staffTokens, 'POST', `/tasks/${approve.id}/claim`)).statusCode).toBe(403);
    await data(managerTokens, 'POST', `/tasks/${approve.id}/claim`);
    await data(managerTokens, 'POST', `/tasks/${approve.id}/complete`, { variables: { approved: true } });

    const done = await data(managerTokens, 'GET', '/tasks/done');
    expect(done.records[0]).toMatchObject({ activityId: 'approve', status: 'closed', outcome: 'completed' });
    const detail = await data(admin, 'GET', `/instances/${instance.id}`);
    expect(detail).toMatchObject({ state: 'completed', variables: { days: 2, reason: 'holiday', approved: true, initiator: 'sysadmin' } });
    expect(detail.comments.map((comment: { message: string }) => comment.message)).toEqual(['please']);
    const diagram = await data(admin, 'GET', `/instances/${instance.id}/diagram`);
    expect(diagram.completed).toEqual(expect.arrayContaining(['start', 'apply', 'approve', 'end']));
    expect(diagram.active).toEqual([]);
  });

  it('refuses at release what the engine cannot run, naming the element', async () => {
    const refusal = async (xml: string) => {
      const model = await data(admin, 'POST', '/models', { key: 'broken', name: 'Broken', category: '', description: '', xml });
      const response = await call(admin, 'POST', `/models/${model.id}/release`);
      await data(admin, 'POST', '/models/delete', { ids: [model.id] });
      return [response.statusCode, response.json().message];
    };
    const script = bpmnOf('broken', [
      gateway('exclusiveGateway', 'choose'),
      flow('start', 'choose'),
      flow(
        'choose',
        'end',
        '<conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, true)</conditionExpression>',
      ),
    ]);
    expect(await refusal(script)).toEqual([422, expect.stringContaining('holds a script')]);
    const scriptTask = bpmnOf('broken', [
      '<scriptTask id="run" name="Run" scriptFormat="javascript"><script>1</script></scriptTask>',
      flow('start', 'run'),
      flow('run', 'end'),
    ]);
    expect(await refusal(scriptTask)).toEqual([422, 'The engine cannot run the element Run (run) (bpmn:ScriptTask)']);
    const call_ = bpmnOf('broken', [
      gateway('exclusiveGateway', 'choose'),
      flow('start', 'choose'),
      flow('choose', 'end', '<conditionExpression xsi:type="tFormalExpression">${process.exit()}</conditionExpression>'),
    ]);
    expect(await refusal(call_)).toEqual([422, expect.stringContaining('is not allowed')]);
    const unpublished = bpmnOf('broken', [
      userTask('a', 'Check', { assignee: 'staff01', formKey: 'form:999' }),
      flow('start', 'a'),
      flow('a', 'end'),
    ]);
    expect(await refusal(unpublished)).toEqual([422, 'The form form:999 of Check (a) does not exist or is not published']);
  });

  it('takes the exclusive gateway’s path by a safe expression and runs parallel branches to their join', async () => {
    await release(
      'routing',
      bpmnOf('routing', [
        userTask('fill', 'Fill', { assignee: 'sysadmin' }),
        gateway('exclusiveGateway', 'route', 'toSmall'),
        userTask('big', 'Big', { assignee: 'sysadmin' }),
        gateway('parallelGateway', 'fork'),
        userTask('left', 'Left', { assignee: 'sysadmin' }),
        userTask('right', 'Right', { assignee: 'sysadmin' }),
        gateway('parallelGateway', 'join'),
        flow('start', 'fill'),
        flow('fill', 'route'),
        flow(
          'route',
          'big',
          '<conditionExpression xsi:type="tFormalExpression">${amount &gt; 1000 &amp;&amp; kind == \'goods\'}</conditionExpression>',
        ),
        flow('route', 'fork', undefined, 'toSmall'),
        flow('big', 'end'),
        flow('fork', 'left'),
        flow('fork', 'right'),
        flow('left', 'join'),
        flow('right', 'join'),
        flow('join', 'end'),
      ]),
    );
    const big = await start(admin, 'routing');
    await data(admin, 'POST', `/tasks/${(await openTasks(big.id))[0].id}/complete`, { variables: { amount: 5000, kind: 'goods' } });
    expect((await openTasks(big.id)).map((task: { activityId: string }) => task.activityId)).toEqual(['big']);

    const small = await start(admin, 'routing');
    await data(admin, 'POST', `/tasks/${(await openTasks(small.id))[0].id}/complete`, { variables: { amount: 5000, kind: 'services' } });
    const branches = await openTasks(small.id);
    expect(branches.map((task: { activityId: string }) => task.activityId).sort()).toEqual(['left', 'right']);
    await data(admin, 'POST', `/tasks/${branches[0].id}/complete`);
    expect((await data(admin, 'GET', `/instances/${small.id}`)).state).toBe('running');
    await data(admin, 'POST', `/tasks/${branches[1].id}/complete`);
    expect((await data(admin, 'GET', `/instances/${small.id}`)).state).toBe('completed');
  });

  it('counts countersigns: all, any, and a ratio', async () => {
    const countersign = (key: string, condition?: string) =>
      release(
        key,
        bpmnOf(key, [
          userTask('sign', 'Sign', {
            assignee: '${signer}',
            loop: `<multiInstanceLoopCharacteristics camunda:collection="\${signers}" camunda:elementVariable="signer">${
              condition ? `<completionCondition xsi:type="tFormalExpression">${condition}</completionCondition>` : ''
            }</multiInstanceLoopCharacteristics>`,
          }),
          flow('start', 'sign'),
          flow('sign', 'end'),
        ]),
      );
    await countersign('signAll');
    await countersign('signAny', '${nrOfCompletedInstances &gt;= 1}');
    await countersign('signRatio', '${nrOfCompletedInstances / nrOfInstances &gt;= 0.6}');
    const signers = ['sysadmin', 'staff01', 'manager01'];
    const run = async (key: string, completions: number) => {
      const instance = await start(admin, key, { signers });
      const tasks = await openTasks(instance.id);
      expect(tasks.map((task: { assignee: string }) => task.assignee)).toEqual(signers);
      const tokens = [admin, staffTokens, managerTokens];
      for (let index = 0; index < completions; index++) await data(tokens[index] as Tokens, 'POST', `/tasks/${tasks[index].id}/complete`);
      return (await data(admin, 'GET', `/instances/${instance.id}`)).state;
    };
    expect(await run('signAll', 2)).toBe('running');
    expect(await run('signAll', 3)).toBe('completed');
    expect(await run('signAny', 1)).toBe('completed');
    expect(await run('signRatio', 1)).toBe('running');
    expect(await run('signRatio', 2)).toBe('completed');
    // A parallel countersign hands every signer a task at once, beyond bpmn-engine's default batch of 50.
    const many = Array.from({ length: 120 }, (_, index) => `signer${index}`);
    const wide = await start(admin, 'signAll', { signers: many });
    expect((await openTasks(wide.id)).map((task: { assignee: string }) => task.assignee)).toEqual(many);
  });

  it('lets exactly one of two concurrent completes of a task win; the other gets 409', async () => {
    await release('race', bpmnOf('race', [userTask('a', 'A', { assignee: 'sysadmin' }), flow('start', 'a'), flow('a', 'end')]));
    const instance = await start(admin, 'race');
    const [task] = await openTasks(instance.id);
    const answers = await Promise.all([
      call(admin, 'POST', `/tasks/${task.id}/complete`, {}),
      call(admin, 'POST', `/tasks/${task.id}/complete`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  /**
   * A started two-step instance (check, then pay) and a RuntimeService whose reads let the completion of
   * `check` in after their `afterStatement`th statement. On PostgreSQL the completion commits before the
   * read goes on; on SQLite it waits for the one connection, which a read in one snapshot holds.
   */
  async function completionDuringRead(key: string, afterStatement: number) {
    await release(
      key,
      bpmnOf(key, [
        userTask('check', 'Check', { assignee: 'sysadmin' }),
        userTask('pay', 'Pay', { assignee: 'sysadmin' }),
        flow('start', 'check'),
        flow('check', 'pay'),
        flow('pay', 'end'),
      ]),
    );
    const instance = await start(admin, key, { amount: 120 });
    const [check] = await openTasks(instance.id);
    let statements = 0;
    let completing: Promise<unknown> | undefined;
    const completeDuringRead: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (++statements === afterStatement) {
          completing = data(admin, 'POST', `/tasks/${check.id}/complete`, { variables: { checked: true } });
          if (!runsOnSqlite(t.context.db)) await completing;
        }
        return args.result;
      },
    };
    const reader = new RuntimeService({ ...t.context, db: t.context.db.withPlugin(completeDuringRead) }, new FormService(t.context));
    return { instance, check, reader, completed: () => completing };
  }

  const before = { amount: 120, initiator: 'sysadmin' };
  const afterCheck = { ...before, checked: true };

  it('shows an instance as of one moment: a task completed while its detail is read is there with its variables, or not at all', async () => {
    const { instance, reader, completed } = await completionDuringRead('moment', 1);
    const during = await reader.detail(instance.id);
    await completed();
    const seen = (detail: { tasks: Array<{ activityId: string; status: string }>; variables: object }) => ({
      open: detail.tasks.filter((task) => task.status === 'open').map((task) => task.activityId),
      variables: detail.variables,
    });
    expect(seen(during)).toEqual({ open: ['check'], variables: before });
    expect(seen(await data(admin, 'GET', `/instances/${instance.id}`))).toEqual({ open: ['pay'], variables: afterCheck });
  });

  it("shows a task as of one moment: its instance's tasks and variables are read with it, before or after a completion, never half of each", async () => {
    // The task's detail first reads its row to check the reader, then the task, its instance and their tasks:
    // the completion comes in between the task and its instance's variables.
    const { check, reader, completed } = await completionDuringRead('taskMoment', 2);
    const account = await t.context.db.selectFrom('iam_account').select('id').where('user_name', '=', 'sysadmin').executeTakeFirstOrThrow();
    const session = { sessionId: 'moment', accountId: account.id, userName: 'sysadmin', isSuper: true, expiresAt: Number.MAX_SAFE_INTEGER };
    const during = await reader.taskDetail(new Caller(t.context.db, t.context.accessCache, session, null, '127.0.0.1', 'en'), check.id);
    await completed();
    expect({ status: during.status, variables: during.variables, returnTargets: during.returnTargets }).toEqual({
      status: 'open',
      variables: before,
      returnTargets: [],
    });
    const after = await data(admin, 'GET', `/tasks/${check.id}`);
    expect({ status: after.status, variables: after.variables }).toEqual({ status: 'closed', variables: afterCheck });
  });

  it('lets a claim and a complete of an unassigned task race: one wins, and a claimed task is never completed by another', async () => {
    await release(
      'shared',
      bpmnOf('shared', [userTask('a', 'A', { candidateUsers: 'staff01,manager01' }), flow('start', 'a'), flow('a', 'end')]),
    );
    for (let round = 0; round < 4; round++) {
      const instance = await start(admin, 'shared');
      const [task] = await openTasks(instance.id);
      const [completed, claimed] = await Promise.all([
        call(staffTokens, 'POST', `/tasks/${task.id}/complete`, {}),
        call(managerTokens, 'POST', `/tasks/${task.id}/claim`),
      ]);
      expect([completed.statusCode, claimed.statusCode].sort()).toEqual([200, 409]);
      const row = await t.context.db
        .selectFrom('bpm_task')
        .select(['status', 'assignee', 'completed_by'])
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      if (completed.statusCode === 200) expect(row).toMatchObject({ status: 'closed', completed_by: 'staff01', assignee: 'staff01' });
      else {
        // Refused before the engine ran (the claim was in) or at commit (it landed meanwhile).
        expect([
          'The task has been claimed by manager01',
          'Someone else claimed or handled the task meanwhile; reload and try again',
        ]).toContain(completed.json().message);
        expect(row).toMatchObject({ status: 'open', assignee: 'manager01' });
      }
    }
  });

  it('hangs up, recovers, terminates and deletes only as the transition table allows, with the reason', async () => {
    const instance = await start(admin, 'race');
    expect((await call(admin, 'POST', `/instances/${instance.id}/activate`)).json()).toMatchObject({
      code: 409,
      message: 'Only a suspended instance can be recovered',
    });
    await data(admin, 'POST', `/instances/${instance.id}/suspend`);
    const [task] = await openTasks(instance.id);
    expect((await call(admin, 'POST', `/tasks/${task.id}/complete`, {})).statusCode).toBe(409);
    const again = await call(admin, 'POST', `/instances/${instance.id}/suspend`, undefined, 'zh');
    expect(again.json()).toMatchObject({ code: 409, message: '只有运行中的流程实例可以挂起' });
    expect((await call(admin, 'POST', '/instances/delete', { ids: [instance.id] })).statusCode).toBe(409);
    await data(admin, 'POST', `/instances/${instance.id}/activate`);
    await data(admin, 'POST', `/instances/${instance.id}/terminate`);
    expect((await call(admin, 'POST', `/instances/${instance.id}/activities/a/interrupt`)).json().message).toBe(
      'A terminated or completed activity cannot be interrupted',
    );
    await data(admin, 'POST', '/instances/delete', { ids: [instance.id] });
    expect((await call(admin, 'GET', `/instances/${instance.id}`)).statusCode).toBe(404);
  });

  it('recalls a task while the next is untouched, and returns a task to an earlier one', async () => {
    await release(
      'handover',
      bpmnOf('handover', [
        userTask('first', 'First', { assignee: 'sysadmin' }),
        userTask('second', 'Second', { candidateUsers: 'staff01,manager01' }),
        flow('start', 'first'),
        flow('first', 'second'),
        flow('second', 'end'),
      ]),
    );
    const instance = await start(admin, 'handover');
    const [first] = await openTasks(instance.id);
    await data(admin, 'POST', `/tasks/${first.id}/complete`);
    await data(admin, 'POST', `/tasks/${first.id}/recall`);
    const [firstAgain] = await openTasks(instance.id);
    expect(firstAgain).toMatchObject({ activityId: 'first', assignee: 'sysadmin' });
    await data(admin, 'POST', `/tasks/${firstAgain.id}/complete`);
    const [second] = await openTasks(instance.id);
    await data(managerTokens, 'POST', `/tasks/${second.id}/claim`);
    expect((await call(admin, 'POST', `/tasks/${firstAgain.id}/recall`)).json().message).toBe(
      'The next task has already been touched, so it cannot be recalled',
    );
    // Re-assign, cancel the assignment, then return to the first task.
    await data(managerTokens, 'POST', `/tasks/${second.id}/assignee`, { userName: 'staff01' });
    await data(staffTokens, 'POST', `/tasks/${second.id}/unclaim`);
    expect((await data(managerTokens, 'GET', '/tasks/todo')).records.map((task: { id: number }) => task.id)).toContain(second.id);
    await data(managerTokens, 'POST', `/tasks/${second.id}/return`, { activityId: 'first', comment: 'incomplete' });
    const open = await openTasks(instance.id);
    expect(open.map((task: { activityId: string }) => task.activityId)).toEqual(['first']);
  });

  it('fires a timer from the database after a restart, and carries on an instance in a new app', async () => {
    await release(
      'waiting',
      bpmnOf('waiting', [
        timerEvent('pause', 'PT1H'),
        userTask('after', 'After', { assignee: 'sysadmin' }),
        flow('start', 'pause'),
        flow('pause', 'after'),
        flow('after', 'end'),
      ]),
    );
    const instance = await start(admin, 'waiting');
    expect(await openTasks(instance.id)).toEqual([]);
    t = await restartTestApp(t);
    admin = await signIn(t.app, sysadmin);
    const runtime = new RuntimeService(t.context, new FormService(t.context));
    const scheduler = new TimerScheduler(t.context, runtime, (error) => {
      throw error;
    });
    expect(await scheduler.poll()).toBe(0);
    t.clock.advance(2 * 3_600_000);
    expect(await scheduler.poll()).toBe(1);
    // Access tokens last an hour: the clock moved past them.
    admin = await signIn(t.app, sysadmin);
    managerTokens = await signIn(t.app, manager);
    staffTokens = await signIn(t.app, staff);
    const [after] = await openTasks(instance.id);
    expect(after).toMatchObject({ activityId: 'after' });
    await data(admin, 'POST', `/tasks/${after.id}/complete`);
    expect((await data(admin, 'GET', `/instances/${instance.id}`)).state).toBe('completed');
  });

  it('calls a service task’s endpoint only when the allow-list admits it', async () => {
    const received: string[] = [];
    const server: Server = createServer((request, response) => {
      request.on('data', (chunk) => received.push(String(chunk)));
      request.on('end', () => response.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      await release(
        'service',
        bpmnOf('service', [
          `<serviceTask id="notify" name="Notify"><extensionElements><camunda:properties><camunda:property name="url" value="${url}"/></camunda:properties></extensionElements></serviceTask>`,
          flow('start', 'notify'),
          flow('notify', 'end'),
        ]),
      );
      const refused = await call(admin, 'POST', '/instances', { definitionKey: 'service', variables: { x: 1 } });
      expect(refused.statusCode).toBe(403);
      const settings = await readOutboundSettings(t.context.db);
      await writeOutboundSettings(t.context.db, { ...settings, allowList: ['127.0.0.1'] });
      const instance = await start(admin, 'service', { x: 1 });
      expect(instance.state).toBe('completed');
      expect(JSON.parse(received.join(''))).toMatchObject({ activityId: 'notify', variables: { x: 1 } });
    } finally {
      server.close();
    }
  });

  it('refuses bad values of a form-keyed task with 422 and takes good ones as variables', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms',
      headers: bearer(admin),
      payload: {
        name: 'Leave',
        description: '',
        field: {
          fields: [
            { key: 'days', label: { zh: '天数', en: 'Days' }, kind: 'number', required: true, validators: [{ rule: 'min', value: 1 }] },
          ],
        },
        action: '',
        url: '',
        modelName: 'leave_form',
      },
    });
    const formId = form.json().data.id;
    await t.app.inject({ method: 'POST', url: `/api/admin/forms/${formId}/publish`, headers: bearer(admin) });
    await release(
      'formed',
      bpmnOf('formed', [
        userTask('fill', 'Fill', { assignee: 'sysadmin', formKey: `form:${formId}` }),
        flow('start', 'fill'),
        flow('fill', 'end'),
      ]),
    );
    const instance = await start(admin, 'formed');
    const [task] = await openTasks(instance.id);
    expect(task).toMatchObject({ formId, formVersion: 1 });
    const bad = await call(admin, 'POST', `/tasks/${task.id}/complete`, { values: { days: 0 } });
    expect(bad.statusCode).toBe(422);
    await data(admin, 'POST', `/tasks/${task.id}/complete`, { values: { days: 3 } });
    expect((await data(admin, 'GET', `/instances/${instance.id}`)).variables).toMatchObject({ days: 3 });
  });

  it('lets only participants start a definition that has them, and reports statistics per month', async () => {
    await data(admin, 'POST', '/participants', { definitionKey: 'approval', kind: 'role', ref: 'bpm_manager' });
    expect((await call(staffTokens, 'POST', '/instances', { definitionKey: 'approval' })).statusCode).toBe(403);
    expect((await data(managerTokens, 'GET', '/tasks/startable')).map((definition: { key: string }) => definition.key)).toContain(
      'approval',
    );
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    const figures = await data(admin, 'GET', `/statistics?from=${month}&to=${month}&definitionKey=approval`);
    expect(figures.definitions[0]).toMatchObject({ definitionKey: 'approval', month, started: 1, ended: 1 });
    expect(figures.activities.map((row: { activityId: string }) => row.activityId)).toEqual(['apply', 'approve']);
  });
});
