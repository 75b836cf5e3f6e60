import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWorker } from '../src/bootstrap/demoExternalWorker.ts';
import { instanceIncidents } from '../src/modules/bpm/incidents.ts';
import { bpmCalls, bpmnOf, flow, userTask } from './bpmModels.ts';
import { bearer, createTestApp, restartTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const invoiceXml = fs.readFileSync(new URL('./bpmn/camunda/invoice_external.bpmn', import.meta.url), 'utf8');

/** The one item a call answered with; none fails the test here rather than later. */
function first<T>(items: T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('nothing was answered');
  return item;
}

const basicOf = (account: { userName: string; password: string }) => ({
  authorization: `Basic ${Buffer.from(`${account.userName}:${account.password}`).toString('base64')}`,
});

/**
 * Camunda 7's REST surface under /engine-rest as integrations call it: Camunda's answers and error shapes,
 * typed variables checked both ways, lock ownership, incidents from failures and uncaught BPMN errors,
 * starting by key, user tasks, messages and signals, with the caller's grants checked by the one guard.
 */
describe(`Camunda REST under /engine-rest (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const { data, release } = bpmCalls(
    () => t,
    () => admin,
  );
  const rest = (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = basicOf(sysadmin)) =>
    t.app.inject({ method, url: `/engine-rest${url}`, payload, headers: { 'accept-language': 'en', ...headers } });
  const startInvoice = async (variables: object = {}, businessKey = 'INV-1') => {
    const response = await rest('POST', '/process-definition/key/invoice_external/start', { businessKey, variables });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; definitionId: string; businessKey: string; ended: boolean };
  };
  const fetchAndLock = async (workerId: string, topic: Record<string, unknown> = {}, extra: object = {}) => {
    const response = await rest('POST', '/external-task/fetchAndLock', {
      workerId,
      maxTasks: 10,
      topics: [{ topicName: 'invoice-charge', lockDuration: 60_000, ...topic }],
      ...extra,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<Record<string, unknown> & { id: string; processInstanceId: string }>;
  };
  const instance = (id: string) => data(admin, 'GET', `/instances/${id}`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    await release('invoice_external', invoiceXml);
    await release(
      'low_charge',
      bpmnOf('low_charge', [
        '<serviceTask id="charge" name="Charge" camunda:type="external" camunda:topic="invoice-charge" camunda:taskPriority="1" />',
        flow('start', 'charge'),
        flow('charge', 'end'),
      ]),
    );
    await release(
      'shipment_message',
      bpmnOf('shipment_message', [
        '<intermediateCatchEvent id="waitShipped" name="Shipped"><messageEventDefinition messageRef="Message_shipped" /></intermediateCatchEvent>',
        userTask('confirm', 'Confirm delivery', { candidateUsers: 'sysadmin' }),
        flow('start', 'waitShipped'),
        flow('waitShipped', 'confirm'),
        flow('confirm', 'end'),
      ]).replace('<process ', '<message id="Message_shipped" name="shipped" /><process '),
    );
  });
  afterAll(async () => t.close());

  it('answers who may call: 401 in Camunda’s shape without or with wrong credentials, 403 without the grant, Basic and bearer with it', async () => {
    const none = await rest('GET', '/external-task', undefined, {});
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="default"');
    expect(none.json()).toEqual({ type: 'AuthenticationException', message: expect.any(String) });
    const wrong = await rest('GET', '/external-task', undefined, basicOf({ ...sysadmin, password: 'not-the-password' }));
    expect(wrong.statusCode).toBe(401);
    const staffCall = await rest('POST', '/external-task/fetchAndLock', { workerId: 'w', topics: [] }, basicOf(staff));
    expect(staffCall.statusCode).toBe(403);
    expect(staffCall.json()).toMatchObject({ type: 'AuthorizationException' });
    const withBearer = await rest('GET', '/version', undefined, bearer(admin));
    expect(withBearer.statusCode).toBe(200);
    // camunda-external-task-client-js parses a body only under exactly this media type.
    expect(withBearer.headers['content-type']).toBe('application/json');
    expect(withBearer.json()).toEqual({ version: expect.stringMatching(/^7\./) });
    expect((await rest('GET', '/engine')).json()).toEqual([{ name: 'default' }]);
  });

  it('lets a worker role with only externalTask:work fetch tasks and nothing else, and locks out guessed Basic passwords', async () => {
    const admin_ = { ...bearer(admin), 'accept-language': 'en' };
    const post = async (url: string, payload: object, method: InjectOptions['method'] = 'POST') => {
      const response = await t.app.inject({ method, url, payload, headers: admin_ });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const account = await post('/api/admin/accounts', {
      userName: 'invoice_worker',
      name: 'Invoice worker',
      password: 'Right@2026',
      confirmPassword: 'Right@2026',
      organId: null,
      maxSessionNumber: -1,
    });
    const role = await post('/api/admin/roles', {
      roleCode: 'invoice_workers',
      roleName: 'Invoice workers',
      positionType: '',
      roleScope: 'global',
    });
    const [work] = await t.context.db.selectFrom('pf_operation').select('id').where('operation_code', '=', 'externalTask:work').execute();
    await post(`/api/admin/roles/${role.id}/operations`, { operationIds: [work?.id] }, 'PUT');
    await post('/api/admin/roles/authorise', { accountIds: [account.id], roleIds: [role.id], revoke: false });
    // Guesses from another address (first: a checked password is trusted for a minute) lock the account there, as the sign-in page's do; the owner's address still works.
    const fromStranger = (password: string) =>
      t.app.inject({
        method: 'GET',
        url: '/engine-rest/external-task',
        remoteAddress: '10.0.0.66',
        headers: basicOf({ userName: 'invoice_worker', password }),
      });
    for (let n = 0; n < 6; n++) expect((await fromStranger(`Wrong@${n}`)).statusCode).toBe(401);
    expect((await fromStranger('Right@2026')).statusCode).toBe(401);
    const worker = { userName: 'invoice_worker', password: 'Right@2026' };
    expect((await rest('POST', '/external-task/fetchAndLock', { workerId: 'w', topics: [] }, basicOf(worker))).statusCode).toBe(200);
    expect((await rest('POST', '/process-definition/key/invoice_external/start', {}, basicOf(worker))).statusCode).toBe(403);
    expect((await rest('GET', '/task', undefined, basicOf(worker))).statusCode).toBe(403);
  });

  it('starts by key with typed variables and refuses a value that does not fit its type, starting nothing', async () => {
    const before = (await data(admin, 'GET', '/instances?definitionKey=invoice_external&limit=100')).total;
    const bad = await rest('POST', '/process-definition/key/invoice_external/start', {
      variables: { amount: { value: 'twelve', type: 'Integer' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ type: 'InvalidRequestException', message: 'Variable amount: the value does not match its type Integer' });
    const unknownType = await rest('POST', '/process-definition/key/invoice_external/start', {
      variables: { payload: { value: 'rO0AB', type: 'Object' } },
    });
    expect(unknownType.statusCode).toBe(400);
    const unknownKey = await rest('POST', '/process-definition/key/no_such_process/start', {});
    expect(unknownKey.statusCode).toBe(404);
    expect(unknownKey.json()).toMatchObject({ type: 'NotFoundException' });
    expect((await data(admin, 'GET', '/instances?definitionKey=invoice_external&limit=100')).total).toBe(before);

    const started = await startInvoice(
      {
        amount: { value: 120, type: 'Integer' },
        big: { value: 9_000_000_000, type: 'Long' },
        rate: { value: 0.25, type: 'Double' },
        vip: { value: true, type: 'Boolean' },
        customer: { value: 'ACME', type: 'String' },
        address: { value: '{"city":"Hangzhou"}', type: 'Json' },
        dueOn: { value: '2026-12-01T00:00:00.000+0800', type: 'Date' },
        nothing: { value: null, type: 'Null' },
      },
      'INV-typed',
    );
    expect(started).toMatchObject({ businessKey: 'INV-typed', ended: false, definitionId: expect.stringContaining('invoice_external') });
    const locked = first(await fetchAndLock('typed-worker', { businessKey: 'INV-typed' }));
    expect(locked).toMatchObject({
      processInstanceId: started.id,
      businessKey: 'INV-typed',
      topicName: 'invoice-charge',
      activityId: 'charge',
      workerId: 'typed-worker',
      priority: 20,
      retries: null,
    });
    expect(locked.variables).toMatchObject({
      amount: { value: 120, type: 'Integer' },
      big: { value: 9_000_000_000, type: 'Long' },
      rate: { value: 0.25, type: 'Double' },
      vip: { value: true, type: 'Boolean' },
      customer: { value: 'ACME', type: 'String' },
      address: { value: '{"city":"Hangzhou"}', type: 'Json' },
      dueOn: { value: '2026-11-30T16:00:00.000Z', type: 'String' },
      nothing: { value: null, type: 'Null' },
    });
    // Only the variables the worker names, when it names some.
    await rest('POST', `/external-task/${locked.id}/unlock`);
    const named = first(await fetchAndLock('typed-worker', { businessKey: 'INV-typed', variables: ['amount'] }));
    expect(Object.keys(named.variables as object)).toEqual(['amount']);
  });

  it('keeps a lock to its worker: another worker’s commands answer 400 BadUserRequestException and change nothing', async () => {
    const started = await startInvoice({}, 'INV-lock');
    const task = first(await fetchAndLock('owner', { businessKey: 'INV-lock' }));
    expect(await fetchAndLock('intruder', { businessKey: 'INV-lock' })).toEqual([]);
    for (const [path, payload] of [
      ['complete', { workerId: 'intruder' }],
      ['failure', { workerId: 'intruder', errorMessage: 'x', retries: 0, retryTimeout: 0 }],
      ['bpmnError', { workerId: 'intruder', errorCode: 'CARD_DECLINED' }],
      ['extendLock', { workerId: 'intruder', newDuration: 1000 }],
    ] as const) {
      const refused = await rest('POST', `/external-task/${task.id}/${path}`, payload);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json(), path).toMatchObject({ type: 'BadUserRequestException', message: expect.stringContaining('intruder') });
    }
    expect((await rest('POST', `/external-task/${task.id}/extendLock`, { workerId: 'owner', newDuration: -1 })).statusCode).toBe(400);
    expect((await rest('POST', '/external-task/no-such-task/complete', { workerId: 'owner' })).json()).toMatchObject({
      type: 'NotFoundException',
    });
    expect((await rest('POST', '/external-task/no-such-task/complete', { workerId: 'owner' })).statusCode).toBe(404);
    expect((await instance(started.id)).state).toBe('running');
    const [same] = (await rest('GET', `/external-task?processInstanceId=${started.id}`)).json();
    expect(same).toMatchObject({ id: task.id, workerId: 'owner', retries: null, locked: true });
    // Unlocked, another worker may take it.
    expect((await rest('POST', `/external-task/${task.id}/unlock`)).statusCode).toBe(204);
    expect(await fetchAndLock('intruder', { businessKey: 'INV-lock' })).toEqual([expect.objectContaining({ id: task.id })]);
  });

  it('refuses malformed requests naming the field, in Camunda’s error shape', async () => {
    const noWorker = await rest('POST', '/external-task/fetchAndLock', { topics: [] });
    expect(noWorker.statusCode).toBe(400);
    expect(noWorker.json()).toMatchObject({ type: 'InvalidRequestException', message: expect.stringContaining('workerId') });
    const negative = await rest('POST', '/external-task/fetchAndLock', { workerId: 'w', topics: [{ topicName: 't', lockDuration: -5 }] });
    expect(negative.statusCode).toBe(400);
    const badQuery = await rest('GET', '/external-task?processInstanceId=abc');
    expect(badQuery.statusCode).toBe(400);
  });

  it('stops at the task with an incident when no boundary event catches a BPMN error, and retries set again resolve it', async () => {
    const started = await startInvoice({}, 'INV-uncaught');
    const task = first(await fetchAndLock('w1', { businessKey: 'INV-uncaught' }));
    const thrown = await rest('POST', `/external-task/${task.id}/bpmnError`, {
      workerId: 'w1',
      errorCode: 'NOT_MODELLED',
      errorMessage: 'odd',
    });
    expect(thrown.statusCode).toBe(204);
    const [incident] = await instanceIncidents(t.context.db, Number(started.id));
    expect(incident).toMatchObject({
      elementId: 'charge',
      kind: 'externalTask',
      state: 'open',
      message: expect.stringContaining('NOT_MODELLED'),
    });
    expect(await fetchAndLock('w1', { businessKey: 'INV-uncaught' })).toEqual([]);
    expect((await rest('GET', `/external-task?processInstanceId=${started.id}&noRetriesLeft=true`)).json()).toHaveLength(1);

    expect((await rest('PUT', `/external-task/${task.id}/retries`, { retries: 2 })).statusCode).toBe(204);
    expect((await instanceIncidents(t.context.db, Number(started.id)))[0]).toMatchObject({ state: 'resolved', resolvedBy: 'sysadmin' });
    const again = first(await fetchAndLock('w2', { businessKey: 'INV-uncaught' }));
    expect(again).toMatchObject({ id: task.id, retries: 2 });
    // Completed now, the instance reaches the user task and the external task is gone.
    const completed = await rest('POST', `/external-task/${task.id}/complete`, {
      workerId: 'w2',
      variables: { paid: { value: true, type: 'Boolean' } },
    });
    expect(completed.statusCode).toBe(204);
    expect((await rest('GET', `/external-task/${task.id}`)).statusCode).toBe(404);
    expect((await instance(started.id)).variables).toMatchObject({ paid: true });
  });

  it('holds a fetch until a task comes, or answers nothing when its time is up', async () => {
    const held = rest('POST', '/external-task/fetchAndLock', {
      workerId: 'patient',
      maxTasks: 1,
      asyncResponseTimeout: 10_000,
      topics: [{ topicName: 'invoice-charge', lockDuration: 1000, businessKey: 'INV-later' }],
      // Sent now, before the instance exists (an injected request is sent when awaited).
    }).then((response) => response);
    const started = await startInvoice({}, 'INV-later');
    const answer = await held;
    expect(answer.json()).toEqual([expect.objectContaining({ processInstanceId: started.id })]);
    const empty = await rest('POST', '/external-task/fetchAndLock', {
      workerId: 'patient',
      asyncResponseTimeout: 300,
      topics: [{ topicName: 'no-such-topic', lockDuration: 1000 }],
    });
    expect(empty.json()).toEqual([]);
  });

  it('hands out the highest priority first with usePriority, the oldest first without', async () => {
    const low = (await rest('POST', '/process-definition/key/low_charge/start', { businessKey: 'PRIO' })).json();
    t.clock.advance(1000);
    const high = await startInvoice({}, 'PRIO');
    const topic = { businessKey: 'PRIO', lockDuration: 1 };
    const byPriority = await fetchAndLock('p', topic, { maxTasks: 1, usePriority: true });
    expect(byPriority.map((task) => task.processInstanceId)).toEqual([high.id]);
    t.clock.advance(10);
    const byAge = await fetchAndLock('p', topic, { maxTasks: 1, usePriority: false });
    expect(byAge.map((task) => task.processInstanceId)).toEqual([low.id]);
  });

  it('keeps a waiting external task across a restart: a worker completes it on the new process', async () => {
    const started = await startInvoice({ amount: { value: 7, type: 'Integer' } }, 'INV-restart');
    t = await restartTestApp(t);
    const task = first(await fetchAndLock('after-restart', { businessKey: 'INV-restart' }));
    expect(task.variables).toMatchObject({ amount: { value: 7, type: 'Integer' } });
    expect((await rest('POST', `/external-task/${task.id}/complete`, { workerId: 'after-restart' })).statusCode).toBe(204);
    expect((await instance(started.id)).tasks).toEqual([expect.objectContaining({ activityId: 'review', status: 'open' })]);
  });

  it('seeds the demo’s invoices: one a worker completed, one waiting for worker01 on topic demo-invoice', async () => {
    const worker = basicOf(demoWorker);
    const waiting = (await rest('GET', '/external-task?topicName=demo-invoice', undefined, worker)).json();
    expect(waiting).toEqual([expect.objectContaining({ businessKey: 'FP-2026-0002', activityId: 'issueInvoice', locked: false })]);
    const issued = await data(admin, 'GET', '/instances?definitionKey=demo_invoice&businessKey=FP-2026-0001&limit=5');
    const detail = await instance(String(issued.records[0].id));
    expect(detail.variables).toMatchObject({ invoiceNumber: '33010026110001', customer: expect.any(String) });
    expect(detail.tasks).toEqual([expect.objectContaining({ activityId: 'sendInvoice', status: 'open', assignee: 'sysadmin' })]);
    const fetched = await rest(
      'POST',
      '/external-task/fetchAndLock',
      { workerId: 'demo', maxTasks: 5, topics: [{ topicName: 'demo-invoice', lockDuration: 1 }] },
      worker,
    );
    expect(fetched.json()).toMatchObject([{ businessKey: 'FP-2026-0002', variables: { amount: { value: 5600, type: 'Integer' } } }]);
  });

  it('gives the task a retry when monitoring resolves its incident, so a worker fetches it again', async () => {
    const started = await startInvoice({}, 'INV-resolved');
    const task = first(await fetchAndLock('w', { businessKey: 'INV-resolved' }));
    await rest('POST', `/external-task/${task.id}/failure`, { workerId: 'w', errorMessage: 'printer jammed', retries: 0, retryTimeout: 0 });
    const incident = first(await instanceIncidents(t.context.db, Number(started.id)));
    expect(incident).toMatchObject({ kind: 'externalTask', message: 'printer jammed', state: 'open' });
    expect(await fetchAndLock('w', { businessKey: 'INV-resolved' })).toEqual([]);
    await data(admin, 'POST', `/incidents/${incident.id}/resolve`);
    expect(await fetchAndLock('w', { businessKey: 'INV-resolved' })).toEqual([expect.objectContaining({ id: task.id, retries: 1 })]);
  });

  it('forgets the external tasks of an instance that was terminated', async () => {
    const started = await startInvoice({}, 'INV-terminated');
    const task = first(await fetchAndLock('w', { businessKey: 'INV-terminated' }));
    await data(admin, 'POST', `/instances/${started.id}/terminate`);
    expect((await rest('GET', `/external-task?processInstanceId=${started.id}`)).json()).toEqual([]);
    expect((await rest('POST', `/external-task/${task.id}/complete`, { workerId: 'w' })).statusCode).toBe(404);
  });

  it('queries, claims and completes user tasks, claiming only for the caller', async () => {
    const started = await startInvoice({}, 'INV-review');
    const task = first(await fetchAndLock('w', { businessKey: 'INV-review' }));
    await rest('POST', `/external-task/${task.id}/complete`, { workerId: 'w' });
    const listed = (await rest('GET', `/task?processInstanceId=${started.id}`)).json();
    expect(listed).toEqual([
      expect.objectContaining({
        name: 'Review the receipt',
        assignee: 'sysadmin',
        taskDefinitionKey: 'review',
        processInstanceId: started.id,
      }),
    ]);
    expect((await rest('GET', '/task?assignee=nobody_here')).json()).toEqual([]);
    const forOther = await rest('POST', `/task/${listed[0].id}/claim`, { userId: 'staff01' });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toMatchObject({ type: 'AuthorizationException' });
    expect((await rest('POST', `/task/${listed[0].id}/claim`, { userId: 'sysadmin' })).statusCode).toBe(204);
    const done = await rest('POST', `/task/${listed[0].id}/complete`, {
      variables: { note: { value: 'ok', type: 'String' } },
      withVariablesInReturn: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ note: { value: 'ok', type: 'String' } });
    expect((await instance(started.id)).state).toBe('completed');
  });

  it('correlates messages and broadcasts signals with Camunda’s bodies', async () => {
    const started = (await rest('POST', '/process-definition/key/shipment_message/start', { businessKey: 'SHIP-1' })).json();
    const nobody = await rest('POST', '/message', { messageName: 'never-sent' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ type: expect.any(String), message: expect.any(String) });
    const correlated = await rest('POST', '/message', {
      messageName: 'shipped',
      businessKey: 'SHIP-1',
      processVariables: { carrier: { value: 'SF', type: 'String' } },
      resultEnabled: true,
    });
    expect(correlated.statusCode).toBe(200);
    expect(correlated.json()).toEqual([expect.objectContaining({ resultType: 'Execution' })]);
    const detail = await instance(started.id);
    expect(detail.variables).toMatchObject({ carrier: 'SF' });
    expect(detail.tasks).toEqual([expect.objectContaining({ activityId: 'confirm', status: 'open' })]);
    expect((await rest('POST', '/signal', { name: 'nobody-listens' })).statusCode).toBe(204);
  });
});
