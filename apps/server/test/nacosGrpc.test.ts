import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freePort, NacosGrpcTestClient } from './nacosGrpcClient.ts';
import { createTestApp, form, staff, sysadmin, type TestApp } from './testApp.ts';

interface Host {
  ip: string;
  port: number;
  healthy: boolean;
  ephemeral: boolean;
  metadata: Record<string, string>;
}

const hostsOf = (body: Record<string, unknown>) =>
  ((body.serviceInfo as { hosts: Host[] }).hosts ?? []).map((host) => `${host.ip}:${host.port}`).sort();

describe(`Nacos 2 gRPC clients against Qiming (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let test: TestApp;
  let address: string;
  let httpAddress: string;
  let token: string;
  const clients: NacosGrpcTestClient[] = [];

  const login = async (account: { userName: string; password: string }) => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/nacos/v1/auth/login',
      ...form({ username: account.userName, password: account.password }),
    });
    return answer.json().accessToken as string;
  };
  const connect = async (accessToken: string | undefined = token) => {
    const client = await NacosGrpcTestClient.connect(address, accessToken);
    clients.push(client);
    return client;
  };
  const httpList = async (serviceName: string) => {
    const answer = await test.app.inject({
      method: 'GET',
      url: `/nacos/v1/ns/instance/list?serviceName=${serviceName}&accessToken=${token}`,
    });
    return (answer.json().hosts as Host[]).map((host) => `${host.ip}:${host.port}`).sort();
  };
  const register = (client: NacosGrpcTestClient, serviceName: string, ip: string, type = 'registerInstance', extra = {}) =>
    client.request('InstanceRequest', {
      namespace: 'public',
      serviceName,
      groupName: 'DEFAULT_GROUP',
      type,
      instance: {
        ip,
        port: 8080,
        weight: 1,
        healthy: true,
        enabled: true,
        ephemeral: true,
        clusterName: 'DEFAULT',
        metadata: { zone: 'a' },
        ...extra,
      },
    });

  beforeAll(async () => {
    const port = await freePort();
    test = await createTestApp({ realTime: true, config: { nacosGrpcPort: port } });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    address = `127.0.0.1:${port}`;
    httpAddress = `http://127.0.0.1:${(test.app.server.address() as { port: number }).port}`;
    token = await login(sysadmin);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await test.close();
  });

  it('sets a connection up: server check names it, a request before set-up is refused, the set-up is acknowledged', async () => {
    const client = await connect();
    expect(client.connectionId).toMatch(/^\d+_127\.0\.0\.1_\d+$/);
    expect(client.pushes[0]?.body.abilityTable).toMatchObject({ supportPersistentInstanceByGrpc: true });
    const health = await client.request('HealthCheckRequest', {});
    expect(health).toMatchObject({ type: 'HealthCheckResponse', body: { resultCode: 200 } });

    // Without the stream's set-up a connection is unknown to the server, as in Nacos.
    const { credentials } = await import('@grpc/grpc-js');
    const { loadNacosServices, payloadOf } = await import('../src/modules/governance/nacosGrpc/payload.ts');
    const bare = new (loadNacosServices().clients.Request)(address, credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 });
    const answer = await new Promise<{ metadata: { type: string }; body: { value: Buffer } }>((resolve, reject) =>
      (bare as unknown as { request(p: unknown, done: (e: Error | null, a: never) => void): void }).request(
        payloadOf(
          'ServiceListRequest',
          { namespace: 'public', groupName: 'DEFAULT_GROUP', pageNo: 1, pageSize: 10 },
          { accessToken: token },
        ),
        (error, value) => (error ? reject(error) : resolve(value)),
      ),
    );
    bare.close();
    expect(answer.metadata.type).toBe('ErrorResponse');
    expect(JSON.parse(answer.body.value.toString())).toMatchObject({
      resultCode: 500,
      errorCode: 301,
      message: 'Connection is unregistered.',
    });
  });

  it('registers over gRPC into the one registry, pushes changes to subscribers, and removes the instance when its connection closes', async () => {
    const provider = await connect();
    const consumer = await connect();

    const registered = await register(provider, 'orders', '10.1.0.1');
    expect(registered).toMatchObject({ type: 'InstanceResponse', body: { resultCode: 200, type: 'registerInstance' } });
    expect(await httpList('orders')).toEqual(['10.1.0.1:8080']);

    const query = await consumer.request('ServiceQueryRequest', {
      namespace: 'public',
      serviceName: 'orders',
      groupName: 'DEFAULT_GROUP',
      cluster: '',
      healthyOnly: false,
    });
    expect(query.type).toBe('QueryServiceResponse');
    expect(query.body.serviceInfo).toMatchObject({ name: 'orders', groupName: 'DEFAULT_GROUP' });
    expect((query.body.serviceInfo as { hosts: Host[] }).hosts[0]).toMatchObject({
      ip: '10.1.0.1',
      ephemeral: true,
      metadata: { zone: 'a' },
    });

    const subscribed = await consumer.request('SubscribeServiceRequest', {
      namespace: 'public',
      serviceName: 'orders',
      groupName: 'DEFAULT_GROUP',
      subscribe: true,
      clusters: '',
    });
    expect(subscribed.type).toBe('SubscribeServiceResponse');
    expect(hostsOf(subscribed.body)).toEqual(['10.1.0.1:8080']);

    // An HTTP client's registration reaches the gRPC subscriber.
    const viaHttp = await test.app.inject({
      method: 'POST',
      url: '/nacos/v1/ns/instance',
      ...form({ serviceName: 'orders', ip: '10.1.0.2', port: 8080, accessToken: token }),
    });
    expect(viaHttp.statusCode).toBe(200);
    const both = await consumer.nextPush('NotifySubscriberRequest', (body) => hostsOf(body).length === 2);
    expect(hostsOf(both.body)).toEqual(['10.1.0.1:8080', '10.1.0.2:8080']);
    expect(both.body).toMatchObject({ namespace: 'public', serviceName: 'orders', groupName: 'DEFAULT_GROUP' });

    // The provider goes away: its instance goes with its connection, and the subscriber hears of it.
    consumer.clearPushes();
    provider.close();
    const after = await consumer.nextPush('NotifySubscriberRequest', (body) => hostsOf(body).length === 1);
    expect(hostsOf(after.body)).toEqual(['10.1.0.2:8080']);
    expect(await httpList('orders')).toEqual(['10.1.0.2:8080']);

    const stopped = await consumer.request('SubscribeServiceRequest', {
      namespace: 'public',
      serviceName: 'orders',
      groupName: 'DEFAULT_GROUP',
      subscribe: false,
      clusters: '',
    });
    expect(stopped.body.resultCode).toBe(200);
  });

  it("deregisters on request, batch-registers a connection's instances, keeps persistent ones past the connection, lists services", async () => {
    const client = await connect();
    await register(client, 'billing', '10.2.0.1');
    const gone = await register(client, 'billing', '10.2.0.1', 'deregisterInstance');
    expect(gone.body).toMatchObject({ resultCode: 200, type: 'deregisterInstance' });
    expect(await httpList('billing')).toEqual([]);

    const instance = (ip: string) => ({
      ip,
      port: 9000,
      weight: 1,
      healthy: true,
      enabled: true,
      ephemeral: true,
      clusterName: 'DEFAULT',
      metadata: {},
    });
    const batch = (ips: string[]) =>
      client.request('BatchInstanceRequest', {
        namespace: 'public',
        serviceName: 'billing',
        groupName: 'DEFAULT_GROUP',
        type: 'batchRegisterInstance',
        instances: ips.map(instance),
      });
    expect((await batch(['10.2.0.2', '10.2.0.3'])).body).toMatchObject({ resultCode: 200, type: 'batchRegisterInstance' });
    expect(await httpList('billing')).toEqual(['10.2.0.2:9000', '10.2.0.3:9000']);
    expect((await batch(['10.2.0.3'])).type).toBe('BatchInstanceResponse');
    expect(await httpList('billing')).toEqual(['10.2.0.3:9000']);

    const persistent = await client.request('PersistentInstanceRequest', {
      namespace: 'public',
      serviceName: 'ledger',
      groupName: 'DEFAULT_GROUP',
      type: 'registerInstance',
      instance: { ...instance('10.2.0.9'), ephemeral: false },
    });
    expect(persistent).toMatchObject({ type: 'InstanceResponse', body: { resultCode: 200 } });

    const listed = await client.request('ServiceListRequest', {
      namespace: 'public',
      groupName: 'DEFAULT_GROUP',
      pageNo: 1,
      pageSize: 100,
    });
    expect(listed.type).toBe('ServiceListResponse');
    expect(listed.body.serviceNames).toEqual(expect.arrayContaining(['billing', 'ledger', 'orders']));

    client.close();
    await eventually(
      () => httpList('billing'),
      (hosts) => hosts.length === 0,
    );
    expect(await httpList('ledger')).toEqual(['10.2.0.9:9000']);
  });

  it('publishes, queries and removes configs with CAS, and pushes changes from HTTP and gRPC to gRPC listeners', async () => {
    const writer = await connect();
    const listener = await connect();
    const key = { dataId: 'orders.yaml', group: 'DEFAULT_GROUP', tenant: '' };

    const missing = await writer.request('ConfigQueryRequest', key);
    expect(missing).toMatchObject({
      type: 'ConfigQueryResponse',
      body: { resultCode: 500, errorCode: 300, message: 'config data not exist' },
    });

    const published = await writer.request('ConfigPublishRequest', {
      ...key,
      content: 'a: 1',
      additionMap: { type: 'yaml', appName: 'orders' },
    });
    expect(published).toMatchObject({ type: 'ConfigPublishResponse', body: { resultCode: 200 } });
    const read = await writer.request('ConfigQueryRequest', key);
    expect(read.body).toMatchObject({ resultCode: 200, content: 'a: 1', contentType: 'yaml' });
    const md5 = read.body.md5 as string;
    expect(md5).toMatch(/^[0-9a-f]{32}$/);

    const listen = await listener.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5 }] });
    expect(listen).toMatchObject({ type: 'ConfigChangeBatchListenResponse', body: { resultCode: 200, changedConfigs: [] } });
    const stale = await listener.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5: '' }] });
    expect(stale.body.changedConfigs).toEqual([{ group: 'DEFAULT_GROUP', dataId: 'orders.yaml', tenant: '' }]);
    await listener.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5 }] });

    // Compare-and-set with a stale MD5 is refused and writes nothing.
    const refused = await writer.request('ConfigPublishRequest', { ...key, content: 'a: 2', casMd5: '0'.repeat(32) });
    expect(refused.body).toMatchObject({ resultCode: 500, errorCode: 500, message: 'Cas publish fail, server md5 may have changed.' });
    expect((await writer.request('ConfigQueryRequest', key)).body.content).toBe('a: 1');

    const viaHttp = await test.app.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      ...form({ dataId: 'orders.yaml', group: 'DEFAULT_GROUP', content: 'a: 3', type: 'yaml', accessToken: token }),
    });
    expect(viaHttp.body).toBe('true');
    const pushed = await listener.nextPush('ConfigChangeNotifyRequest');
    expect(pushed.body).toMatchObject(key);

    listener.clearPushes();
    const newMd5 = (await listener.request('ConfigQueryRequest', key)).body.md5 as string;
    await listener.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5: newMd5 }] });
    const cas = await writer.request('ConfigPublishRequest', { ...key, content: 'a: 4', casMd5: newMd5, additionMap: { type: 'yaml' } });
    expect(cas.body.resultCode).toBe(200);
    await listener.nextPush('ConfigChangeNotifyRequest');

    // An HTTP long poll hears a gRPC publish.
    const lastMd5 = (await writer.request('ConfigQueryRequest', key)).body.md5 as string;
    const poll = fetch(`${httpAddress}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { 'long-pulling-timeout': '30000', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'Listening-Configs': `orders.yaml\u0002DEFAULT_GROUP\u0002${lastMd5}\u0001`, accessToken: token }),
    });
    // Held before the publish or not, the poll answers with the changed config.
    await writer.request('ConfigPublishRequest', { ...key, content: 'a: 5', additionMap: { type: 'yaml' } });
    expect(await (await poll).text()).toBe(encodeURIComponent('orders.yaml\u0002DEFAULT_GROUP\u0001'));

    listener.clearPushes();
    const removed = await writer.request('ConfigRemoveRequest', key);
    expect(removed).toMatchObject({ type: 'ConfigRemoveResponse', body: { resultCode: 200 } });
    await listener.nextPush('ConfigChangeNotifyRequest');
    expect((await writer.request('ConfigQueryRequest', key)).body.errorCode).toBe(300);
  });

  it('answers bad requests as Nacos does and keeps serving: unknown type, bad JSON, bad fields, huge payloads, missing or weak tokens', async () => {
    const client = await connect();
    const unknown = await client.request('NoSuchRequest', {});
    expect(unknown).toMatchObject({
      type: 'ErrorResponse',
      body: { resultCode: 500, errorCode: 302, message: 'RequestHandler Not Found' },
    });

    const badJson = await client.raw('ConfigQueryRequest', Buffer.from('{"dataId": '));
    expect(badJson).toMatchObject({ type: 'ErrorResponse', body: { resultCode: 500, errorCode: 502 } });

    const badPort = await register(client, 'orders', '10.3.0.1', 'registerInstance', { port: 0 });
    expect(badPort.type).toBe('InstanceResponse');
    expect(badPort.body).toMatchObject({ resultCode: 500, errorCode: 400 });
    expect(String(badPort.body.message)).toContain('instance.port');
    const spanish = await client.request(
      'ConfigQueryRequest',
      { dataId: '', group: 'DEFAULT_GROUP', tenant: '' },
      { accessToken: token, 'Accept-Language': 'es' },
    );
    expect(spanish.body.errorCode).toBe(400);
    expect(String(spanish.body.message)).not.toBe(String(badPort.body.message));
    const noNamespace = await client.request('ConfigQueryRequest', { dataId: 'x', group: 'DEFAULT_GROUP', tenant: 'nowhere' });
    expect(noNamespace.body).toMatchObject({ resultCode: 500, errorCode: 400 });

    const huge = client.request('ConfigPublishRequest', {
      dataId: 'huge',
      group: 'DEFAULT_GROUP',
      tenant: '',
      content: 'x'.repeat(2 * 1024 * 1024),
    });
    await expect(huge).rejects.toMatchObject({ code: 8 });
    const tooLarge = await client.request('ConfigPublishRequest', {
      dataId: 'large',
      group: 'DEFAULT_GROUP',
      tenant: '',
      content: 'x'.repeat(200 * 1024),
    });
    expect(tooLarge.body).toMatchObject({ resultCode: 500, errorCode: 400 });

    const anonymous = await client.request(
      'ServiceListRequest',
      { namespace: 'public', groupName: 'DEFAULT_GROUP', pageNo: 1, pageSize: 10 },
      {},
    );
    expect(anonymous).toMatchObject({ type: 'ServiceListResponse', body: { resultCode: 500, errorCode: 403, message: 'user not found!' } });
    const forged = await client.request('ServiceListRequest', { pageNo: 1, pageSize: 10 }, { accessToken: 'not-a-token' });
    expect(forged.body).toMatchObject({ errorCode: 403, message: 'token invalid!' });
    const staffToken = await login(staff);
    const weak = await client.request(
      'ConfigPublishRequest',
      { dataId: 'x', group: 'DEFAULT_GROUP', tenant: '', content: 'y' },
      { accessToken: staffToken },
    );
    expect(weak).toMatchObject({ type: 'ConfigPublishResponse', body: { errorCode: 403, message: 'authorization failed!' } });

    // Still serving after all of that.
    expect((await client.request('HealthCheckRequest', {})).body.resultCode).toBe(200);
    const after = await client.request('ServiceListRequest', { namespace: 'public', groupName: 'DEFAULT_GROUP', pageNo: 1, pageSize: 10 });
    expect(after.body.resultCode).toBe(200);
  });
});
