import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmWatch } from '../src/modules/alarms/alarmWatch.ts';
import { readOutboundSettings, writeOutboundSettings } from '../src/modules/alarms/outboundSettings.ts';
import { LiveFigures } from '../src/modules/monitor/liveFigures.ts';
import { bpmCalls, bpmnOf, flow } from './bpmModels.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const model = (name: string) => readFileSync(new URL(`./bpmn/runtime/${name}.bpmn`, import.meta.url), 'utf8');

interface Incident {
  id: number;
  elementId: string;
  kind: string;
  message: string;
  state: string;
  retries: number;
  createdAt: number;
}

/**
 * Engine errors at run time fail like Camunda's, visibly: an incident on the instance at the element, the
 * instance staying where it was, retried with corrected variables or resolved from monitoring; never a 500.
 */
describe(`workflow incidents (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let staffTokens: Tokens;
  const { call, data, release, tasksOf, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );
  const startRaw = (definitionKey: string, variables: object = {}) =>
    call(admin, 'POST', '/instances', { definitionKey, businessKey: `${definitionKey}-1`, variables });
  const incidentsOf = async (instanceId: number): Promise<Incident[]> => (await data(admin, 'GET', `/instances/${instanceId}`)).incidents;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    await release('incident_route', model('incident_route'));
    await release('incident_review', model('incident_review'));
  });
  afterAll(async () => t.close());

  it('keeps a start whose condition names a missing variable, with an incident at the gateway, and a retry with the variable runs it on', async () => {
    const started = await startRaw('incident_route');
    expect(started.statusCode).toBe(200);
    const instance = started.json().data;
    expect(instance.state).toBe('running');
    expect(instance.incident).toMatchObject({ element: 'route' });
    expect(instance.incident.message).toContain("Cannot resolve identifier 'amount'");
    const [incident] = await incidentsOf(instance.id);
    expect(incident).toMatchObject({ elementId: 'route', kind: 'unknownVariable', state: 'open', retries: 0 });
    expect(incident?.createdAt).toBeGreaterThan(0);
    expect(await openTasks(instance.id)).toEqual([]);

    // Retrying without the variable fails again on the same incident, counting the attempt.
    const again = await call(admin, 'POST', `/incidents/${incident?.id}/retry`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('route');
    expect(await incidentsOf(instance.id)).toEqual([expect.objectContaining({ id: incident?.id, state: 'open', retries: 1 })]);

    const retried = await data(admin, 'POST', `/incidents/${incident?.id}/retry`, { variables: { amount: 500 } });
    expect(retried.incidents).toEqual([expect.objectContaining({ id: incident?.id, state: 'resolved' })]);
    expect(retried.variables).toMatchObject({ amount: 500, initiator: 'sysadmin' });
    expect((await openTasks(instance.id)).map((task: { activityId: string }) => task.activityId)).toEqual(['approve']);
    expect((await call(admin, 'POST', `/incidents/${incident?.id}/retry`, {})).statusCode).toBe(409);
  });

  it('raises an incident when no flow leaves an exclusive gateway; resolving it ends an instance that never ran', async () => {
    const started = await startRaw('incident_route', { amount: 5 });
    expect(started.statusCode).toBe(200);
    const instance = started.json().data;
    const [incident] = await incidentsOf(instance.id);
    expect(incident).toMatchObject({ elementId: 'route', kind: 'noFlow', state: 'open' });
    expect(incident?.message).toContain('no conditional flow taken');
    const resolved = await data(admin, 'POST', `/incidents/${incident?.id}/resolve`);
    expect(resolved.state).toBe('terminated');
    expect(resolved.incidents).toEqual([expect.objectContaining({ state: 'resolved', resolvedBy: 'sysadmin' })]);
    expect((await call(admin, 'POST', `/incidents/${incident?.id}/resolve`)).statusCode).toBe(409);
  });

  it('refuses a task completion that runs into a model error with 422 naming the element, keeps the task open, and lets it be completed again', async () => {
    const instance = (await startRaw('incident_review')).json().data;
    const [review] = await openTasks(instance.id);
    const refused = await call(admin, 'POST', `/tasks/${review.id}/complete`, { variables: { decision: 'maybe' } }, 'zh');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('decide');
    expect(refused.json().message).toContain('流程');
    expect((await openTasks(instance.id)).map((task: { id: number }) => task.id)).toEqual([review.id]);
    const [incident] = await incidentsOf(instance.id);
    expect(incident).toMatchObject({ elementId: 'decide', kind: 'noFlow', state: 'open' });
    // Completing the task again with a decision the model knows goes through, and the incident is over.
    await data(admin, 'POST', `/tasks/${review.id}/complete`, { variables: { decision: 'yes' } });
    const detail = await data(admin, 'GET', `/instances/${instance.id}`);
    expect(detail.state).toBe('completed');
    expect(detail.incidents).toEqual([expect.objectContaining({ id: incident?.id, state: 'resolved' })]);
  });

  it('retries a failed task completion from monitoring with a corrected variable: the task closes as its completer’s', async () => {
    const instance = (await startRaw('incident_review')).json().data;
    const [review] = await openTasks(instance.id);
    expect((await call(admin, 'POST', `/tasks/${review.id}/complete`, { variables: { decision: 'maybe' } })).statusCode).toBe(422);
    const [incident] = await incidentsOf(instance.id);
    // Only who holds the incident operation may retry or resolve.
    expect((await call(staffTokens, 'POST', `/incidents/${incident?.id}/retry`, { variables: { decision: 'no' } })).statusCode).toBe(403);
    expect((await call(staffTokens, 'POST', `/incidents/${incident?.id}/resolve`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/incidents/${incident?.id}/retry`, { variables: 'no' })).statusCode).toBe(400);
    const retried = await data(admin, 'POST', `/incidents/${incident?.id}/retry`, { variables: { decision: 'no' } });
    expect(retried.state).toBe('completed');
    expect(retried.variables).toMatchObject({ decision: 'no' });
    const tasks = await tasksOf(instance.id);
    expect(tasks).toEqual([expect.objectContaining({ id: review.id, status: 'closed', outcome: 'completed' })]);
    expect(retried.activities.map((activity: { activityId: string }) => activity.activityId)).toContain('rejected');
  });

  it('turns a service call that fails into an incident at the service task, retried once the endpoint answers', async () => {
    let failing = true;
    const server: Server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.statusCode = failing ? 500 : 200;
        response.end(failing ? 'down' : 'ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const settings = await readOutboundSettings(t.context.db);
      await writeOutboundSettings(t.context.db, { ...settings, allowList: ['127.0.0.1'] });
      await release(
        'incident_service',
        bpmnOf('incident_service', [
          `<serviceTask id="notify" name="Notify"><extensionElements><camunda:properties><camunda:property name="url" value="${url}"/></camunda:properties></extensionElements></serviceTask>`,
          flow('start', 'notify'),
          flow('notify', 'end'),
        ]),
      );
      const started = await startRaw('incident_service');
      expect(started.statusCode).toBe(200);
      const instance = started.json().data;
      expect(instance.incident).toMatchObject({ element: 'notify' });
      const [incident] = await incidentsOf(instance.id);
      expect(incident).toMatchObject({ elementId: 'notify', kind: 'serviceCall', state: 'open' });
      expect(incident?.message).toContain('HTTP 500');
      failing = false;
      const retried = await data(admin, 'POST', `/incidents/${incident?.id}/retry`);
      expect(retried.state).toBe('completed');
    } finally {
      server.close();
    }
  });

  it('answers 404 for an unknown incident and ends the open incidents of a terminated instance', async () => {
    expect((await call(admin, 'POST', '/incidents/999999/retry', {})).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/incidents/999999/resolve')).statusCode).toBe(404);
    const instance = (await startRaw('incident_route', { amount: 1 })).json().data;
    await data(admin, 'POST', `/instances/${instance.id}/terminate`);
    expect(await incidentsOf(instance.id)).toEqual([expect.objectContaining({ state: 'resolved' })]);
  });

  it('counts incidents in statistics and fires an alarm rule on open workflow incidents until they are resolved', async () => {
    const instance = (await startRaw('incident_route', { amount: 2 })).json().data;
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    const figures = await data(admin, 'GET', `/statistics?from=${month}&to=${month}&definitionKey=incident_route`);
    const open = (await data(admin, 'GET', '/instances?definitionKey=incident_route&limit=100')).records.length;
    expect(figures.incidents).toEqual([{ definitionKey: 'incident_route', raised: expect.any(Number), open: 1 }]);
    expect(figures.incidents[0].raised).toBeGreaterThanOrEqual(open);

    const alarms = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/admin/alarms${url}`, payload, headers: bearer(admin) });
    const rule = await alarms('POST', '/rules', {
      ruleName: 'Workflow incidents',
      targetKind: 'workflow',
      target: 'incident_route',
      metric: 'incidentsOpen',
      comparison: 'gte',
      threshold: 1,
      durationSec: 0,
      level: 'serious',
      receiverIds: [],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const watch = new AlarmWatch(t.context, (error) => {
      throw error;
    });
    const live = new LiveFigures();
    const events = async () =>
      (await alarms('GET', '/events?limit=50'))
        .json()
        .data.records.filter((event: { ruleName: string }) => event.ruleName === 'Workflow incidents');
    await watch.evaluate(t.clock.now(), live);
    expect(await events()).toEqual([expect.objectContaining({ target: 'incident_route', status: 'firing', firedValue: 1 })]);
    const [incident] = await incidentsOf(instance.id);
    await data(admin, 'POST', `/incidents/${incident?.id}/resolve`);
    await watch.evaluate(t.clock.now() + 1000, live);
    expect(await events()).toEqual([expect.objectContaining({ target: 'incident_route', status: 'resolved' })]);
  });
});
