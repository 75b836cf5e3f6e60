// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWorkflowAccounts } from '../src/bootstrap/demoWorkflow.ts';
import { readOutboundSettings, writeOutboundSettings } from '../src/modules/alarms/outboundSettings.ts';
import { RuntimeService } from '../src/modules/bpm/runtimeService.ts';
import { TimerScheduler } from '../src/modules/bpm/timerScheduler.ts';
import { FormService } from '../src/modules/forms/formService.ts';
import { markDays } from '../src/modules/platform/workCalendar/workCalendar.ts';
import { bpmCalls, bpmnOf, flow, timerEvent, userTask } from './bpmModels.ts';
import { createTestApp, restartTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const hour = 3_600_000;

/**
 * The workflow beyond the happy path: the demo's leave approval, the task diagram and pickers, listeners,
 * plugin buttons, working-day due dates, sub-processes and a boundary timer across a restart.
 */
describe(`workflow events and lookups (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let staffTokens: Tokens;
  let managerTokens: Tokens;
  let directorTokens: Tokens;

  const { call, data, release, start, tasksOf, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );
  const signInAll = async () => {
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    managerTokens = await signIn(t.app, demoWorkflowAccounts.manager);
    directorTokens = await signIn(t.app, demoWorkflowAccounts.director);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await signInAll();
  });
  afterAll(async () => t.close());

  it('seeds the leave approval with instances in every state, made by the engine', async () => {
    const instances = await data(admin, 'GET', '/instances?definitionKey=leave_approval&limit=20');
    const states = instances.records.map((instance: { state: string }) => instance.state).sort();
    expect(states).toEqual(['completed', 'completed', 'running', 'running', 'suspended', 'terminated']);
    // staff01 applies with the demo's leave-request form; a five-day request waits for the director.
    const directorTodo = await data(directorTokens, 'GET', '/tasks/todo');
    expect(directorTodo.records).toEqual([expect.objectContaining({ activityId: 'directorApprove', businessKey: 'QJ-2026-0105' })]);
    const detail = await data(admin, 'GET', `/instances/${directorTodo.records[0].instanceId}`);
    expect(detail.variables).toMatchObject({ initiator: 'staff01', days: 5, approved: true });
    expect((await data(staffTokens, 'GET', '/tasks/startable')).map((definition: { key: string }) => definition.key)).toContain(
      'leave_approval',
    );
  });

  it('shows a task’s diagram only to who may see the task, and 404 to anyone else', async () => {
    const [waiting] = (await data(directorTokens, 'GET', '/tasks/todo')).records;
    const diagram = await data(directorTokens, 'GET', `/tasks/${waiting.id}/diagram`);
    expect(diagram.active).toEqual(['directorApprove']);
    expect(diagram.completed).toEqual(expect.arrayContaining(['start', 'apply', 'managerApprove']));
    expect(diagram.bpmn20Xml).toContain('leave_approval');
    const tasks = await tasksOf(waiting.instanceId);
    const managed = tasks.find((task: { activityId: string }) => task.activityId === 'managerApprove');
    const applied = tasks.find((task: { activityId: string }) => task.activityId === 'apply');
    expect((await call(managerTokens, 'GET', `/tasks/${managed.id}/diagram`)).statusCode).toBe(200);
    expect((await call(staffTokens, 'GET', `/tasks/${applied.id}/diagram`)).statusCode).toBe(200);
    expect((await call(staffTokens, 'GET', `/tasks/${waiting.id}/diagram`)).statusCode).toBe(404);
    expect((await call(managerTokens, 'GET', `/tasks/${waiting.id}/diagram`)).statusCode).toBe(404);
    expect((await call(staffTokens, 'GET', '/tasks/999999/diagram')).statusCode).toBe(404);
  });

  it('offers accounts by user name and roles by code to the modeller, and accounts to re-assign to', async () => {
    expect(await data(admin, 'GET', '/models/lookup/accounts?text=manager')).toEqual([{ value: 'manager01', label: '王磊' }]);
    const roles = await data(admin, 'GET', '/models/lookup/roles?text=leave_&limit=5');
    expect(roles.map((role: { value: string }) => role.value).sort()).toEqual(['leave_applicant', 'leave_director', 'leave_manager']);
    expect((await call(staffTokens, 'GET', '/models/lookup/accounts')).statusCode).toBe(403);
    expect((await call(staffTokens, 'GET', '/models/lookup/roles')).statusCode).toBe(403);
    const assignable = await data(managerTokens, 'GET', '/tasks/lookup/accounts?text=staff');
    expect(assignable).toEqual([{ value: 'staff01', label: '张婷' }]);
    expect((await call(staffTokens, 'GET', '/tasks/lookup/accounts')).statusCode).toBe(403);
  });

  it('completes with a plugin button’s variables, and refuses a button the task does not offer', async () => {
    await release(
      'buttons',
      bpmnOf('buttons', [
        userTask('decide', 'Decide', { assignee: 'sysadmin', buttons: 'agree,reject' }),
        flow('start', 'decide'),
        flow('decide', 'end'),
      ]),
    );
    const instance = await start(admin, 'buttons');
    const [task] = await openTasks(instance.id);
    expect((await data(admin, 'GET', `/tasks/${task.id}`)).buttons.map((button: { code: string }) => button.code)).toEqual([
      'agree',
      'reject',
    ]);
    expect((await call(admin, 'POST', `/tasks/${task.id}/complete`, { button: 'nope' })).statusCode).toBe(400);
    await data(admin, 'POST', `/tasks/${task.id}/complete`, { button: 'reject' });
    expect(await data(admin, 'GET', `/instances/${instance.id}`)).toMatchObject({ state: 'completed', variables: { approved: false } });
    expect((await tasksOf(instance.id))[0]).toMatchObject({ button: 'reject', outcome: 'completed' });
  });

  it('counts due dates in working days of the starter’s work calendar', async () => {
    const organ = await t.context.db.selectFrom('iam_organ').select('id').where('organ_code', '=', 'QM_TECH').executeTakeFirstOrThrow();
    // The test clock is Sunday 2026-11-22 08:00 UTC; Monday and Tuesday are holidays of staff01's organ.
    await markDays(t.context.db, organ.id, ['2026-11-23', '2026-11-24'], false);
    await release(
      'due',
      bpmnOf('due', [userTask('work', 'Work', { assignee: '${initiator}', dueDate: 'P2D' }), flow('start', 'work'), flow('work', 'end')]),
    );
    const [task] = await openTasks((await start(staffTokens, 'due')).id);
    expect(new Date(task.dueAt).toISOString()).toBe('2026-11-26T08:00:00.000Z');
  });

  it('runs a sub-process to its end and the process on after it', async () => {
    await release(
      'nested',
      bpmnOf('nested', [
        `<subProcess id="sub" name="Sub"><startEvent id="subStart"/>${userTask('inner', 'Inner', { assignee: 'sysadmin' })}<endEvent id="subEnd"/>${flow('subStart', 'inner')}${flow('inner', 'subEnd')}</subProcess>`,
        userTask('after', 'After', { assignee: 'sysadmin' }),
        flow('start', 'sub'),
        flow('sub', 'after'),
        flow('after', 'end'),
      ]),
    );
    const instance = await start(admin, 'nested');
    const [inner] = await openTasks(instance.id);
    expect(inner.activityId).toBe('inner');
    await data(admin, 'POST', `/tasks/${inner.id}/complete`);
    const [after] = await openTasks(instance.id);
    expect(after.activityId).toBe('after');
    await data(admin, 'POST', `/tasks/${after.id}/complete`);
    const detail = await data(admin, 'GET', `/instances/${instance.id}`);
    expect(detail.state).toBe('completed');
    expect(detail.activities.map((activity: { activityId: string }) => activity.activityId)).toEqual(
      expect.arrayContaining(['sub', 'subStart', 'inner', 'subEnd', 'after']),
    );
  });

  it('writes log entries and calls HTTP listeners only on the outbound allow-list', async () => {
    const received: string[] = [];
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/listener`;
    const logsOf = async (instanceId: number, count: number) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const logs = (await data(admin, 'GET', `/listeners/logs?instanceId=${instanceId}&limit=50`)).records;
        if (logs.length >= count) return logs;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('listener logs did not arrive');
    };
    try {
      await release(
        'heard',
        bpmnOf('heard', [userTask('first', 'First', { assignee: 'sysadmin' }), flow('start', 'first'), flow('first', 'end')]),
      );
      await data(admin, 'POST', '/listeners', { definitionKey: 'heard', scope: 'task', event: 'create', kind: 'log' });
      await data(admin, 'POST', '/listeners', { definitionKey: 'heard', scope: 'execution', event: 'end', kind: 'http', url });
      const run = async () => {
        const instance = await start(admin, 'heard', { amount: 7 });
        await data(admin, 'POST', `/tasks/${(await openTasks(instance.id))[0].id}/complete`);
        return instance.id;
      };

      const refused = await run();
      const refusedLogs = await logsOf(refused, 2);
      expect(refusedLogs.find((log: { event: string }) => log.event === 'create')).toMatchObject({ activityId: 'first' });
      expect(refusedLogs.find((log: { event: string }) => log.event === 'end').message).not.toMatch(/^HTTP/);
      expect(received).toEqual([]);

      const settings = await readOutboundSettings(t.context.db);
      await writeOutboundSettings(t.context.db, { ...settings, allowList: ['127.0.0.1'] });
      const called = await run();
      const calledLogs = await logsOf(called, 2);
      expect(calledLogs.find((log: { event: string }) => log.event === 'end').message).toBe('HTTP 200');
      expect(JSON.parse(received[0] ?? '{}')).toMatchObject({ instanceId: called, definitionKey: 'heard', event: 'end' });
    } finally {
      server.close();
    }
  });

  it('interrupts a waiting user task and a waiting timer: each path ends there, and the instance ends with the last', async () => {
    await release(
      'branches',
      bpmnOf('branches', [
        '<parallelGateway id="split" />',
        userTask('review', 'Review', { assignee: 'sysadmin' }),
        timerEvent('cooling', 'P1D'),
        flow('start', 'split'),
        flow('split', 'review'),
        flow('split', 'cooling'),
        flow('review', 'end'),
        flow('cooling', 'end'),
      ]),
    );
    const instance = await start(admin, 'branches');
    const interrupt = (activityId: string) => call(admin, 'POST', `/instances/${instance.id}/activities/${activityId}/interrupt`);
    expect((await interrupt('review')).statusCode).toBe(200);
    expect(await openTasks(instance.id)).toEqual([]);
    expect((await data(admin, 'GET', `/instances/${instance.id}`)).state).toBe('running');
    expect((await interrupt('cooling')).statusCode).toBe(200);
    const detail = await data(admin, 'GET', `/instances/${instance.id}`);
    expect(detail.state).toBe('completed');
    const states = Object.fromEntries(
      detail.activities.map((activity: { activityId: string; state: string }) => [activity.activityId, activity.state]),
    );
    expect(states).toMatchObject({ review: 'interrupted', cooling: 'interrupted' });
    expect(await t.context.db.selectFrom('bpm_timer').select('id').where('instance_id', '=', instance.id).execute()).toEqual([]);
    // An activity that is no longer active is refused with the reason, not a server error.
    expect((await interrupt('cooling')).json()).toMatchObject({
      code: 409,
      message: 'A terminated or completed activity cannot be interrupted',
    });
  });

  it('fires a boundary timer after a restart and takes the timer’s path', async () => {
    await release(
      'escalation',
      bpmnOf('escalation', [
        userTask('wait', 'Wait', { assignee: 'sysadmin' }),
        '<boundaryEvent id="late" attachedToRef="wait" cancelActivity="true"><timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT1H</timeDuration></timerEventDefinition></boundaryEvent>',
        userTask('escalated', 'Escalated', { assignee: 'sysadmin' }),
        flow('start', 'wait'),
        flow('wait', 'end'),
        flow('late', 'escalated'),
        flow('escalated', 'end'),
      ]),
    );
    const instance = await start(admin, 'escalation');
    expect((await openTasks(instance.id)).map((task: { activityId: string }) => task.activityId)).toEqual(['wait']);
    t = await restartTestApp(t);
    const scheduler = new TimerScheduler(t.context, new RuntimeService(t.context, new FormService(t.context)), (error) => {
      throw error;
    });
    expect(await scheduler.poll()).toBe(0);
    t.clock.advance(2 * hour);
    expect(await scheduler.poll()).toBe(1);
    await signInAll();
    const tasks = await tasksOf(instance.id);
    expect(tasks.map((task: { activityId: string; status: string }) => [task.activityId, task.status])).toEqual([
      ['wait', 'closed'],
      ['escalated', 'open'],
    ]);
    await data(admin, 'POST', `/tasks/${tasks[1].id}/complete`);
    expect((await data(admin, 'GET', `/instances/${instance.id}`)).state).toBe('completed');
  });
});
