import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, grantOperations, insertRole } from '../src/modules/iam/roleRepo.ts';
import { freePort, NacosGrpcTestClient } from './nacosGrpcClient.ts';
import { createTestApp, form, signIn, staff, sysadmin, type TestApp } from './testApp.ts';

/**
 * Tokens bound to the account's grants on namespaces, as Nacos's RBAC binds a role to `namespace` + action:
 * an account whose role is granted write on team-a and read on team-r reads and writes team-a, only reads
 * team-r and is refused every other namespace, over HTTP v1, v2, gRPC and the back-office pages alike.
 */
describe(`Nacos tokens bound to namespace grants (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let test: TestApp;
  let grpcAddress: string;
  let adminBearer: string;
  let staffBearer: string;
  let staffToken: string;
  let roleId: number;
  const namespaceIds: Record<string, number> = {};
  const clients: NacosGrpcTestClient[] = [];
  const key = { dataId: 'app.yaml', group: 'DEFAULT_GROUP' };

  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)])).toString();
  const nacos = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    params: Record<string, string | number>,
    accessToken = staffToken,
  ) =>
    method === 'GET' || method === 'DELETE'
      ? test.app.inject({ method, url: `${url}?${query({ ...params, accessToken })}` })
      : test.app.inject({ method, url, ...form({ ...params, accessToken }) });
  const page = (method: 'GET' | 'PUT' | 'POST', url: string, bearer: string, payload?: unknown) =>
    test.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer}`, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const nacosLogin = async (account: { userName: string; password: string }) =>
    (
      await test.app.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: account.userName, password: account.password }),
      })
    ).json().accessToken as string;
  const setGrants = (namespace: string, grants: { roleId: number; access: 'read' | 'write' }[], bearer = adminBearer) =>
    page('PUT', `/api/admin/namespaces/${namespaceIds[namespace]}/grants`, bearer, { grants });

  beforeAll(async () => {
    const port = await freePort();
    test = await createTestApp({ realTime: true, config: { nacosGrpcPort: port } });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    grpcAddress = `127.0.0.1:${port}`;
    adminBearer = (await signIn(test.app, sysadmin)).access_token;
    const adminToken = await nacosLogin(sysadmin);
    for (const namespace of ['team-a', 'team-b', 'team-r']) {
      await nacos('POST', '/nacos/v1/console/namespaces', { customNamespaceId: namespace, namespaceName: namespace }, adminToken);
      await nacos('POST', '/nacos/v1/cs/configs', { ...key, tenant: namespace, content: `in: ${namespace}` }, adminToken);
    }
    const listed = await page('GET', '/api/admin/namespaces?pageSize=50', adminBearer);
    for (const namespace of listed.json().data.records) namespaceIds[namespace.namespaceId] = namespace.id;

    const account = await test.context.db
      .selectFrom('iam_account')
      .select('id')
      .where('user_name', '=', staff.userName)
      .executeTakeFirstOrThrow();
    roleId = await insertRole(test.context.db, { roleCode: 'team_a_client', roleName: 'Team A clients', roleType: 'common' });
    await grantOperations(test.context.db, roleId, ['registry:client', 'config:view', 'config:edit']);
    await assignRole(test.context.db, account.id, roleId);
    expect((await setGrants('team-a', [{ roleId, access: 'write' }])).statusCode).toBe(200);
    expect((await setGrants('team-r', [{ roleId, access: 'read' }])).statusCode).toBe(200);
    staffToken = await nacosLogin(staff);
    staffBearer = (await signIn(test.app, staff)).access_token;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await test.close();
  });

  it('lists a namespace’s grants with the roles that may be granted', async () => {
    const answer = (await page('GET', `/api/admin/namespaces/${namespaceIds['team-a']}/grants`, adminBearer)).json().data;
    expect(answer.grants).toEqual([{ roleId, roleCode: 'team_a_client', roleName: 'Team A clients', access: 'write' }]);
    expect(answer.roles.map((role: { id: number }) => role.id)).toContain(roleId);
  });

  it('over HTTP v1: reads and writes the granted namespace, only reads the read-only one, and is refused the others', async () => {
    expect((await nacos('GET', '/nacos/v1/cs/configs', { ...key, tenant: 'team-a' })).body).toBe('in: team-a');
    expect((await nacos('POST', '/nacos/v1/cs/configs', { ...key, tenant: 'team-a', content: 'changed' })).body).toBe('true');
    expect((await nacos('GET', '/nacos/v1/cs/configs', { ...key, tenant: 'team-r' })).body).toBe('in: team-r');
    for (const [method, params] of [
      ['GET', { ...key, tenant: 'team-b' }],
      ['GET', key],
      ['POST', { ...key, tenant: 'team-r', content: 'sneaky' }],
      ['DELETE', { ...key, tenant: 'team-b' }],
    ] as const) {
      const refused = await nacos(method, '/nacos/v1/cs/configs', params);
      expect([refused.statusCode, refused.body]).toEqual([403, 'authorization failed!']);
    }
    const instance = { serviceName: 'orders', ip: '10.9.0.1', port: 8080 };
    expect((await nacos('POST', '/nacos/v1/ns/instance', { ...instance, namespaceId: 'team-a' })).body).toBe('ok');
    expect((await nacos('POST', '/nacos/v1/ns/instance', { ...instance, namespaceId: 'team-b' })).statusCode).toBe(403);
    expect((await nacos('GET', '/nacos/v1/ns/instance/list', { serviceName: 'orders', namespaceId: 'team-a' })).json().hosts).toHaveLength(
      1,
    );
    expect((await nacos('GET', '/nacos/v1/ns/service/list', { pageNo: 1, pageSize: 10, namespaceId: 'team-b' })).statusCode).toBe(403);
    expect((await nacos('GET', '/nacos/v1/cs/history', { search: 'accurate', ...key, tenant: 'team-b' })).statusCode).toBe(403);

    // A long poll watching a config of a namespace not granted is refused as a whole, before it waits.
    const watching = (tenant: string) => `${key.dataId}\u0002${key.group}\u0002\u0002${tenant}\u0001`;
    const listen = (tenant: string) =>
      test.app.inject({
        method: 'POST',
        url: '/nacos/v1/cs/configs/listener',
        headers: { 'long-pulling-timeout-no-hangup': 'true', 'long-pulling-timeout': '30000' },
        ...form({ 'Listening-Configs': watching(tenant), accessToken: staffToken }),
      });
    expect((await listen('team-r')).statusCode).toBe(200);
    expect([(await listen('team-b')).statusCode, (await listen('team-b')).body]).toEqual([403, 'authorization failed!']);
  });

  it('over HTTP v2: the same, refused with 403 and code 10001', async () => {
    expect((await nacos('GET', '/nacos/v2/cs/config', { ...key, namespaceId: 'team-r' })).json()).toEqual({
      code: 0,
      message: 'success',
      data: 'in: team-r',
    });
    const refused = await nacos('GET', '/nacos/v2/cs/config', { ...key, namespaceId: 'team-b' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 10001, message: 'access denied', data: 'authorization failed!' });
    expect((await nacos('POST', '/nacos/v2/cs/config', { ...key, namespaceId: 'team-r', content: 'x' })).statusCode).toBe(403);
    expect((await nacos('GET', '/nacos/v2/ns/instance/list', { serviceName: 'orders', namespaceId: 'team-a' })).json().code).toBe(0);
    expect((await nacos('GET', '/nacos/v2/ns/service/list', { namespaceId: 'team-b' })).json().code).toBe(10001);
  });

  it('over gRPC: the same, refused with errorCode 403 `authorization failed!`', async () => {
    const client = await NacosGrpcTestClient.connect(grpcAddress, staffToken);
    clients.push(client);
    expect((await client.request('ConfigQueryRequest', { ...key, tenant: 'team-r' })).body).toMatchObject({
      resultCode: 200,
      content: 'in: team-r',
    });
    const refusals = [
      await client.request('ConfigQueryRequest', { ...key, tenant: 'team-b' }),
      await client.request('ConfigPublishRequest', { ...key, tenant: 'team-r', content: 'x' }),
      await client.request('ConfigBatchListenRequest', {
        listen: true,
        configListenContexts: [
          { ...key, tenant: 'team-a', md5: '' },
          { ...key, tenant: 'team-b', md5: '' },
        ],
      }),
      await client.request('ServiceListRequest', { namespace: 'team-b', groupName: 'DEFAULT_GROUP', pageNo: 1, pageSize: 10 }),
      await client.request('InstanceRequest', {
        namespace: 'public',
        serviceName: 'orders',
        groupName: 'DEFAULT_GROUP',
        type: 'registerInstance',
        instance: { ip: '10.9.0.2', port: 8080 },
      }),
    ];
    for (const refused of refusals)
      expect(refused.body).toMatchObject({ resultCode: 500, errorCode: 403, message: 'authorization failed!' });
    const published = await client.request('ConfigPublishRequest', { ...key, tenant: 'team-a', content: 'over gRPC' });
    expect(published.body).toMatchObject({ resultCode: 200 });
  });

  it('on the back-office config pages: the granted namespace opens, another is refused in the caller’s language', async () => {
    expect((await page('GET', '/api/admin/configs/team-a/items', staffBearer)).statusCode).toBe(200);
    const refused = await page('GET', '/api/admin/configs/team-b/items', staffBearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your roles do not grant this on namespace team-b');
  });

  it('keeps a role narrowed: its last namespace grant cannot be taken away, and only a granter may grant', async () => {
    const last = await setGrants('team-a', []);
    expect(last.statusCode).toBe(200);
    const lastOne = await setGrants('team-r', []);
    expect(lastOne.statusCode).toBe(400);
    expect(lastOne.json().message).toMatch(/would reach every namespace/);
    expect((await nacos('GET', '/nacos/v1/cs/configs', { ...key, tenant: 'team-a' })).statusCode).toBe(403);
    // The staff account holds no grant operation: it cannot widen its own role.
    expect((await setGrants('team-b', [{ roleId, access: 'write' }], staffBearer)).statusCode).toBe(403);
  });
});
