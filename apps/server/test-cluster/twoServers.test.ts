import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NacosConfigClient } from 'nacos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../test/demoAccounts.ts';
import { type ServerProcess, startServerProcess } from '../test/serverProcess.ts';
import { signInOverHttp as signIn } from '../test/signInOverHttp.ts';
import type { TestDatabase } from '../test/testDatabase.ts';
import { sharedInfrastructure } from './sharedInfrastructure.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const client = 'username=sysadmin&password=Qiming%402026';

/** A server (`dist/main.js`) or a gateway of its own (`dist/gateway.js`, `npm run gateway`), built by the global setup. */
const start = (entry: 'main' | 'gateway', env: Record<string, string>) =>
  startServerProcess({
    args: ['--enable-source-maps', `dist/${entry}.js`],
    cwd: serverDir,
    env: { ...env, NODE_ENV: 'test' },
    readyWith: entry === 'main' ? 'server' : 'gateway',
  });

describe('two server processes on PostgreSQL and Redis behave as one', () => {
  let database: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let gateway: ServerProcess;
  let cacheDir: string;

  beforeAll(async () => {
    const shared = await sharedInfrastructure();
    database = shared.database;
    const { env } = shared;
    // At the same moment on an empty database: one does the first start, the other waits for it.
    [first, second] = await Promise.all([start('main', env), start('main', env)]);
    gateway = await start('gateway', env);
    cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qiming-nacos-'));
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop(), gateway?.stop()]);
    await database?.drop();
    await fs.rm(cacheDir, { recursive: true, force: true });
  });

  it('pushes a config published through one server to a listener held by the other', async () => {
    const credentials = { username: 'sysadmin', password: 'Qiming@2026', cacheDir };
    const listener = new NacosConfigClient({ serverAddr: new URL(second.url).host, namespace: '', ...credentials });
    const publisher = new NacosConfigClient({ serverAddr: new URL(first.url).host, namespace: '', ...credentials });
    await Promise.all([listener.ready(), publisher.ready()]);
    const received: string[] = [];
    listener.subscribe({ dataId: 'shared.properties', group: 'DEFAULT_GROUP' }, (content: string) => received.push(content));

    const token = await signIn(first.url);
    await publisher.publishSingle('shared.properties', 'DEFAULT_GROUP', 'color=blue', { type: 'properties' });
    await expect.poll(() => received.at(-1), { timeout: 10_000 }).toBe('color=blue');
    // The first server sees the long poll the listener holds on the second.
    const configId = (await adminGet(first.url, token, '/api/admin/configs/public/items?dataId=shared.properties')).records[0].id;
    await expect
      .poll(async () => (await adminGet(first.url, token, `/api/admin/configs/public/items/${configId}/listeners`)).length, {
        timeout: 10_000,
      })
      .toBe(1);

    const published = Date.now();
    await publisher.publishSingle('shared.properties', 'DEFAULT_GROUP', 'color=green', { type: 'properties' });
    await expect.poll(() => received.at(-1), { timeout: 5_000 }).toBe('color=green');
    expect(Date.now() - published).toBeLessThan(5_000);
    listener.close();
    publisher.close();
  });

  it('lists on one server an instance registered on the other', async () => {
    const registered = await fetch(`${first.url}/nacos/v1/ns/instance?${client}&serviceName=DEFAULT_GROUP@@stock&ip=10.5.0.1&port=7000`, {
      method: 'POST',
    });
    expect(await registered.text()).toBe('ok');
    const listed = (await (await fetch(`${second.url}/nacos/v1/ns/instance/list?${client}&serviceName=DEFAULT_GROUP@@stock`)).json()) as {
      hosts: unknown[];
    };
    expect(listed.hosts).toMatchObject([{ ip: '10.5.0.1', port: 7000, healthy: true }]);
  });

  it('seeded the empty database once although both servers started at once', async () => {
    const token = await signIn(first.url);
    const accounts = await adminGet(second.url, token, '/api/admin/accounts?limit=100&userName=sysadmin');
    expect(accounts.total).toBe(1);
    const dictionaries = await adminGet(first.url, token, '/api/admin/dicts?limit=100&dictCode=gender');
    expect(dictionaries.total).toBe(1);
  });

  it('hands out no serial number twice while both servers draw from one rule at once', async () => {
    const admin = await signIn(first.url);
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/api/admin/serial-rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        idId: 'shared',
        idName: 'Shared',
        isGlobal: true,
        idLength: 6,
        idType: 'sequence',
        idPrefix: 'S',
        isPrefix: true,
      }),
    });
    expect(created.status).toBe(200);
    const draw = (url: string) =>
      fetch(`${url}/api/admin/serial-numbers/shared/next`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })
        .then((response) => response.json() as Promise<{ data: { number: string } }>)
        .then((answer) => answer.data.number);
    const numbers = await Promise.all(Array.from({ length: 200 }, (_, index) => draw(index % 2 === 0 ? first.url : second.url)));
    expect(new Set(numbers).size).toBe(200);
    expect([...numbers].sort()).toEqual(Array.from({ length: 200 }, (_, index) => `S${String(index + 1).padStart(6, '0')}`));
  });

  it('refuses on the other server, within a bus round trip, a session ended and a role taken away on one', async () => {
    const admin = await signIn(first.url);
    const dictionaries = (url: string, token: string) =>
      fetch(`${url}/api/admin/dicts`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status);
    // Both servers have answered the token once, so both keep its session and grants.
    const reader = await signIn(first.url, staff);
    expect([await dictionaries(first.url, reader), await dictionaries(second.url, reader)]).toEqual([200, 200]);
    const ended = Date.now();
    await fetch(`${first.url}/api/j_hh_security_logout`, { headers: { authorization: `Bearer ${reader}` } });
    expect(await dictionaries(first.url, reader)).toBe(401);
    await expect.poll(() => dictionaries(second.url, reader), { timeout: 1_000, interval: 5 }).toBe(401);
    expect(Date.now() - ended).toBeLessThan(1_000);

    const again = await signIn(first.url, staff);
    expect([await dictionaries(first.url, again), await dictionaries(second.url, again)]).toEqual([200, 200]);
    const staffId = (await adminGet(first.url, admin, '/api/admin/accounts?limit=10&userName=staff01')).records[0].id;
    const roleId = (await adminGet(first.url, admin, '/api/admin/roles?limit=10&roleCode=dict_reader')).records[0].id;
    const taken = Date.now();
    const revoke = await fetch(`${first.url}/api/admin/roles/authorise`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountIds: [staffId], roleIds: [roleId], revoke: true }),
    });
    expect(revoke.status).toBe(200);
    expect(await dictionaries(first.url, again)).toBe(403);
    await expect.poll(() => dictionaries(second.url, again), { timeout: 1_000, interval: 5 }).toBe(403);
    expect(Date.now() - taken).toBeLessThan(1_000);
  });

  it('shows a site setting saved through one server on the other at once, although both keep the site cached', async () => {
    const site = async (url: string) => ((await (await fetch(`${url}/api/public/site`)).json()) as { data: Record<string, string> }).data;
    const before = await site(second.url);
    const admin = await signIn(first.url);
    const saved = Date.now();
    const response = await fetch(`${first.url}/api/admin/portal/site`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...before, filingNumber: '浙ICP备20261124号-1' }),
    });
    expect(response.status).toBe(200);
    expect((await site(first.url)).filingNumber).toBe('浙ICP备20261124号-1');
    await expect.poll(async () => (await site(second.url)).filingNumber, { timeout: 1_000, interval: 20 }).toBe('浙ICP备20261124号-1');
    expect(Date.now() - saved).toBeLessThan(1_000);
  });

  it('releases and cancels a gateway route through one server; the gateway of the other and a gateway of its own follow within a second', async () => {
    const upstream = http.createServer((_request, response) => response.end('from upstream'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const admin = await signIn(first.url);
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/api/admin/gateway/routes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        routeId: 'cluster-route',
        routeName: 'Cluster route',
        orderNum: 1,
        uri: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`,
        predicates: [{ name: 'Path', args: { patterns: '/cluster/**' } }],
        filters: [],
        description: '',
      }),
    });
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const status = () =>
      Promise.all(
        [second, gateway].map((server) =>
          fetch(`${server.gatewayUrl}/cluster/x`).then(
            (response) => response.status,
            () => 0,
          ),
        ),
      );
    await expect.poll(status, { timeout: 5_000, interval: 50 }).toEqual([404, 404]);

    const released = Date.now();
    expect(
      (
        await fetch(`${first.url}/api/admin/gateway/routes/${id}/release`, {
          method: 'POST',
          headers: { authorization: headers.authorization },
        })
      ).status,
    ).toBe(200);
    await expect.poll(status, { timeout: 1_000, interval: 20 }).toEqual([200, 200]);
    expect(Date.now() - released).toBeLessThan(1_000);
    const cancelled = Date.now();
    expect(
      (
        await fetch(`${first.url}/api/admin/gateway/routes/${id}/cancel`, {
          method: 'POST',
          headers: { authorization: headers.authorization },
        })
      ).status,
    ).toBe(200);
    await expect.poll(status, { timeout: 1_000, interval: 20 }).toEqual([404, 404]);
    expect(Date.now() - cancelled).toBeLessThan(1_000);
    upstream.close();
  });

  it('counts a flow rule once across every gateway through Redis, and each gateway reports its state', async () => {
    const upstream = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const admin = await signIn(first.url);
    const post = async (pathName: string, body?: object) => {
      const response = await fetch(`${first.url}${pathName}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body && JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: number } }).data;
    };
    const route = await post('/api/admin/gateway/routes', {
      routeId: 'shared-limit',
      routeName: 'Shared limit',
      orderNum: 1,
      uri: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`,
      predicates: [{ name: 'Path', args: { patterns: '/limited/**' } }],
      filters: [],
      description: '',
    });
    // Counted per X-Client value, so the probes below (without it) do not use up the tested count.
    await post('/api/admin/gateway/flow-rules', {
      resourceMode: 'route',
      resource: 'shared-limit',
      grade: 'qps',
      count: 3,
      intervalSec: 60,
      burst: 0,
      controlBehavior: 'reject',
      paramStrategy: 'header',
      paramField: 'X-Client',
      enabled: true,
    });
    await post(`/api/admin/gateway/routes/${route.id}/release`);
    for (const server of [first, second, gateway]) {
      await expect
        .poll(() => fetch(`${server.gatewayUrl}/limited/x`).then((response) => response.status), { timeout: 5_000, interval: 50 })
        .not.toBe(404);
    }
    const send = (server: ServerProcess) =>
      fetch(`${server.gatewayUrl}/limited/x`, { headers: { 'x-client': 'shared' } }).then((response) => response.status);
    expect([await send(first), await send(gateway), await send(second), await send(second)]).toEqual([200, 200, 200, 429]);
    await expect.poll(async () => (await adminGet(first.url, admin, '/api/admin/gateway/state')).length, { timeout: 3_000 }).toBe(3);
    upstream.close();
  });

  it('shows every process in the live figures of either server, and evaluates each alarm rule once for the cluster', async () => {
    const admin = await signIn(first.url);
    const hits: string[] = [];
    const hook = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        hits.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const send = async (method: string, pathName: string, body: object) => {
      const response = await fetch(`${first.url}${pathName}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { data: { id: number } }).data;
    };
    // The flow-rule test above sent its requests to all three gateways.
    const sum = async (server: ServerProcess) => {
      const live = await adminGet(server.url, admin, '/api/admin/monitor/live?kind=route&target=shared-limit');
      return live.series[0].points.reduce(
        (total: number, point: { values: { passed: number; blocked: number } }) => total + point.values.passed + point.values.blocked,
        0,
      );
    };
    await expect.poll(() => sum(first), { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    // Each server builds the same view from the same reports, each on its own second.
    await expect.poll(async () => (await sum(second)) - (await sum(first)), { timeout: 5_000 }).toBe(0);
    const targets = await adminGet(second.url, admin, '/api/admin/monitor/targets');
    expect(targets.server).toHaveLength(3);

    await send('PUT', '/api/admin/alarms/settings', { allowList: ['127.0.0.1'], smtpPort: 25 });
    const receiver = await send('POST', '/api/admin/alarms/receivers', {
      receiverName: 'Cluster hook',
      kind: 'webhook',
      url: `http://127.0.0.1:${(hook.address() as net.AddressInfo).port}/`,
    });
    const rule = await send('POST', '/api/admin/alarms/rules', {
      ruleName: 'Any traffic',
      targetKind: 'route',
      target: 'shared-limit',
      metric: 'passed',
      comparison: 'gte',
      threshold: 0,
      durationSec: 0,
      level: 'general',
      receiverIds: [receiver.id],
    });
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
    // Both servers tick every second; a few more seconds tell no one again.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(hits).toHaveLength(1);
    const events = await adminGet(second.url, admin, `/api/admin/alarms/events?ruleId=${rule.id}`);
    expect(events.total).toBe(1);
    expect(events.records[0].deliveries).toHaveLength(1);
    hook.close();
  });

  it('reports the signal that stopped a server or a gateway, after closing gracefully', async () => {
    const admin = await signIn(first.url);
    const exits = [second, gateway].map(
      (server) => new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code))),
    );
    second.process.kill('SIGTERM');
    gateway.process.kill('SIGINT');
    expect(await Promise.all(exits)).toEqual([143, 130]);
    // A gateway that closed withdrew its state at once; only the first server's remains.
    expect((await adminGet(first.url, admin, '/api/admin/gateway/state')).length).toBe(1);
  });
});

async function adminGet(url: string, token: string, pathAndQuery: string) {
  const response = await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read a few fields of several answers.
  return ((await response.json()) as { data: any }).data;
}
