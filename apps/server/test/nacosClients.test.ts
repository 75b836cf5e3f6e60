import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NacosConfigClient, NacosNamingClient } from 'nacos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sysadmin, type TestApp } from './testApp.ts';

interface Host {
  ip: string;
  healthy: boolean;
  weight: number;
  enabled: boolean;
  metadata: Record<string, string>;
}

/** The calls used here, including `close` and the service list, which the package's typings leave out. */
interface NamingClient {
  ready(): Promise<void>;
  registerInstance(serviceName: string, instance: object): Promise<void>;
  deregisterInstance(serviceName: string, instance: object): Promise<void>;
  getAllInstances(serviceName: string, groupName: string, clusters: string, subscribe: boolean): Promise<Host[]>;
  subscribe(serviceName: string, listener: (hosts: Host[]) => void): void;
  getServerStatus(): Promise<string>;
  close(): Promise<void>;
  _serverProxy: { getServiceList(pageNo: number, pageSize: number, groupName: string): Promise<{ count: number; data: string[] }> };
}

const silent = { ...console, info() {}, warn() {}, error() {}, debug() {}, log() {} };

/** Polls `read` until `accept` holds, or fails after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the unmodified npm nacos clients against Qiming', () => {
  let test: TestApp;
  let serverAddr: string;
  let cacheDir: string;

  beforeAll(async () => {
    test = await createTestApp({ realTime: true });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    const address = test.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    serverAddr = `127.0.0.1:${address.port}`;
    cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qiming-nacos-'));
  });
  afterAll(async () => {
    await test.close();
    await fs.rm(cacheDir, { recursive: true, force: true });
  });

  const naming = () =>
    new NacosNamingClient({ logger: silent, serverList: serverAddr, namespace: 'public', ...credentials() }) as unknown as NamingClient;
  const credentials = () => ({ username: sysadmin.userName, password: sysadmin.password });

  it('registers, beats, lists and subscribes; a silent instance turns unhealthy, then vanishes; deregisters', async () => {
    const beating = naming();
    const watcher = naming();
    const steady = naming();
    await Promise.all([beating.ready(), watcher.ready(), steady.ready()]);

    // The steady one is persistent: it stays while the server's clock skips past the silent one's timeouts.
    await steady.registerInstance('orders', { ip: '10.0.0.2', port: 8080, ephemeral: false, metadata: { zone: 'a' } });
    await beating.registerInstance('orders', { ip: '10.0.0.1', port: 8080, weight: 2 });

    const seen: Host[][] = [];
    watcher.subscribe('orders', (hosts) => seen.push(hosts));
    const listed = await watcher.getAllInstances('orders', 'DEFAULT_GROUP', '', false);
    expect(listed.map((host) => host.ip).sort()).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(listed.find((host) => host.ip === '10.0.0.1')).toMatchObject({ weight: 2, healthy: true, enabled: true });
    expect(listed.find((host) => host.ip === '10.0.0.2')?.metadata).toEqual({ zone: 'a' });

    const { count, data } = await watcher._serverProxy.getServiceList(1, 10, 'DEFAULT_GROUP');
    expect(count).toBe(1);
    expect(data).toEqual(['orders']);
    expect(await watcher.getServerStatus()).toBe('UP');

    // The client's first beat comes about 10 s after it starts; it refreshes the instance, as the
    // back-office shows (beats are kept in memory, not written to the database).
    const admin = { authorization: `Bearer ${await bearer()}` };
    const adminGet = async (url: string) => (await test.app.inject({ method: 'GET', url, headers: admin })).json().data.records;
    const serviceId = (await adminGet('/api/admin/registry/public/services?serviceName=orders'))[0].id;
    const beatOf = async (): Promise<number> =>
      (await adminGet(`/api/admin/registry/public/services/${serviceId}/instances`)).find(
        (row: { ip: string; lastBeat: number }) => row.ip === '10.0.0.1',
      )?.lastBeat ?? 0;
    const registeredAt = await beatOf();
    await eventually(beatOf, (beat) => beat > registeredAt, 15_000);

    // It stops beating: 15 s later unhealthy, 30 s later gone, and the subscriber (polling every 3 s)
    // sees both. The server's clock skips the silence and its health sweep runs at once.
    await beating.close();
    const latest = () => seen.at(-1) ?? [];
    test.clock.advance(15_001);
    await test.registrySweep.sweep();
    await eventually(latest, (hosts) => hosts.some((host) => host.ip === '10.0.0.1' && !host.healthy), 10_000);
    expect(latest().find((host) => host.ip === '10.0.0.2')?.healthy).toBe(true);
    test.clock.advance(15_000);
    await test.registrySweep.sweep();
    await eventually(latest, (hosts) => hosts.length === 1 && hosts[0]?.ip === '10.0.0.2', 10_000);

    await steady.deregisterInstance('orders', { ip: '10.0.0.2', port: 8080, ephemeral: false });
    // The client keeps its last list when a service empties, so ask the server itself.
    const left = await test.app.inject({
      method: 'GET',
      url: `/nacos/v1/ns/instance/list?serviceName=DEFAULT_GROUP@@orders&username=sysadmin&password=${encodeURIComponent(sysadmin.password)}`,
    });
    expect(left.json().hosts).toEqual([]);
    await Promise.all([watcher.close(), steady.close()]);
  }, 90_000);

  it('gets, publishes, listens to and removes a config', async () => {
    const client = new NacosConfigClient({ serverAddr, namespace: '', cacheDir, ...credentials() });
    await client.ready();
    expect(await client.getConfig('app.yaml', 'DEFAULT_GROUP')).toBeNull();

    const received: string[] = [];
    client.subscribe({ dataId: 'app.yaml', group: 'DEFAULT_GROUP' }, (content: string) => received.push(content));
    expect(await client.publishSingle('app.yaml', 'DEFAULT_GROUP', 'port: 8080\n', { type: 'yaml' })).toBe(true);
    expect(await client.getConfig('app.yaml', 'DEFAULT_GROUP')).toBe('port: 8080\n');
    await eventually(
      () => received,
      (contents) => contents.includes('port: 8080\n'),
      10_000,
    );

    // A second publish reaches the listener through its held long poll.
    await client.publishSingle('app.yaml', 'DEFAULT_GROUP', 'port: 9090\n', { type: 'yaml' });
    await eventually(
      () => received,
      (contents) => contents.at(-1) === 'port: 9090\n',
      10_000,
    );

    const page = await test.app.inject({
      method: 'GET',
      url: '/api/admin/configs/public/items?dataId=app.yaml',
      headers: { authorization: `Bearer ${await bearer()}` },
    });
    expect(page.json().data.records[0]).toMatchObject({ dataId: 'app.yaml', type: 'yaml', content: 'port: 9090\n', updatedBy: 'sysadmin' });

    expect(await client.remove('app.yaml', 'DEFAULT_GROUP')).toBe(true);
    expect(await client.getConfig('app.yaml', 'DEFAULT_GROUP')).toBeNull();
    client.close();
  });

  async function bearer() {
    const { signIn } = await import('./testApp.ts');
    return (await signIn(test.app, sysadmin)).access_token;
  }
});
