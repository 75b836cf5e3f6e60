import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestApp, form, signIn, staff, sysadmin, type TestApp, type Tokens, withBearer } from './testApp.ts';

const client = `username=${sysadmin.userName}&password=${encodeURIComponent(sysadmin.password)}`;

describe(`service registry (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const asAdmin = (request: ReturnType<typeof form>) => withBearer(admin, request);
  const register = (query: string) => t.app.inject({ method: 'POST', url: `/nacos/v1/ns/instance?${client}&${query}` });
  const list = async (service: string, extra = '') =>
    (await t.app.inject({ method: 'GET', url: `/nacos/v1/ns/instance/list?${client}&serviceName=${service}${extra}` })).json();
  const services = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/registry/public/services?${query}`, headers: bearer(admin) })).json().data;
  const instanceCount = async () => (await t.context.db.selectFrom('reg_instance').select('id').execute()).length;

  it('marks a silent ephemeral instance unhealthy after 15 s and removes it after 30 s; persistent ones stay', async () => {
    expect((await register('serviceName=DEFAULT_GROUP@@pay&ip=10.1.0.1&port=80')).body).toBe('ok');
    expect((await register('serviceName=pay&groupName=DEFAULT_GROUP&ip=10.1.0.2&port=80&ephemeral=false')).statusCode).toBe(200);

    t.clock.advance(14_000);
    await t.registrySweep.sweep();
    expect((await list('DEFAULT_GROUP@@pay')).hosts.map((host: { healthy: boolean }) => host.healthy)).toEqual([true, true]);

    t.clock.advance(2_000);
    await t.registrySweep.sweep();
    const unhealthy = await list('DEFAULT_GROUP@@pay');
    expect(unhealthy.hosts.find((host: { ip: string }) => host.ip === '10.1.0.1')).toMatchObject({ healthy: false, ephemeral: true });
    expect((await list('DEFAULT_GROUP@@pay', '&healthyOnly=true')).hosts.map((host: { ip: string }) => host.ip)).toEqual(['10.1.0.2']);

    // A beat brings it back.
    const beat = await t.app.inject({
      method: 'PUT',
      url: `/nacos/v1/ns/instance/beat?${client}&serviceName=DEFAULT_GROUP@@pay&beat=${encodeURIComponent(JSON.stringify({ ip: '10.1.0.1', port: 80, serviceName: 'DEFAULT_GROUP@@pay', cluster: 'DEFAULT' }))}`,
    });
    expect(beat.json()).toMatchObject({ clientBeatInterval: 5000, code: 10200 });
    expect((await list('DEFAULT_GROUP@@pay')).hosts.every((host: { healthy: boolean }) => host.healthy)).toBe(true);

    t.clock.advance(31_000);
    await t.registrySweep.sweep();
    expect((await list('DEFAULT_GROUP@@pay')).hosts).toMatchObject([{ ip: '10.1.0.2', ephemeral: false, healthy: true }]);
    const page = await services('serviceName=pay');
    expect(page.records[0]).toMatchObject({ serviceName: 'pay', groupName: 'DEFAULT_GROUP', instanceCount: 1, healthyCount: 1 });
  });

  it('registers an unknown instance from its beat', async () => {
    const beat = JSON.stringify({
      ip: '10.2.0.1',
      port: 81,
      serviceName: 'DEFAULT_GROUP@@late',
      cluster: 'east',
      weight: 3,
      metadata: { v: '2' },
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/nacos/v1/ns/instance/beat?${client}&serviceName=DEFAULT_GROUP@@late&beat=${encodeURIComponent(beat)}`,
    });
    expect(response.statusCode).toBe(200);
    expect((await list('DEFAULT_GROUP@@late', '&clusters=east')).hosts).toMatchObject([
      { ip: '10.2.0.1', port: 81, weight: 3, clusterName: 'east', metadata: { v: '2' } },
    ]);
  });

  it("keeps an administrator's weight and enabled flag over a client's re-registration", async () => {
    await register('serviceName=DEFAULT_GROUP@@cart&ip=10.3.0.1&port=90&weight=1');
    const service = (await services('serviceName=cart')).records[0];
    const instances = await t.app.inject({
      method: 'GET',
      url: `/api/admin/registry/public/services/${service.id}/instances`,
      headers: bearer(admin),
    });
    const instance = instances.json().data.records[0];
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/registry/public/services/${service.id}/instances/${instance.id}`,
      ...asAdmin(form({ weight: '5', enabled: 'false' })),
    });
    expect(edit.json()).toMatchObject({ data: { weight: 5, enabled: false } });
    await register('serviceName=DEFAULT_GROUP@@cart&ip=10.3.0.1&port=90&weight=1&enable=true');
    expect((await list('DEFAULT_GROUP@@cart')).hosts).toMatchObject([{ weight: 5, enabled: false }]);
  });

  it.each([
    ['a missing ip', 'serviceName=s1&port=80', 'Invalid parameter ip: This field is required'],
    ['a malformed ip', 'serviceName=s1&ip=10..0.1&port=80', 'Invalid parameter ip: Enter a valid IP address or host name'],
    ['a port of 0', 'serviceName=s1&ip=10.0.0.1&port=0', 'Invalid parameter port: Enter a number from 1 to 65535'],
    ['a port of 70000', 'serviceName=s1&ip=10.0.0.1&port=70000', 'Invalid parameter port: Enter a number from 1 to 65535'],
    ['a word for a port', 'serviceName=s1&ip=10.0.0.1&port=http', 'Invalid parameter port: Enter a number from 1 to 65535'],
    ['a missing service name', 'ip=10.0.0.1&port=80', 'Invalid parameter serviceName: This field is required'],
    ['a service name with spaces', 'serviceName=a%20b&ip=10.0.0.1&port=80', 'Invalid parameter serviceName: a b'],
    [
      'metadata that is not JSON',
      'serviceName=s1&ip=10.0.0.1&port=80&metadata=%7Bx',
      'Invalid parameter metadata: Invalid value for metadata',
    ],
    ['a weight of -1', 'serviceName=s1&ip=10.0.0.1&port=80&weight=-1', 'Invalid parameter weight: Enter a number from 0 to 10000'],
    ['an unknown namespace', 'serviceName=s1&ip=10.0.0.1&port=80&namespaceId=nowhere', 'Namespace nowhere does not exist'],
  ])('refuses %s with 400 and registers nothing', async (_label, query, message) => {
    const before = await instanceCount();
    const response = await register(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await instanceCount()).toBe(before);
  });

  it('answers in the caller language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/nacos/v1/ns/instance?${client}&serviceName=s1&ip=10.0.0.1&port=0`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(response.json().message).toBe('参数port不正确：请输入1到65535之间的数字');
  });

  it('refuses callers without the registry-client grant with 403', async () => {
    const staffClient = `username=${staff.userName}&password=${encodeURIComponent(staff.password)}`;
    const attempts = ['', 'username=sysadmin&password=wrong', staffClient, 'accessToken=not-a-token'].map((credentials) =>
      t.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?${credentials}` }),
    );
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    const withToken = await t.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${admin.access_token}` });
    expect(withToken.statusCode).toBe(200);
    const withHeader = await t.app.inject({ method: 'GET', url: '/nacos/v1/ns/operator/metrics', headers: bearer(admin) });
    expect(withHeader.json()).toMatchObject({ status: 'UP' });
  });

  it('refuses to delete a service that still has instances', async () => {
    const service = (await services('serviceName=cart')).records[0];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/registry/public/services/delete',
      ...asAdmin(form({ ids: service.id })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The service still has instances and cannot be deleted');
  });
});

