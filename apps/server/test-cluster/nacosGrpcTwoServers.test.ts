import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, NacosGrpcTestClient } from '../test/nacosGrpcClient.ts';
import { type ServerProcess, startServerProcess } from '../test/serverProcess.ts';
import type { TestDatabase } from '../test/testDatabase.ts';
import { sharedInfrastructure } from './sharedInfrastructure.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** The gRPC address a server logs once it listens (PORT=0 gives gRPC a free port too). */
const grpcAddressOf = (server: ServerProcess) => {
  const address = /Nacos gRPC on ([\d.]+:\d+)/.exec(server.output())?.[1];
  if (!address) throw new Error(`no gRPC address in:\n${server.output()}`);
  return address;
};

const hostsOf = (body: Record<string, unknown>) =>
  ((body.serviceInfo as { hosts?: Array<{ ip: string }> }).hosts ?? []).map((host) => host.ip).sort();

describe('Nacos gRPC and HTTP clients on two servers sharing PostgreSQL and Redis see one registry and one config store', () => {
  let database: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let token: string;
  const clients: NacosGrpcTestClient[] = [];

  const connect = async (server: ServerProcess) => {
    const client = await NacosGrpcTestClient.connect(grpcAddressOf(server), token);
    clients.push(client);
    return client;
  };
  const httpForm = (server: ServerProcess, route: string, values: Record<string, string>, method = 'POST') =>
    fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...values, accessToken: token }),
    });
  const httpHosts = async (server: ServerProcess, serviceName: string) => {
    const answer = await fetch(`${server.url}/nacos/v1/ns/instance/list?serviceName=${serviceName}&accessToken=${token}`);
    return ((await answer.json()) as { hosts: Array<{ ip: string }> }).hosts.map((host) => host.ip).sort();
  };

  beforeAll(async () => {
    const shared = await sharedInfrastructure();
    database = shared.database;
    const env = {
      ...shared.env,
      GATEWAY_PORT: 'off',
      NODE_ENV: 'test',
    };
    const start = () => startServerProcess({ args: ['--enable-source-maps', 'dist/main.js'], cwd: serverDir, env, readyWith: 'server' });
    first = await start();
    second = await start();
    const login = await fetch(`${first.url}/nacos/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'sysadmin', password: 'Qiming@2026' }),
    });
    token = ((await login.json()) as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it('pushes to a subscriber on one server the instances registered over gRPC and HTTP on the other, and their going', async () => {
    const provider = await connect(first);
    const subscriber = await connect(second);
    const instance = (ip: string) => ({
      ip,
      port: 7000,
      weight: 1,
      healthy: true,
      enabled: true,
      ephemeral: true,
      clusterName: 'DEFAULT',
      metadata: {},
    });
    const service = { namespace: 'public', serviceName: 'stock', groupName: 'DEFAULT_GROUP' };

    const subscribed = await subscriber.request('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' });
    expect(subscribed.body.resultCode).toBe(200);
    await provider.request('InstanceRequest', { ...service, type: 'registerInstance', instance: instance('10.6.0.1') });
    const pushed = await subscriber.nextPush('NotifySubscriberRequest', (body) => hostsOf(body).includes('10.6.0.1'));
    expect(hostsOf(pushed.body)).toEqual(['10.6.0.1']);
    expect(await httpHosts(second, 'stock')).toEqual(['10.6.0.1']);

    const viaHttp = await httpForm(first, '/nacos/v1/ns/instance', { serviceName: 'stock', ip: '10.6.0.2', port: '7000' });
    expect(await viaHttp.text()).toBe('ok');
    await subscriber.nextPush('NotifySubscriberRequest', (body) => hostsOf(body).length === 2);

    subscriber.clearPushes();
    provider.close();
    const after = await subscriber.nextPush('NotifySubscriberRequest', (body) => hostsOf(body).length === 1);
    expect(hostsOf(after.body)).toEqual(['10.6.0.2']);
    expect(await httpHosts(second, 'stock')).toEqual(['10.6.0.2']);
  });

  it('pushes config changes made on either server, over either protocol, to gRPC listeners and HTTP long polls on the other', async () => {
    const writer = await connect(first);
    const listener = await connect(second);
    const key = { dataId: 'shared.yaml', group: 'DEFAULT_GROUP', tenant: '' };

    expect((await writer.request('ConfigPublishRequest', { ...key, content: 'v: 1', additionMap: { type: 'yaml' } })).body.resultCode).toBe(
      200,
    );
    const md5 = (await listener.request('ConfigQueryRequest', key)).body.md5 as string;
    expect(
      (await listener.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5 }] })).body.changedConfigs,
    ).toEqual([]);

    // gRPC publish on the first server, gRPC listener on the second.
    await writer.request('ConfigPublishRequest', { ...key, content: 'v: 2', additionMap: { type: 'yaml' } });
    await listener.nextPush('ConfigChangeNotifyRequest');
    const onSecond = await listener.request('ConfigQueryRequest', key);
    expect(onSecond.body.content).toBe('v: 2');

    // HTTP publish on the first server, gRPC listener on the second.
    listener.clearPushes();
    await listener.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5: onSecond.body.md5 }] });
    const published = await httpForm(first, '/nacos/v1/cs/configs', {
      dataId: 'shared.yaml',
      group: 'DEFAULT_GROUP',
      content: 'v: 3',
      type: 'yaml',
    });
    expect(await published.text()).toBe('true');
    await listener.nextPush('ConfigChangeNotifyRequest');

    // gRPC publish on the second server, HTTP long poll on the first.
    const current = (await writer.request('ConfigQueryRequest', key)).body.md5 as string;
    const poll = fetch(`${first.url}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { 'long-pulling-timeout': '30000', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'Listening-Configs': `shared.yaml\u0002DEFAULT_GROUP\u0002${current}\u0001`, accessToken: token }),
    });
    await listener.request('ConfigPublishRequest', { ...key, content: 'v: 4', additionMap: { type: 'yaml' } });
    expect(await (await poll).text()).toBe(encodeURIComponent('shared.yaml\u0002DEFAULT_GROUP\u0001'));
    await eventually(
      async () => (await writer.request('ConfigQueryRequest', key)).body.content,
      (content) => content === 'v: 4',
    );
  });
});
