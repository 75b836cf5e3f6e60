import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, restartTestApp, signIn, sysadmin, type TestApp } from './testApp.ts';

const client = `username=${sysadmin.userName}&password=${encodeURIComponent(sysadmin.password)}`;

describe(`a registry that scales: beats in memory, one sweep (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, query: string) =>
    (await t.app.inject({ method, url: `/nacos/v1/ns/${path}?${client}&${query}` })).body;
  const nacos = async (method: 'PUT' | 'GET', path: string, query: string) => JSON.parse(await call(method, path, query));
  const register = (service: string, ip: string, extra = '') => call('POST', 'instance', `serviceName=${service}&ip=${ip}&port=80${extra}`);
  const beat = (service: string, ip: string) =>
    nacos(
      'PUT',
      'instance/beat',
      `serviceName=${service}&beat=${encodeURIComponent(JSON.stringify({ serviceName: service, ip, port: 80, cluster: 'DEFAULT' }))}`,
    );
  const lightBeat = (service: string, ip: string) => nacos('PUT', 'instance/beat', `serviceName=${service}&ip=${ip}&port=80`);
  const hosts = async (service: string): Promise<{ ip: string; healthy: boolean }[]> =>
    (await nacos('GET', 'instance/list', `serviceName=${service}`)).hosts;
  const healthOf = async (service: string, ip: string) => (await hosts(service)).find((host) => host.ip === ip)?.healthy;
  const storedBeat = async (ip: string) =>
    Number((await t.context.db.selectFrom('reg_instance').select('last_beat').where('ip', '=', ip).executeTakeFirstOrThrow()).last_beat);

  it('keeps beats out of the database, shows the last one to the back-office, and keeps a beating instance healthy', async () => {
    await register('scale', '10.30.0.1');
    await register('scale', '10.30.0.2');
    const registeredAt = t.clock.now();
    for (let round = 0; round < 2; round++) {
      t.clock.advance(4_000);
      expect(await beat('scale', '10.30.0.1')).toMatchObject({ code: 10200 });
    }
    // Within the beat timeout nothing is written; the back-office still sees the last beat.
    expect(await storedBeat('10.30.0.1')).toBe(registeredAt);
    const admin = await signIn(t.app, sysadmin);
    const service = (
      await t.app.inject({ method: 'GET', url: '/api/admin/registry/public/services?serviceName=scale', headers: bearer(admin) })
    ).json().data.records[0];
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/admin/registry/public/services/${service.id}/instances`, headers: bearer(admin) })
    ).json().data.records;
    expect(listed.map((row: { ip: string; lastBeat: number }) => [row.ip, row.lastBeat])).toEqual([
      ['10.30.0.1', registeredAt + 8_000],
      ['10.30.0.2', registeredAt],
    ]);

    // 20 s after registering: the silent one is unhealthy, the one beating every 4 s is not.
    for (let round = 0; round < 3; round++) {
      t.clock.advance(4_000);
      await beat('scale', '10.30.0.1');
    }
    await t.registrySweep.sweep();
    expect(await healthOf('scale', '10.30.0.2')).toBe(false);
    expect(await healthOf('scale', '10.30.0.1')).toBe(true);
    // 32 s: the silent one is gone, the beating one stays.
    for (let round = 0; round < 3; round++) {
      t.clock.advance(4_000);
      await beat('scale', '10.30.0.1');
    }
    await t.registrySweep.sweep();
    expect((await hosts('scale')).map((host) => host.ip)).toEqual(['10.30.0.1']);
    expect(await healthOf('scale', '10.30.0.1')).toBe(true);
  });

  it('sends the next beat of a deregistered instance to the database: a light beat is refused, a full beat registers it again', async () => {
    await register('gone', '10.31.0.1');
    await beat('gone', '10.31.0.1');
    expect(await call('DELETE', 'instance', 'serviceName=gone&ip=10.31.0.1&port=80')).toBe('ok');
    expect(await lightBeat('gone', '10.31.0.1')).toMatchObject({ code: 20404 });
    expect(await hosts('gone')).toEqual([]);
    expect(await beat('gone', '10.31.0.1')).toMatchObject({ code: 10200 });
    expect((await hosts('gone')).map((host) => [host.ip, host.healthy])).toEqual([['10.31.0.1', true]]);

    // Removed in the back-office, its light beat is refused too (a gRPC connection's instance stays removed).
    const admin = bearer(await signIn(t.app, sysadmin));
    const adminCall = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await t.app.inject({ method, url, headers: admin, payload })).json().data;
    const service = (await adminCall('GET', '/api/admin/registry/public/services?serviceName=gone')).records[0];
    const instancesUrl = `/api/admin/registry/public/services/${service.id}/instances`;
    const [instance] = (await adminCall('GET', instancesUrl)).records;
    expect(await lightBeat('gone', '10.31.0.1')).toMatchObject({ code: 10200 });
    expect(await adminCall('POST', `${instancesUrl}/delete`, { ids: [instance.id] })).toEqual({ deleted: 1 });
    expect(await lightBeat('gone', '10.31.0.1')).toMatchObject({ code: 20404 });
  });

  it('gives every instance one beat timeout after a restart before it can be taken for silent', async () => {
    await register('restart', '10.32.0.1');
    await register('restart', '10.32.0.2');
    // 14 s of silence, then the server restarts: what it heard is gone with it.
    t.clock.advance(14_000);
    t = await restartTestApp(t);
    t.clock.advance(2_000);
    await beat('restart', '10.32.0.1');
    // 16 s of silence across the restart took nobody down.
    await t.registrySweep.sweep();
    expect(await healthOf('restart', '10.32.0.1')).toBe(true);
    expect(await healthOf('restart', '10.32.0.2')).toBe(true);

    // One beat timeout after the restart, the one that never beat again is unhealthy.
    t.clock.advance(14_000);
    await beat('restart', '10.32.0.1');
    await t.registrySweep.sweep();
    expect(await healthOf('restart', '10.32.0.2')).toBe(false);
    expect(await healthOf('restart', '10.32.0.1')).toBe(true);
  });
});