describe(`registry across a restart (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  it("keeps an administrator's changes and persistent instances", async () => {
    const t = await createTestApp();
    try {
      const admin = await signIn(t.app, sysadmin);
      await t.app.inject({
        method: 'POST',
        url: `/nacos/v1/ns/instance?${client}&serviceName=DEFAULT_GROUP@@db&ip=10.9.0.1&port=5432&ephemeral=false`,
      });
      const service = (await t.app.inject({ method: 'GET', url: '/api/admin/registry/public/services', headers: bearer(admin) })).json()
        .data.records[0];
      const instance = (
        await t.app.inject({ method: 'GET', url: `/api/admin/registry/public/services/${service.id}/instances`, headers: bearer(admin) })
      ).json().data.records[0];
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/registry/public/services/${service.id}/instances/${instance.id}`,
        ...withBearer(admin, form({ weight: '7', enabled: 'false' })),
      });
      await t.app.close();

      const restarted = await buildApp({ config: t.context.config, now: t.clock.now });
      try {
        const hosts = (
          await restarted.app.inject({ method: 'GET', url: `/nacos/v1/ns/instance/list?${client}&serviceName=DEFAULT_GROUP@@db` })
        ).json().hosts;
        expect(hosts).toMatchObject([{ ip: '10.9.0.1', weight: 7, enabled: false, ephemeral: false }]);
      } finally {
        await restarted.app.close();
      }
    } finally {
      await t.database.drop();
    }
  });
});
