import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, staff, sysadmin, type TestApp } from './testApp.ts';

/** Nacos's v2 open API: the v1 operations answered as `{code, message, data}`, refusals with Nacos's ErrorCode. */
describe('the Nacos v2 open API', () => {
  let test: TestApp;
  let accessToken: string;
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, params: Record<string, string | number> = {}) =>
    method === 'GET' || method === 'DELETE'
      ? test.app.inject({ method, url: `${url}?${query({ ...params, accessToken })}` })
      : test.app.inject({ method, url, ...form({ ...params, accessToken }) });

  beforeAll(async () => {
    test = await createTestApp();
    const login = await test.app.inject({
      method: 'POST',
      url: '/nacos/v1/auth/login',
      ...form({ username: sysadmin.userName, password: sysadmin.password }),
    });
    accessToken = login.json().accessToken;
  });
  afterAll(() => test.close());

  describe('config', () => {
    const key = { dataId: 'v2.yaml', group: 'DEFAULT_GROUP' };

    it('publishes, reads and deletes a config; a missing one is 404 with code 20004', async () => {
      expect((await call('POST', '/nacos/v2/cs/config', { ...key, content: 'a: 1', type: 'yaml' })).json()).toEqual({
        code: 0,
        message: 'success',
        data: true,
      });
      expect((await call('GET', '/nacos/v2/cs/config', key)).json()).toEqual({ code: 0, message: 'success', data: 'a: 1' });
      // The v1 API sees the same store.
      expect((await call('GET', '/nacos/v1/cs/configs', key)).body).toBe('a: 1');
      expect((await call('DELETE', '/nacos/v2/cs/config', key)).json().data).toBe(true);
      const missing = await call('GET', '/nacos/v2/cs/config', key);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 20004, message: 'resource not found', data: 'config data not exist' });
    });

    it('takes namespaceId as the tenant; an unknown namespace is 22001', async () => {
      await call('POST', '/nacos/v2/console/namespace', { namespaceId: 'v2ns', namespaceName: 'V2' });
      await call('POST', '/nacos/v2/cs/config', { ...key, content: 'ns: 1', namespaceId: 'v2ns' });
      expect((await call('GET', '/nacos/v1/cs/configs', { ...key, tenant: 'v2ns' })).body).toBe('ns: 1');
      await call('POST', '/nacos/v2/cs/config', {
        ...key,
        content: 'ns: 2',
        namespaceId: 'v2ns',
        configTags: 'blue,green',
        appName: 'shop',
      });
      const found = await call('GET', '/nacos/v1/cs/configs', { search: 'accurate', ...key, tenant: 'v2ns', config_tags: 'blue' });
      expect(found.json().pageItems).toMatchObject([{ content: 'ns: 2', appName: 'shop' }]);
      const unknown = await call('GET', '/nacos/v2/cs/config', { ...key, namespaceId: 'nowhere' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 22001, message: 'namespace not exist' });
    });

    it('refuses a CAS publish over another MD5 with 500 code 20005, keeping the content', async () => {
      await call('POST', '/nacos/v2/cs/config', { ...key, content: 'cas: 1' });
      const refused = await test.app.inject({
        method: 'POST',
        url: '/nacos/v2/cs/config',
        ...form({ ...key, content: 'cas: 2', accessToken }),
        headers: { ...form({}).headers, casMd5: '0'.repeat(32) },
      });
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({ code: 20005, message: 'resource conflict', data: 'Cas publish fail, server md5 may have changed.' });
      expect((await call('GET', '/nacos/v2/cs/config', key)).json().data).toBe('cas: 1');
    });

    it('tells a missing parameter (10000) from a bad one (20002)', async () => {
      const missing = await call('GET', '/nacos/v2/cs/config', { group: 'DEFAULT_GROUP' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 10000, message: 'parameter missing' });
      expect(missing.json().data).toContain('dataId');
      const bad = await call('GET', '/nacos/v2/cs/config', { dataId: 'a b/c', group: 'DEFAULT_GROUP' });
      expect(bad.json()).toMatchObject({ code: 20002, message: 'parameter validate error' });
    });

    it('answers history: a page, one version, the one before, and the configs of a namespace', async () => {
      const historyKey = { dataId: 'v2history', group: 'DEFAULT_GROUP' };
      for (const content of ['h=1', 'h=2']) await call('POST', '/nacos/v2/cs/config', { ...historyKey, content });
      const page = (await call('GET', '/nacos/v2/cs/history/list', { ...historyKey, pageNo: 1, pageSize: 10 })).json();
      expect(page).toMatchObject({ code: 0, data: { totalCount: 2, pageNumber: 1, pagesAvailable: 1 } });
      const [newest, first] = page.data.pageItems;
      expect((await call('GET', '/nacos/v2/cs/history', { ...historyKey, nid: newest.id })).json().data).toMatchObject({ content: 'h=2' });
      expect((await call('GET', '/nacos/v2/cs/history/previous', { ...historyKey, id: newest.id })).json().data).toMatchObject({
        content: 'h=1',
      });
      const none = await call('GET', '/nacos/v2/cs/history/previous', { ...historyKey, id: first.id });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({
        code: 20004,
        message: 'resource not found',
        data: `previous config history for id = ${first.id} not exist`,
      });
      const configs = (await call('GET', '/nacos/v2/cs/history/configs', { namespaceId: 'public' })).json().data;
      expect(configs.map((config: { dataId: string }) => config.dataId)).toContain('v2history');
      expect((await call('GET', '/nacos/v2/cs/history/configs')).json().code).toBe(10000);
    });
  });

  describe('naming', () => {
    const address = { serviceName: 'v2svc', ip: '10.20.0.1', port: 8080 };

    it('registers, reads, lists, updates and deregisters an instance', async () => {
      expect((await call('POST', '/nacos/v2/ns/instance', { ...address, weight: 2, metadata: '{"v":"1"}' })).json()).toEqual({
        code: 0,
        message: 'success',
        data: 'ok',
      });
      const detail = (await call('GET', '/nacos/v2/ns/instance', address)).json().data;
      expect(detail).toMatchObject({ serviceName: 'DEFAULT_GROUP@@v2svc', ip: '10.20.0.1', port: 8080, weight: 2, metadata: { v: '1' } });
      const listed = (await call('GET', '/nacos/v2/ns/instance/list', { serviceName: 'v2svc' })).json().data;
      expect(listed).toMatchObject({ name: 'DEFAULT_GROUP@@v2svc', groupName: 'DEFAULT_GROUP' });
      expect(listed.hosts).toHaveLength(1);
      expect((await call('PUT', '/nacos/v2/ns/instance', { ...address, weight: 5 })).json().data).toBe('ok');
      expect((await call('GET', '/nacos/v1/ns/instance', address)).json().weight).toBe(5);
      expect((await call('DELETE', '/nacos/v2/ns/instance', address)).json().data).toBe('ok');
      const gone = await call('GET', '/nacos/v2/ns/instance', address);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ code: 20004, message: 'resource not found', data: 'no matched ip found!' });
    });

    it('lists only the named clusters with clusterName', async () => {
      await call('POST', '/nacos/v2/ns/instance', { serviceName: 'zoned', ip: '10.21.0.1', port: 1, clusterName: 'east' });
      await call('POST', '/nacos/v2/ns/instance', { serviceName: 'zoned', ip: '10.21.0.2', port: 1, clusterName: 'west' });
      const east = (await call('GET', '/nacos/v2/ns/instance/list', { serviceName: 'zoned', clusterName: 'east' })).json().data;
      expect(east.hosts.map((host: { ip: string }) => host.ip)).toEqual(['10.21.0.1']);
    });

    it('answers a beat as v1 does (outside Result), 20404 for an unknown instance', async () => {
      const beat = await call('PUT', '/nacos/v2/ns/instance/beat', { serviceName: 'nobody', ip: '10.22.0.1', port: 1 });
      expect(beat.json()).toEqual({ clientBeatInterval: 5000, code: 20404, lightBeatEnabled: true });
    });

    it('creates, reads, updates, lists and deletes a service with Nacos codes for refusals', async () => {
      expect((await call('POST', '/nacos/v2/ns/service', { serviceName: 'catalog', protectThreshold: 0.3 })).json().data).toBe('ok');
      const twice = await call('POST', '/nacos/v2/ns/service', { serviceName: 'catalog' });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({
        code: 21007,
        message: 'service already exist',
        data: 'specified service DEFAULT_GROUP@@catalog already exists!',
      });
      await call('PUT', '/nacos/v2/ns/service', { serviceName: 'catalog', protectThreshold: 0.6, metadata: 'k=v' });
      const read = (await call('GET', '/nacos/v2/ns/service', { serviceName: 'catalog' })).json().data;
      expect(read).toMatchObject({
        namespace: 'public',
        serviceName: 'catalog',
        groupName: 'DEFAULT_GROUP',
        protectThreshold: 0.6,
        metadata: { k: 'v' },
      });
      const listed = (await call('GET', '/nacos/v2/ns/service/list', { pageNo: 1, pageSize: 100 })).json().data;
      expect(listed.services).toContain('catalog');
      expect(listed.count).toBe(listed.services.length);
      expect((await call('DELETE', '/nacos/v2/ns/service', { serviceName: 'catalog' })).json().data).toBe('ok');
      const unknown = await call('GET', '/nacos/v2/ns/service', { serviceName: 'catalog' });
      expect(unknown.json()).toMatchObject({ code: 21008, message: 'service not exist' });
    });

    it("sets a persistent instance's health and batch metadata", async () => {
      const persistent = { serviceName: 'store', ip: '10.23.0.1', port: 9000, ephemeral: 'false' };
      await call('POST', '/nacos/v2/ns/instance', persistent);
      expect((await call('PUT', '/nacos/v2/ns/health/instance', { ...persistent, healthy: 'false' })).json().data).toBe('ok');
      expect((await call('GET', '/nacos/v2/ns/instance', persistent)).json().data.healthy).toBe(false);
      const miss = await call('PUT', '/nacos/v2/ns/health/instance', persistent);
      expect(miss.json()).toMatchObject({ code: 21010, message: 'healthy param miss' });
      const batch = await call('PUT', '/nacos/v2/ns/instance/metadata/batch', {
        serviceName: 'store',
        consistencyType: 'persistent',
        metadata: 'disk=ssd',
      });
      expect(batch.json().data).toEqual({ updated: ['10.23.0.1:9000:unknown:DEFAULT:persistent'] });
    });

    it('reads switches and metrics, refuses a switch change with 10001', async () => {
      expect((await call('GET', '/nacos/v2/ns/operator/switches')).json().data.clientBeatInterval).toBe(5000);
      expect((await call('GET', '/nacos/v2/ns/operator/metrics')).json().data.status).toBe('UP');
      const change = await call('PUT', '/nacos/v2/ns/operator/switches', { entry: 'pushEnabled', value: 'true' });
      expect(change.statusCode).toBe(403);
      expect(change.json()).toMatchObject({ code: 10001, message: 'access denied' });
    });
  });

  describe('console and core', () => {
    it('creates, reads, lists, edits and deletes a namespace; refusals carry 22000', async () => {
      expect((await call('POST', '/nacos/v2/console/namespace', { namespaceId: 'stage', namespaceName: 'Stage' })).json().data).toBe(true);
      const twice = await call('POST', '/nacos/v2/console/namespace', { namespaceId: 'stage', namespaceName: 'Stage' });
      expect(twice.json()).toEqual({ code: 22000, message: 'illegal namespace', data: 'the namespaceId is existed, namespaceId: stage' });
      const illegal = await call('POST', '/nacos/v2/console/namespace', { namespaceId: 'x', namespaceName: 'a@b' });
      expect(illegal.json()).toMatchObject({ code: 22000, data: 'namespaceName [a@b] contains illegal char' });
      await call('PUT', '/nacos/v2/console/namespace', { namespaceId: 'stage', namespaceName: 'Staging', namespaceDesc: 'pre-prod' });
      expect((await call('GET', '/nacos/v2/console/namespace', { namespaceId: 'stage' })).json().data).toMatchObject({
        namespace: 'stage',
        namespaceShowName: 'Staging',
        namespaceDesc: 'pre-prod',
      });
      const listed = (await call('GET', '/nacos/v2/console/namespace/list')).json().data;
      expect(listed[0]).toMatchObject({ namespace: '', type: 0 });
      expect((await call('DELETE', '/nacos/v2/console/namespace', { namespaceId: 'stage' })).json().data).toBe(true);
      expect((await call('GET', '/nacos/v2/console/namespace', { namespaceId: 'stage' })).json()).toMatchObject({ code: 22001 });
    });

    it('lists this server as the cluster node', async () => {
      const nodes = (await call('GET', '/nacos/v2/core/cluster/node/list')).json().data;
      expect(nodes).toHaveLength(1);
      expect(nodes[0]).toMatchObject({ state: 'UP', address: `${test.context.config.host}:${test.context.config.port}` });
    });
  });

  describe('access', () => {
    it('refuses a call without a token with 403 code 10001, and takes the token as a header', async () => {
      const none = await test.app.inject({ method: 'GET', url: '/nacos/v2/ns/service/list' });
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({ code: 10001, message: 'access denied' });
      const header = await test.app.inject({ method: 'GET', url: '/nacos/v2/ns/service/list', headers: { accessToken } });
      expect(header.json().code).toBe(0);
    });

    it('refuses an account without the Nacos client grant', async () => {
      const login = await test.app.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: staff.userName, password: staff.password }),
      });
      const refused = await test.app.inject({
        method: 'POST',
        url: '/nacos/v2/cs/config',
        ...form({ dataId: 'x', group: 'DEFAULT_GROUP', content: 'x', accessToken: login.json().accessToken }),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(10001);
    });
  });
});
