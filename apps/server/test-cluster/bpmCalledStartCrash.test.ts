import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmnOf, flow, userTask } from '../test/bpmModels.ts';
import type { ServerProcess } from '../test/serverProcess.ts';
import { signInOverHttp } from '../test/signInOverHttp.ts';
import type { TestDatabase } from '../test/testDatabase.ts';
import { sharedInfrastructure, startBuiltServer } from './sharedInfrastructure.ts';

/** Three server starts on a loaded 2-core machine take more than the suite's minute. */
const threeServerStarts = 240_000;

const start = startBuiltServer;

/**
 * The crash window of a call activity: the caller's step is committed, the called instance not yet. A server
 * killed there (kill -9) loses nothing: the servers started after it start the called instance, once, even two
 * of them at once.
 */
describe('a call activity survives a kill -9 between the caller’s step and the called start (PostgreSQL)', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  /** The called process's service task calls here: the first call is held open, the crash's moment; later ones answer. */
  const service = { calls: 0, held: undefined as (() => void) | undefined };
  let serviceServer: http.Server;
  let serviceUrl = '';

  beforeAll(async () => {
    serviceServer = http.createServer((request, response) => {
      request.resume();
      service.calls += 1;
      if (service.calls === 1) {
        service.held?.();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => serviceServer.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(serviceServer.address() as AddressInfo).port}/check`;
    ({ database, env } = await sharedInfrastructure());
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    serviceServer.closeAllConnections();
    await new Promise((resolve) => serviceServer.close(resolve));
    await database?.drop();
  });

  const api = async (url: string, token: string, method: string, path: string, body?: object) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text).data;
  };

  it(
    'starts the lost called instance again at start-up, exactly once with two servers starting together',
    async () => {
      const first = await start(env);
      servers.push(first);
      const token = await signInOverHttp(first.url);
      const settings = await api(first.url, token, 'GET', '/api/admin/alarms/settings');
      const { hasSmtpPassword: _withheld, ...kept } = settings;
      await api(first.url, token, 'PUT', '/api/admin/alarms/settings', { ...kept, allowList: ['127.0.0.1'], smtpPassword: '' });
      const release = async (key: string, xml: string) => {
        const model = await api(first.url, token, 'POST', '/api/admin/bpm/models', { key, name: key, category: '', description: '', xml });
        await api(first.url, token, 'POST', `/api/admin/bpm/models/${model.id}/release`);
      };
      await release(
        'crash_child',
        bpmnOf('crash_child', [
          `<serviceTask id="check" name="Check"><extensionElements><camunda:properties><camunda:property name="url" value="${serviceUrl}"/></camunda:properties></extensionElements></serviceTask>`,
          userTask('childTask', 'Child task', { assignee: 'sysadmin' }),
          flow('start', 'check'),
          flow('check', 'childTask'),
          flow('childTask', 'end'),
        ]),
      );
      await release(
        'crash_parent',
        bpmnOf('crash_parent', [
          '<callActivity id="callChild" name="Call" calledElement="crash_child" />',
          userTask('afterCall', 'After the call', { assignee: 'sysadmin' }),
          flow('start', 'callChild'),
          flow('callChild', 'afterCall'),
          flow('afterCall', 'end'),
        ]),
      );

      // The start's answer never comes: the server dies while the called instance's service call is under way.
      const inWindow = new Promise<void>((resolve) => {
        service.held = resolve;
      });
      const answer = api(first.url, token, 'POST', '/api/admin/bpm/instances', {
        definitionKey: 'crash_parent',
        businessKey: 'CRASH-1',
      }).catch((error: unknown) => error);
      await inWindow;
      first.process.kill('SIGKILL');
      expect(await answer).toBeInstanceOf(Error);

      // Two servers start on the database the crash left: the caller's step is there, its called instance is not.
      servers.push(...(await Promise.all([start(env), start(env)])));
      const [, second, third] = servers as [ServerProcess, ServerProcess, ServerProcess];
      const again = await signInOverHttp(second.url);
      const parents = (await api(second.url, again, 'GET', '/api/admin/bpm/instances?definitionKey=crash_parent&limit=10')).records;
      expect(parents).toHaveLength(1);
      const parentId = parents[0].id;
      const children = async () => (await api(third.url, again, 'GET', `/api/admin/bpm/instances/${parentId}`)).children;
      await expect.poll(children, { timeout: 30_000, interval: 250 }).toHaveLength(1);
      // Both sweeps have run by now (a few seconds): still one called instance, and no incident anywhere.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const [child] = await children();
      expect(await children()).toHaveLength(1);
      expect((await api(second.url, again, 'GET', '/api/admin/bpm/instances?definitionKey=crash_child&limit=10')).records).toHaveLength(1);
      const childDetail = await api(second.url, again, 'GET', `/api/admin/bpm/instances/${child.id}`);
      expect(childDetail).toMatchObject({ state: 'running', businessKey: '', incidents: [] });
      const childTask = childDetail.tasks.find((task: { activityId: string }) => task.activityId === 'childTask');
      expect(childTask).toMatchObject({ status: 'open' });

      // The recovered call carries on as any other: the called instance ends, the caller goes on.
      await api(third.url, again, 'POST', `/api/admin/bpm/tasks/${childTask.id}/complete`, {});
      const parent = await api(second.url, again, 'GET', `/api/admin/bpm/instances/${parentId}`);
      expect(parent.tasks.map((task: { activityId: string; status: string }) => `${task.activityId}:${task.status}`)).toEqual([
        'afterCall:open',
      ]);
    },
    threeServerStarts,
  );
});
