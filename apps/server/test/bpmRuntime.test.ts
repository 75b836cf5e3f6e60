import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeService } from '../src/modules/bpm/runtimeService.ts';
import { TimerStartScheduler } from '../src/modules/bpm/timerStarts.ts';
import { FormService } from '../src/modules/forms/formService.ts';
import { bpmCalls, bpmnOf, flow, userTask } from './bpmModels.ts';
import { bearer, createTestApp, restartTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const model = (name: string) => readFileSync(new URL(`./bpmn/runtime/${name}.bpmn`, import.meta.url), 'utf8');

/**
 * The workflow's runtime with Camunda's semantics: messages correlate to exactly one waiting catch or message
 * start (or all of them when asked), signals reach every waiting catch and signal start, across a restart.
 */
describe(`workflow messages and signals (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let staffTokens: Tokens;
  const { call, data, release, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );
  const post = (tokens: Tokens, path: 'message' | 'signal', payload: object, language = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/bpm/${path}`, payload, headers: { ...bearer(tokens), 'accept-language': language } });
  const startWith = (definitionKey: string, businessKey: string, variables: object = {}) =>
    data(admin, 'POST', '/instances', { definitionKey, businessKey, variables });
  const waitingAt = async (instanceId: number) => (await openTasks(instanceId)).map((task: { activityId: string }) => task.activityId);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    for (const key of ['message_payment', 'message_start', 'signal_catch', 'signal_start']) await release(key, model(key));
  });
  afterAll(async () => t.close());

  it('seeds a demo that shows the runtime: an open and a retried incident, an order waiting for its payment, a finished call', async () => {
    const refunds = (await data(admin, 'GET', '/instances?definitionKey=demo_refund&limit=10')).records;
    const byKey = new Map(refunds.map((row: { businessKey: string; id: number }) => [row.businessKey, row.id]));
    const open = await data(admin, 'GET', `/instances/${byKey.get('TK-2026-0401')}`);
    expect(open.incidents).toEqual([expect.objectContaining({ elementId: 'route', kind: 'noFlow', state: 'open' })]);
    const retried = await data(admin, 'GET', `/instances/${byKey.get('TK-2026-0402')}`);
    expect(retried).toMatchObject({ state: 'completed', variables: expect.objectContaining({ amount: 80 }) });
    expect(retried.incidents).toEqual([expect.objectContaining({ state: 'resolved' })]);
    const orders = (await data(admin, 'GET', '/instances?definitionKey=demo_order&limit=10')).records;
    const waiting = orders.find((row: { businessKey: string }) => row.businessKey === 'DD-2026-0201');
    expect(waiting.state).toBe('running');
    const onboarding = (await data(admin, 'GET', '/instances?definitionKey=demo_onboarding&limit=10')).records[0];
    const detail = await data(admin, 'GET', `/instances/${onboarding.id}`);
    expect(detail.children).toEqual([expect.objectContaining({ definitionKey: 'demo_equipment', state: 'completed' })]);
    // The message the README names moves the waiting order on.
    const paid = await post(admin, 'message', { messageName: 'demo_payment_received', businessKey: 'DD-2026-0201' });
    expect(paid.json().data).toEqual([expect.objectContaining({ processInstanceId: waiting.id, resultType: 'Execution' })]);
    expect((await data(admin, 'GET', `/instances/${waiting.id}`)).state).toBe('completed');
  });

  it('correlates a message to the one receive task its business key names, refusing none or many as Camunda does', async () => {
    const first = await startWith('message_payment', 'ORDER-1', { orderId: 1 });
    const second = await startWith('message_payment', 'ORDER-2', { orderId: 2 });
    expect(first.state).toBe('running');
    expect(await waitingAt(first.id)).toEqual([]);

    const many = await post(admin, 'message', { messageName: 'paymentReceived' });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain("Cannot correlate a message with name 'paymentReceived' to a single execution. 2 executions");
    const none = await post(admin, 'message', { messageName: 'paymentReceived', businessKey: 'ORDER-9' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      "Cannot correlate message 'paymentReceived': No process definition or execution matches the parameters",
    );
    expect((await post(admin, 'message', { messageName: 'paymentReceived', correlationKeys: { orderId: 3 } })).statusCode).toBe(400);

    const correlated = await post(admin, 'message', {
      messageName: 'paymentReceived',
      businessKey: 'ORDER-1',
      processVariables: { paidAmount: 120 },
    });
    expect(correlated.statusCode).toBe(200);
    expect(correlated.json().data).toEqual([
      { resultType: 'Execution', processInstanceId: first.id, definitionKey: 'message_payment', elementId: 'waitPayment', incident: null },
    ]);
    expect(await waitingAt(first.id)).toEqual(['ship']);
    expect((await data(admin, 'GET', `/instances/${first.id}`)).variables).toMatchObject({ paidAmount: 120, orderId: 1 });
    // The other instance still waits; correlation keys find it among process variables.
    expect(await waitingAt(second.id)).toEqual([]);
    const byKey = await post(admin, 'message', { messageName: 'paymentReceived', correlationKeys: { orderId: 2 } });
    expect(byKey.json().data).toEqual([expect.objectContaining({ processInstanceId: second.id })]);

    // A message on the task's boundary interrupts it and takes the other path to its end.
    const cancelled = await post(admin, 'message', { messageName: 'orderCancelled', processInstanceId: second.id });
    expect(cancelled.statusCode).toBe(200);
    const detail = await data(admin, 'GET', `/instances/${second.id}`);
    expect(detail.state).toBe('completed');
    expect(detail.tasks).toEqual([expect.objectContaining({ activityId: 'ship', status: 'closed' })]);
    expect(detail.tasks[0].outcome).not.toBe('completed');
  });

  it('starts an instance of the process whose message start event the message names, with its variables', async () => {
    const started = await post(admin, 'message', { messageName: 'orderPlaced', businessKey: 'PO-7', processVariables: { sku: 'A-1' } });
    expect(started.statusCode).toBe(200);
    const [result] = started.json().data;
    expect(result).toMatchObject({ resultType: 'ProcessDefinition', definitionKey: 'message_start', elementId: 'placed', incident: null });
    const instance = await data(admin, 'GET', `/instances/${result.processInstanceId}`);
    expect(instance).toMatchObject({ businessKey: 'PO-7', state: 'running' });
    expect(instance.variables).toMatchObject({ sku: 'A-1' });
    expect(await waitingAt(result.processInstanceId)).toEqual(['handle']);
  });

  it('broadcasts a signal to every waiting catch and starts every signal start; after a restart too', async () => {
    const one = await startWith('signal_catch', 'S-1');
    const two = await startWith('signal_catch', 'S-2');
    expect(await waitingAt(one.id)).toEqual([]);
    t = await restartTestApp(t);
    admin = await signIn(t.app, sysadmin);
    const thrown = await post(admin, 'signal', { name: 'fireAlarm', variables: { floor: 3 } });
    expect(thrown.statusCode).toBe(200);
    const result = thrown.json().data;
    expect(result.delivered).toEqual([one.id, two.id]);
    expect(result.started).toHaveLength(1);
    expect(result.incidents).toEqual([]);
    expect(await waitingAt(one.id)).toEqual(['evacuate']);
    expect(await waitingAt(two.id)).toEqual(['evacuate']);
    expect((await data(admin, 'GET', `/instances/${one.id}`)).variables).toMatchObject({ floor: 3 });
    expect(await waitingAt(result.started[0])).toEqual(['report']);
    // Nothing waits any more: a second signal starts a new instance only.
    const again = (await post(admin, 'signal', { name: 'fireAlarm' })).json().data;
    expect(again.delivered).toEqual([]);
    expect(again.started).toHaveLength(1);
  });

  it('correlates a message to an instance waiting since before a restart, and to all with all', async () => {
    const a = await startWith('message_payment', 'BATCH', { batch: true });
    const b = await startWith('message_payment', 'BATCH', { batch: true });
    t = await restartTestApp(t);
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    const all = await post(admin, 'message', { messageName: 'paymentReceived', businessKey: 'BATCH', all: true });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((result: { processInstanceId: number }) => result.processInstanceId)).toEqual([a.id, b.id]);
    expect(await waitingAt(a.id)).toEqual(['ship']);
    expect(await waitingAt(b.id)).toEqual(['ship']);
  });

  it('offers a task nobody holds to the task administrators, who claim it, give it back and re-assign it from monitoring', async () => {
    await release('orphan_task', bpmnOf('orphan_task', [userTask('orphan', 'Orphan', {}), flow('start', 'orphan'), flow('orphan', 'end')]));
    const instance = await startWith('orphan_task', 'ORPHAN-1');
    const [task] = await openTasks(instance.id);
    const todoIds = async (tokens: Tokens) =>
      (await data(tokens, 'GET', '/tasks/todo?limit=100')).records.map((row: { id: number }) => row.id);
    expect(await todoIds(staffTokens)).not.toContain(task.id);
    expect((await call(staffTokens, 'POST', `/tasks/${task.id}/claim`)).statusCode).toBe(403);
    expect(await todoIds(admin)).toContain(task.id);
    expect((await data(admin, 'GET', `/tasks/${task.id}`)).activityId).toBe('orphan');
    expect((await data(admin, 'POST', `/tasks/${task.id}/claim`)).assignee).toBe('sysadmin');
    // Cancelled, it goes back to nobody, so to the task administrators again.
    expect((await data(admin, 'POST', `/tasks/${task.id}/unclaim`)).assignee).toBeNull();
    expect(await todoIds(admin)).toContain(task.id);

    const reassign = (tokens: Tokens, userName: string | null, taskId = task.id) =>
      call(tokens, 'POST', `/instances/${instance.id}/tasks/${taskId}/assignee`, { userName });
    expect((await reassign(staffTokens, 'staff01')).statusCode).toBe(403);
    expect((await reassign(admin, 'nobody_here')).statusCode).toBe(422);
    expect((await reassign(admin, 'staff01', 999999)).statusCode).toBe(404);
    expect((await reassign(admin, 'staff01')).json().data.assignee).toBe('staff01');
    expect(await todoIds(staffTokens)).toContain(task.id);
    expect((await reassign(admin, null)).json().data.assignee).toBeNull();
    expect(await todoIds(staffTokens)).not.toContain(task.id);
    await data(admin, 'POST', `/tasks/${task.id}/complete`, {});
    expect((await data(admin, 'GET', `/instances/${instance.id}`)).state).toBe('completed');
    expect((await reassign(admin, 'staff01')).statusCode).toBe(409);
  });

  it('refuses bad bodies with 400 naming the field, and callers without the grant with 403', async () => {
    const blank = await post(admin, 'message', { messageName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect((await post(admin, 'message', { messageName: 'x', unknown: 1 })).statusCode).toBe(400);
    expect((await post(admin, 'message', { messageName: 'x', processInstanceId: 'abc' })).statusCode).toBe(400);
    expect((await post(admin, 'signal', {})).statusCode).toBe(400);
    expect((await post(admin, 'signal', { name: 'x', variables: [1] })).statusCode).toBe(400);
    expect((await post(staffTokens, 'message', { messageName: 'paymentReceived' })).statusCode).toBe(403);
    expect((await post(staffTokens, 'signal', { name: 'fireAlarm' })).statusCode).toBe(403);
    const zh = await post(admin, 'message', { messageName: 'nobodyWaits' }, 'zh');
    expect(zh.json().message).toBe('无法关联消息 nobodyWaits：没有流程定义或执行与参数匹配');
  });

  it('calls a process of another definition, passing variables in and out, and carries on the caller when it ends, across a restart', async () => {
    await release('call_child', model('call_child'));
    await release('call_parent', model('call_parent'));
    const parent = await startWith('call_parent', 'ORDER-CALL', { amount: 3 });
    const detail = await data(admin, 'GET', `/instances/${parent.id}`);
    expect(detail.children).toEqual([expect.objectContaining({ definitionKey: 'call_child', state: 'running' })]);
    const childId = detail.children[0].id;
    const child = await data(admin, 'GET', `/instances/${childId}`);
    expect(child).toMatchObject({ parentInstanceId: parent.id, businessKey: 'ORDER-CALL' });
    expect(child.variables).toMatchObject({ amount: 3 });
    const [check] = await openTasks(childId);
    expect(check.activityId).toBe('childTask');

    t = await restartTestApp(t);
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    await data(admin, 'POST', `/tasks/${check.id}/complete`, { variables: { approved: true, secret: 'kept in the child' } });
    expect((await data(admin, 'GET', `/instances/${childId}`)).state).toBe('completed');
    const after = await data(admin, 'GET', `/instances/${parent.id}`);
    expect(after.variables).toMatchObject({ amount: 3, childApproved: true });
    expect(after.variables).not.toHaveProperty('secret');
    expect(await waitingAt(parent.id)).toEqual(['afterCall']);
  });

  it('throws the error a called instance ended with on the call activity, whose boundary catches it', async () => {
    await release('call_inspect', model('call_inspect'));
    await release('call_delivery', model('call_error'));
    const parent = await startWith('call_delivery', 'DELIVERY-1');
    const [child] = (await data(admin, 'GET', `/instances/${parent.id}`)).children;
    expect(child.definitionKey).toBe('call_inspect');
    const [inspect] = await openTasks(child.id);
    await data(admin, 'POST', `/tasks/${inspect.id}/complete`, { variables: { damaged: true } });
    expect((await data(admin, 'GET', `/instances/${child.id}`)).state).toBe('completed');
    expect(await waitingAt(parent.id)).toEqual(['replace']);
  });

  it('keeps an incident on a call activity whose process is not released, and a retry calls it once it is', async () => {
    await release('call_waiting', model('call_late'));
    const parent = await startWith('call_waiting', 'LATE-1');
    const [incident] = (await data(admin, 'GET', `/instances/${parent.id}`)).incidents;
    expect(incident).toMatchObject({ elementId: 'callLate', kind: 'callActivity', state: 'open' });
    expect(incident.message).toContain("'call_late' version 1");
    await release('call_late', model('call_child').replaceAll('call_child', 'call_late'));
    const retried = await data(admin, 'POST', `/incidents/${incident.id}/retry`, {});
    expect(retried.incidents[0].state).toBe('resolved');
    expect(retried.children).toEqual([expect.objectContaining({ definitionKey: 'call_late', state: 'running' })]);
    const [task] = await openTasks(retried.children[0].id);
    await data(admin, 'POST', `/tasks/${task.id}/complete`, {});
    expect((await data(admin, 'GET', `/instances/${parent.id}`)).state).toBe('completed');
  });

  /** Restarts the app and signs in again: what follows runs on engines recovered from the database. */
  const restart = async () => {
    t = await restartTestApp(t);
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
  };
  const complete = async (instanceId: number, activityId: string, variables: object = {}) => {
    const task = (await openTasks(instanceId)).find((open: { activityId: string }) => open.activityId === activityId);
    if (!task) throw new Error(`no open task ${activityId} in instance ${instanceId}: ${JSON.stringify(await waitingAt(instanceId))}`);
    await data(admin, 'POST', `/tasks/${task.id}/complete`, { variables });
  };
  const stateOf = async (instanceId: number) => (await data(admin, 'GET', `/instances/${instanceId}`)).state;

  it('starts event sub-processes by a message from outside: a non-interrupting one beside the work, an interrupting one in its place', async () => {
    await release('message_eventsub', model('message_eventsub'));
    const order = await startWith('message_eventsub', 'EVSUB-1');
    const other = await startWith('message_eventsub', 'EVSUB-2');
    expect(await waitingAt(order.id)).toEqual(['pack']);
    // Two instances wait for the note: the business key picks one, as for any other catch.
    expect((await post(admin, 'message', { messageName: 'customerNote' })).statusCode).toBe(400);
    const noted = await post(admin, 'message', {
      messageName: 'customerNote',
      businessKey: 'EVSUB-1',
      processVariables: { note: 'ring twice' },
    });
    expect(noted.json().data).toEqual([
      {
        resultType: 'Execution',
        processInstanceId: order.id,
        definitionKey: 'message_eventsub',
        elementId: 'noteReceived',
        incident: null,
      },
    ]);
    expect((await waitingAt(order.id)).sort()).toEqual(['pack', 'readNote']);
    expect((await data(admin, 'GET', `/instances/${order.id}`)).variables).toMatchObject({ note: 'ring twice' });
    // bpmn-engine runs one note at a time: while it runs, a second note finds nothing waiting in that instance.
    expect((await post(admin, 'message', { messageName: 'customerNote', processInstanceId: order.id })).statusCode).toBe(400);
    await restart();
    await complete(order.id, 'readNote');
    expect(await waitingAt(order.id)).toEqual(['pack']);
    expect((await post(admin, 'message', { messageName: 'customerNote', processInstanceId: order.id })).statusCode).toBe(200);
    await complete(order.id, 'readNote');

    // Camunda's own clients send it through /engine-rest: the withdrawal interrupts the packing, which ends unfinished.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/engine-rest/message',
      headers: { authorization: `Basic ${Buffer.from(`${sysadmin.userName}:${sysadmin.password}`).toString('base64')}` },
      payload: { messageName: 'orderWithdrawn', businessKey: 'EVSUB-1', resultEnabled: true },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await waitingAt(order.id)).toEqual(['refund']);
    const detail = await data(admin, 'GET', `/instances/${order.id}`);
    const pack = detail.tasks.find((task: { activityId: string }) => task.activityId === 'pack');
    expect(pack).toMatchObject({ status: 'closed' });
    expect(pack.outcome).not.toBe('completed');
    // Once interrupted, the instance waits for no note and no second withdrawal.
    expect((await post(admin, 'message', { messageName: 'customerNote', processInstanceId: order.id })).statusCode).toBe(400);
    expect((await post(admin, 'message', { messageName: 'orderWithdrawn', processInstanceId: order.id })).statusCode).toBe(400);
    await restart();
    await complete(order.id, 'refund');
    expect(await stateOf(order.id)).toBe('completed');
    // The other instance never heard of either message.
    expect(await waitingAt(other.id)).toEqual(['pack']);
    await complete(other.id, 'pack');
    expect(await stateOf(other.id)).toBe('completed');
  });

  it('shows a called instance’s incident on its callers’ call activities, counted in statistics, and clears them with it', async () => {
    await release('call_routing', model('incident_route').replaceAll('incident_route', 'call_routing'));
    await release(
      'call_router',
      model('call_parent').replaceAll('call_parent', 'call_router').replaceAll('"call_child"', '"call_routing"'),
    );
    // A third level: the incident climbs to the topmost caller.
    await release('call_top', model('call_parent').replaceAll('call_parent', 'call_top').replaceAll('"call_child"', '"call_router"'));
    const top = await startWith('call_top', 'ROUTE-1', { amount: 0 });
    const [middle] = (await data(admin, 'GET', `/instances/${top.id}`)).children;
    const [child] = (await data(admin, 'GET', `/instances/${middle.id}`)).children;
    const [cause] = (await data(admin, 'GET', `/instances/${child.id}`)).incidents;
    expect(cause).toMatchObject({ elementId: 'route', kind: 'noFlow', state: 'open', causeIncidentId: null });
    const [shown] = (await data(admin, 'GET', `/instances/${middle.id}`)).incidents;
    expect(shown).toMatchObject({ elementId: 'callChild', elementType: 'bpmn:CallActivity', state: 'open', causeIncidentId: cause.id });
    expect(shown.message).toContain(`called instance ${child.id} has an incident at 'route'`);
    const [above] = (await data(admin, 'GET', `/instances/${top.id}`)).incidents;
    expect(above).toMatchObject({ elementId: 'callChild', state: 'open', causeIncidentId: shown.id });
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    const figures = await data(admin, 'GET', `/statistics?from=${month}&to=${month}&definitionKey=call_router`);
    expect(figures.incidents).toEqual([{ definitionKey: 'call_router', raised: 1, open: 1 }]);
    // The caller's incident is the called instance's to retry or resolve, as in Camunda.
    for (const action of ['retry', 'resolve']) {
      const refused = await call(admin, 'POST', `/incidents/${shown.id}/${action}`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(`called instance ${child.id}`);
    }
    // Retried with a routable amount, the called instance goes on, and every caller's incident is resolved with it.
    await data(admin, 'POST', `/incidents/${cause.id}/retry`, { variables: { amount: 150 } });
    expect((await data(admin, 'GET', `/instances/${middle.id}`)).incidents).toEqual([
      expect.objectContaining({ id: shown.id, state: 'resolved' }),
    ]);
    expect((await data(admin, 'GET', `/instances/${top.id}`)).incidents).toEqual([
      expect.objectContaining({ id: above.id, state: 'resolved' }),
    ]);
    const after = await data(admin, 'GET', `/statistics?from=${month}&to=${month}&definitionKey=call_top`);
    expect(after.incidents).toEqual([{ definitionKey: 'call_top', raised: 1, open: 0 }]);
    await complete(child.id, 'approve');
    await complete(middle.id, 'afterCall');
    await complete(top.id, 'afterCall');
    expect(await stateOf(top.id)).toBe('completed');
  });

  it('catches a BPMN error of a sub-process on its boundary, after a restart', async () => {
    await release('kind_error', model('kind_error'));
    const instance = await startWith('kind_error', 'ERR-1');
    expect(await waitingAt(instance.id)).toEqual(['work']);
    await restart();
    await complete(instance.id, 'work', { stock: 0 });
    expect(await waitingAt(instance.id)).toEqual(['reorder']);
    await complete(instance.id, 'reorder');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('raises an escalation to a non-interrupting boundary: both paths go on to their ends, after a restart', async () => {
    await release('kind_escalation', model('kind_escalation'));
    const instance = await startWith('kind_escalation', 'ESC-1');
    expect((await waitingAt(instance.id)).sort()).toEqual(['drive', 'inform']);
    await restart();
    await complete(instance.id, 'inform');
    await complete(instance.id, 'drive');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('starts an event sub-process by a signal thrown inside the process, after a restart', async () => {
    await release('kind_eventsub', model('kind_eventsub'));
    const instance = await startWith('kind_eventsub', 'SUB-1');
    expect(await waitingAt(instance.id)).toEqual(['main']);
    await restart();
    await complete(instance.id, 'main', { abort: true });
    expect((await waitingAt(instance.id)).sort()).toEqual(['afterThrow', 'cleanup']);
    await restart();
    await complete(instance.id, 'cleanup');
    await complete(instance.id, 'afterThrow');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('re-evaluates a conditional event when a variable changes, after a restart', async () => {
    await release('kind_conditional', model('kind_conditional'));
    const instance = await startWith('kind_conditional', 'COND-1', { ready: false });
    expect(await waitingAt(instance.id)).toEqual(['prepare']);
    await restart();
    await complete(instance.id, 'prepare', { ready: true });
    expect(await waitingAt(instance.id)).toEqual(['go']);
    await complete(instance.id, 'go');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('runs the compensation handler of a completed task when compensation is thrown, after a restart', async () => {
    await release('kind_compensation', model('kind_compensation'));
    const instance = await startWith('kind_compensation', 'COMP-1');
    await restart();
    await complete(instance.id, 'book', { cancelled: true });
    expect(await waitingAt(instance.id)).toEqual(['cancelBooking']);
    await complete(instance.id, 'cancelBooking');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('runs a sequential multi-instance sub-process once per element of a collection, across a restart', async () => {
    await release('kind_multi', model('kind_multi'));
    const instance = await startWith('kind_multi', 'MULTI-1', { parcels: ['A', 'B'] });
    expect(await waitingAt(instance.id)).toEqual(['label']);
    await complete(instance.id, 'label');
    await restart();
    expect(await waitingAt(instance.id)).toEqual(['label']);
    await complete(instance.id, 'label');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('takes the event-based gateway’s message path and the inclusive gateway’s true branches to their join, after a restart', async () => {
    await release('kind_gateways', model('kind_gateways'));
    const instance = await startWith('kind_gateways', 'GW-1');
    await restart();
    const answered = await post(admin, 'message', {
      messageName: 'customerAnswered',
      processInstanceId: instance.id,
      processVariables: { mail: true, phone: true },
    });
    expect(answered.statusCode).toBe(200);
    expect((await waitingAt(instance.id)).sort()).toEqual(['call', 'mail']);
    await complete(instance.id, 'mail');
    expect(await stateOf(instance.id)).toBe('running');
    await complete(instance.id, 'call');
    expect(await stateOf(instance.id)).toBe('completed');
  });

  // Last: it moves the clock by hours.
  it('starts instances from a timer start event on its cycle, across a restart, until its repetitions are spent', async () => {
    const hour = 3_600_000;
    const definition = await release('timer_start', model('timer_start'));
    const schedulerOf = () =>
      new TimerStartScheduler(t.context, new RuntimeService(t.context, new FormService(t.context)), (error) => {
        throw error;
      });
    const instances = async () => {
      admin = await signIn(t.app, sysadmin);
      return (await data(admin, 'GET', '/instances?definitionKey=timer_start&limit=20')).records;
    };
    let scheduler = schedulerOf();
    // The demo's daily check may be due as well: what counts is this definition's instances.
    await scheduler.poll();
    expect(await instances()).toHaveLength(0);
    t.clock.advance(hour + 1000);
    await scheduler.poll();
    const [first] = await instances();
    expect(first).toMatchObject({ state: 'running', startedBy: 'system' });
    expect(await waitingAt(first.id)).toEqual(['check']);

    t = await restartTestApp(t);
    scheduler = schedulerOf();
    t.clock.advance(hour);
    await scheduler.poll();
    expect(await instances()).toHaveLength(2);
    t.clock.advance(hour);
    await scheduler.poll();
    expect(await instances()).toHaveLength(2);

    // A new version replaces the old one's schedule; while suspended it starts nothing, once activated it does.
    admin = await signIn(t.app, sysadmin);
    const second = await data(admin, 'POST', `/models/${definition.modelId}/release`);
    expect(second.version).toBe(definition.version + 1);
    await data(admin, 'POST', `/definitions/${second.id}/suspend`);
    t.clock.advance(hour + 1000);
    await scheduler.poll();
    expect(await instances()).toHaveLength(2);
    await data(admin, 'POST', `/definitions/${second.id}/activate`);
    t.clock.advance(61_000);
    await scheduler.poll();
    const started = await instances();
    expect(started).toHaveLength(3);
    expect(started.map((row: { definitionVersion: number }) => row.definitionVersion).sort()).toEqual([
      definition.version,
      definition.version,
      second.version,
    ]);
  });
});
