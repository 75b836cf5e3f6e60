import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepInstances } from '../src/modules/governance/registry/instanceRepo.ts';
import { assignRole, grantOperations, insertRole } from '../src/modules/iam/roleRepo.ts';
import { createTestApp, form, staff, sysadmin, type TestApp } from './testApp.ts';

/** The rest of Nacos's v1 open API: services, health, batch metadata, operator, history and console namespaces. */
describe('the Nacos v1 open API, complete', () => {
  let test: TestApp;
  const admin = { username: sysadmin.userName, password: sysadmin.password };
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, params: Record<string, string | number>, as = admin) =>
    method === 'GET' || method === 'DELETE'
      ? test.app.inject({ method, url: `${url}?${query({ ...params, ...as })}` })
      : test.app.inject({ method, url, ...form({ ...params, ...as }) });
  const register = (params: Record<string, string | number>) => call('POST', '/nacos/v1/ns/instance', params);
  const instanceList = async (serviceName: string) =>
    (await call('GET', '/nacos/v1/ns/instance/list', { serviceName })).json().hosts as {
      ip: string;
      port: number;
      healthy: boolean;
      metadata: Record<string, string>;
    }[];

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  describe('services: POST, PUT, DELETE and list', () => {
    it('creates a service with its protect threshold and metadata, refuses it twice in Nacos words', async () => {
      const created = await call('POST', '/nacos/v1/ns/service', { serviceName: 'orders', protectThreshold: 0.5, metadata: 'team=pay' });
      expect([created.statusCode, created.body]).toEqual([200, 'ok']);
      const read = await call('GET', '/nacos/v1/ns/service', { serviceName: 'orders' });
      expect(read.json()).toMatchObject({ name: 'orders', groupName: 'DEFAULT_GROUP', protectThreshold: 0.5, metadata: { team: 'pay' } });
      const again = await call('POST', '/nacos/v1/ns/service', { serviceName: 'orders' });
      expect([again.statusCode, again.body]).toEqual([400, 'specified service DEFAULT_GROUP@@orders already exists!']);
    });

    it('takes group@@name and the selector none; refuses another selector and creates nothing', async () => {
      const created = await call('POST', '/nacos/v1/ns/service', {
        serviceName: 'PAY_GROUP@@billing',
        selector: encodeURIComponent('{"type":"none"}'),
      });
      expect(created.body).toBe('ok');
      const label = await call('POST', '/nacos/v1/ns/service', { serviceName: 'labelled', selector: '{"type":"label","expression":"x"}' });
      expect(label.statusCode).toBe(400);
      expect(label.json().message).toContain('selector');
      expect((await call('GET', '/nacos/v1/ns/service', { serviceName: 'labelled' })).statusCode).toBe(400);
      const listed = await call('GET', '/nacos/v1/ns/service/list', { groupName: 'PAY_GROUP', pageNo: 1, pageSize: 10 });
      expect(listed.json()).toEqual({ count: 1, doms: ['billing'] });
    });

    it('updates the threshold and metadata; an unknown service is 400 service not found', async () => {
      const updated = await call('PUT', '/nacos/v1/ns/service', {
        serviceName: 'orders',
        protectThreshold: 0.8,
        metadata: '{"team":"ops"}',
      });
      expect(updated.body).toBe('ok');
      const read = await call('GET', '/nacos/v1/ns/service', { serviceName: 'orders' });
      expect(read.json()).toMatchObject({ protectThreshold: 0.8, metadata: { team: 'ops' } });
      const unknown = await call('PUT', '/nacos/v1/ns/service', { serviceName: 'nowhere', protectThreshold: 0.1 });
      expect([unknown.statusCode, unknown.body]).toEqual([
        400,
        'service not found, namespace: public, serviceName: DEFAULT_GROUP@@nowhere',
      ]);
    });

    it('refuses a threshold outside 0..1 naming it, the service unchanged', async () => {
      const refused = await call('PUT', '/nacos/v1/ns/service', { serviceName: 'orders', protectThreshold: 3 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('protectThreshold');
      expect((await call('GET', '/nacos/v1/ns/service', { serviceName: 'orders' })).json().protectThreshold).toBe(0.8);
    });

    it('deletes only a service without instances, as Nacos', async () => {
      await register({ serviceName: 'busy', ip: '10.9.0.1', port: 80 });
      const busy = await call('DELETE', '/nacos/v1/ns/service', { serviceName: 'busy' });
      expect([busy.statusCode, busy.body]).toEqual([
        400,
        "Service DEFAULT_GROUP@@busy is not empty, can't be delete. Please unregister instance first",
      ]);
      const removed = await call('DELETE', '/nacos/v1/ns/service', { serviceName: 'orders' });
      expect(removed.body).toBe('ok');
      expect((await call('GET', '/nacos/v1/ns/service', { serviceName: 'orders' })).statusCode).toBe(400);
    });

    it('records service changes in the audit log under the caller', async () => {
      await call('POST', '/nacos/v1/ns/service', { serviceName: 'audited' });
      const row = await test.context.db
        .selectFrom('audit_operation_log')
        .selectAll()
        .where('target', '=', 'service:public/DEFAULT_GROUP@@audited')
        .executeTakeFirst();
      expect(row).toBeDefined();
    });
  });

  describe('persistent instances and their health', () => {
    it('keeps a persistent instance past missed beats and sets its health by PUT health/instance (healthy or valid)', async () => {
      await register({ serviceName: 'db', ip: '10.8.0.1', port: 5432, ephemeral: 'false' });
      await register({ serviceName: 'db', ip: '10.8.0.2', port: 5432 });
      // Ten minutes without a beat: the sweep every server runs removes the ephemeral one only.
      test.clock.advance(10 * 60_000);
      await sweepInstances(test.context.db, test.clock.now());
      expect((await instanceList('db')).map((host) => host.ip)).toEqual(['10.8.0.1']);

      const down = await call('PUT', '/nacos/v1/ns/health/instance', { serviceName: 'db', ip: '10.8.0.1', port: 5432, healthy: 'false' });
      expect(down.body).toBe('ok');
      expect((await instanceList('db'))[0]?.healthy).toBe(false);
      await call('PUT', '/nacos/v1/ns/health/instance', { serviceName: 'db', ip: '10.8.0.1', port: 5432, valid: 'true' });
      expect((await instanceList('db'))[0]?.healthy).toBe(true);
    });

    it("leaves an ephemeral instance's health to its beats, and asks for healthy", async () => {
      await register({ serviceName: 'web', ip: '10.8.1.1', port: 80 });
      expect(
        (await call('PUT', '/nacos/v1/ns/health/instance', { serviceName: 'web', ip: '10.8.1.1', port: 80, healthy: 'false' })).body,
      ).toBe('ok');
      expect((await instanceList('web'))[0]?.healthy).toBe(true);
      const missing = await call('PUT', '/nacos/v1/ns/health/instance', { serviceName: 'web', ip: '10.8.1.1', port: 80 });
      expect([missing.statusCode, missing.body]).toEqual([400, "Param 'healthy' is required."]);
    });
  });

  describe('batch metadata', () => {
    it('adds metadata to the listed instances and removes keys, answering the changed ones in Nacos form', async () => {
      await register({ serviceName: 'meta', ip: '10.7.0.1', port: 1, metadata: 'a=1' });
      await register({ serviceName: 'meta', ip: '10.7.0.2', port: 1, metadata: 'a=1' });
      const added = await call('PUT', '/nacos/v1/ns/instance/metadata/batch', {
        serviceName: 'meta',
        instances: JSON.stringify([{ ip: '10.7.0.1', port: 1 }]),
        metadata: 'zone=east,tier=gold',
      });
      expect(added.json()).toEqual({ updated: ['10.7.0.1:1:unknown:DEFAULT:ephemeral'] });
      expect((await instanceList('meta')).map((host) => host.metadata)).toEqual([{ a: '1', zone: 'east', tier: 'gold' }, { a: '1' }]);

      const removed = await call('DELETE', '/nacos/v1/ns/instance/metadata/batch', { serviceName: 'meta', metadata: '{"a":""}' });
      expect(removed.json().updated).toHaveLength(2);
      expect((await instanceList('meta')).map((host) => host.metadata)).toEqual([{ zone: 'east', tier: 'gold' }, {}]);
    });

    it('refuses malformed instances JSON naming it, changing nothing', async () => {
      const refused = await call('PUT', '/nacos/v1/ns/instance/metadata/batch', { serviceName: 'meta', instances: '[{', metadata: 'b=2' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('instances');
      expect((await instanceList('meta')).some((host) => 'b' in host.metadata)).toBe(false);
    });
  });

  describe('operator', () => {
    it('reads the switches, refuses to change one with 403, and lists this server', async () => {
      const switches = await call('GET', '/nacos/v1/ns/operator/switches', {});
      expect(switches.json()).toMatchObject({ name: '00-00---000-NACOS_SWITCH_DOMAIN-000---00-00', clientBeatInterval: 5000 });
      const change = await call('PUT', '/nacos/v1/ns/operator/switches', { entry: 'distroThreshold', value: '0.5' });
      expect([change.statusCode, change.body]).toEqual([403, 'authorization failed!']);
      const servers = await call('GET', '/nacos/v1/ns/operator/servers', {});
      expect(servers.json().servers).toHaveLength(1);
      expect(servers.json().servers[0]).toMatchObject({ alive: true, site: 'unknown' });
      expect((await call('GET', '/nacos/v1/ns/operator/metrics', {})).json()).toMatchObject({ status: 'UP' });
    });
  });

  describe('config history', () => {
    const key = { dataId: 'history.properties', group: 'DEFAULT_GROUP' };
    beforeAll(async () => {
      for (const content of ['v=1', 'v=2', 'v=3']) await call('POST', '/nacos/v1/cs/configs', { ...key, content });
    });

    it('lists versions newest first in pages (search=accurate)', async () => {
      const page = await call('GET', '/nacos/v1/cs/history', { search: 'accurate', ...key, pageNo: 1, pageSize: 2 });
      const body = page.json();
      expect(body).toMatchObject({ totalCount: 3, pageNumber: 1, pagesAvailable: 2 });
      expect(body.pageItems.map((item: { opType: string }) => item.opType)).toEqual(['U', 'U']);
      expect(body.pageItems[0]).toMatchObject({ ...key, tenant: '', srcUser: 'sysadmin' });
      expect(body.pageItems[0]).not.toHaveProperty('content');
      const last = await call('GET', '/nacos/v1/cs/history', { search: 'accurate', ...key, pageNo: 2, pageSize: 2 });
      expect(last.json().pageItems.map((item: { opType: string }) => item.opType)).toEqual(['I']);
    });

    it('reads one version by nid and the one before it; an unknown one is 404', async () => {
      const items = (await call('GET', '/nacos/v1/cs/history', { search: 'accurate', ...key })).json().pageItems;
      const newest = items[0].id;
      expect((await call('GET', '/nacos/v1/cs/history', { ...key, nid: newest })).json()).toMatchObject({ content: 'v=3', opType: 'U' });
      expect((await call('GET', '/nacos/v1/cs/history/previous', { ...key, id: newest })).json()).toMatchObject({ content: 'v=2' });
      const first = items[2].id;
      const none = await call('GET', '/nacos/v1/cs/history/previous', { ...key, id: first });
      expect([none.statusCode, none.body]).toEqual([404, `previous config history for id = ${first} not exist`]);
      // A version is read under its own config's name only; an unknown nid is 404.
      const other = await call('GET', '/nacos/v1/cs/history', { dataId: 'other.properties', group: 'DEFAULT_GROUP', nid: newest });
      expect([other.statusCode, other.body]).toEqual([403, 'Please check dataId, group or namespaceId.']);
      const unknown = await call('GET', '/nacos/v1/cs/history', { ...key, nid: 999_999 });
      expect([unknown.statusCode, unknown.body]).toEqual([404, 'certain config history for nid = 999999 not exist']);
    });

    it("lists a namespace's configs without their content", async () => {
      const listed = await call('GET', '/nacos/v1/cs/history/configs', { tenant: '' });
      const found = listed.json().find((item: { dataId: string }) => item.dataId === key.dataId);
      expect(found).toMatchObject({ ...key, tenant: '' });
      expect(found).not.toHaveProperty('content');
    });
  });

  describe('console namespaces', () => {
    it('creates, renames, reads and deletes a namespace with Nacos parameters and answers', async () => {
      const created = await call('POST', '/nacos/v1/console/namespaces', {
        customNamespaceId: 'qa',
        namespaceName: 'Quality',
        namespaceDesc: 'testers',
      });
      expect([created.statusCode, created.body]).toEqual([200, 'true']);
      const taken = (id: string) => call('GET', '/nacos/v1/console/namespaces', { checkNamespaceIdExist: 'true', customNamespaceId: id });
      expect([(await taken('qa')).body, (await taken('free')).body]).toEqual(['true', 'false']);
      const again = await call('POST', '/nacos/v1/console/namespaces', { customNamespaceId: 'qa', namespaceName: 'Again' });
      expect(again.body).toBe('false');
      expect((await call('POST', '/nacos/v1/console/namespaces', { customNamespaceId: 'bad id!', namespaceName: 'X' })).body).toBe('false');
      expect((await call('POST', '/nacos/v1/console/namespaces', { customNamespaceId: 'q2', namespaceName: 'a#b' })).body).toBe('false');

      const renamed = await call('PUT', '/nacos/v1/console/namespaces', {
        namespace: 'qa',
        namespaceShowName: 'QA',
        namespaceDesc: 'renamed',
      });
      expect(renamed.body).toBe('true');
      const read = await call('GET', '/nacos/v1/console/namespaces', { show: 'all', namespaceId: 'qa' });
      expect(read.json()).toMatchObject({ namespace: 'qa', namespaceShowName: 'QA', namespaceDesc: 'renamed', type: 2 });

      const removed = await call('DELETE', '/nacos/v1/console/namespaces', { namespaceId: 'qa' });
      expect(removed.body).toBe('true');
      expect((await call('GET', '/nacos/v1/console/namespaces', { show: 'all', namespaceId: 'qa' })).statusCode).toBe(404);
    });

    it('makes a UUID for a blank id, and refuses to delete a namespace still holding configs', async () => {
      expect((await call('POST', '/nacos/v1/console/namespaces', { customNamespaceId: '', namespaceName: 'Generated' })).body).toBe('true');
      const listed = (await call('GET', '/nacos/v1/console/namespaces', {})).json().data;
      const generated = listed.find((namespace: { namespaceShowName: string }) => namespace.namespaceShowName === 'Generated');
      expect(generated.namespace).toMatch(/^[0-9a-f-]{36}$/);
      await call('POST', '/nacos/v1/cs/configs', { dataId: 'kept', group: 'DEFAULT_GROUP', content: 'x', tenant: generated.namespace });
      const refused = await call('DELETE', '/nacos/v1/console/namespaces', { namespaceId: generated.namespace });
      expect(refused.statusCode).toBe(400);
      expect((await call('GET', '/nacos/v1/console/namespaces', { show: 'all', namespaceId: generated.namespace })).statusCode).toBe(200);
    });

    it('guards namespace changes by the back-office grants: a Nacos client without namespace:add is refused', async () => {
      const account = await test.context.db
        .selectFrom('iam_account')
        .select('id')
        .where('user_name', '=', staff.userName)
        .executeTakeFirstOrThrow();
      const role = await insertRole(test.context.db, { roleCode: 'nacos_client', roleName: 'Nacos clients', roleType: 'common' });
      await grantOperations(test.context.db, role, ['registry:client']);
      await assignRole(test.context.db, account.id, role);
      const asStaff = { username: staff.userName, password: staff.password };
      expect((await call('GET', '/nacos/v1/console/namespaces', {}, asStaff)).statusCode).toBe(200);
      const refused = await call('POST', '/nacos/v1/console/namespaces', { customNamespaceId: 'sneaky', namespaceName: 'S' }, asStaff);
      expect(refused.statusCode).toBe(403);
      expect((await call('GET', '/nacos/v1/console/namespaces', { show: 'all', namespaceId: 'sneaky' })).statusCode).toBe(404);
    });
  });
});
