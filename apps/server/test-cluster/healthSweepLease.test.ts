import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../test/serverProcess.ts';
import { onPostgres, type TestDatabase } from '../test/testDatabase.ts';
import { sharedInfrastructure, startBuiltServer } from './sharedInfrastructure.ts';

const client = 'username=sysadmin&password=Qiming%402026';
const polled = { timeout: 30_000, interval: 250 };
/** Beats every second; unhealthy after 5 s of silence, removed after 10 s: the sweep shows within seconds. */
const quick = { 'preserved.heart.beat.interval': '1000', 'preserved.heart.beat.timeout': '5000', 'preserved.ip.delete.timeout': '10000' };

const start = startBuiltServer;

describe('the registry health sweep runs on one server of a cluster (PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let third: ServerProcess | undefined;
  let startAnother: () => Promise<ServerProcess>;
  const holder = async () =>
    (await onPostgres<{ holder: string }>("select holder from sys_lease where name = 'registry-sweep'", [], database.databaseUrl))[0]
      ?.holder ?? '';

  beforeAll(async () => {
    const shared = await sharedInfrastructure();
    database = shared.database;
    const { env } = shared;
    first = await start(env);
    startAnother = () => start(env);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop(), third?.stop()]);
    await database?.drop();
  });

  const register = (server: ServerProcess, ip: string) =>
    fetch(
      `${server.url}/nacos/v1/ns/instance?${client}&serviceName=swept&ip=${ip}&port=80&metadata=${encodeURIComponent(JSON.stringify(quick))}`,
      { method: 'POST' },
    ).then((answer) => answer.text());
  const beat = (server: ServerProcess, ip: string) =>
    fetch(
      `${server.url}/nacos/v1/ns/instance/beat?${client}&serviceName=swept&beat=${encodeURIComponent(
        JSON.stringify({ serviceName: 'swept', ip, port: 80, cluster: 'DEFAULT', metadata: quick }),
      )}`,
      { method: 'PUT' },
    ).then((answer) => answer.json());
  const health = async (server: ServerProcess) => {
    const list = (await (await fetch(`${server.url}/nacos/v1/ns/instance/list?${client}&serviceName=swept`)).json()) as {
      hosts: { ip: string; healthy: boolean }[];
    };
    return Object.fromEntries(list.hosts.map((host) => [host.ip, host.healthy]));
  };

  it('sweeps on the lease holder alone, by beats another server heard, and hands the sweep over when the holder stops or dies', async () => {
    // The first server alone takes the lease; the second joins a cluster whose sweep is taken.
    await expect.poll(holder, polled).not.toBe('');
    const firstHolder = await holder();
    second = await startAnother();
    expect(await register(first, '10.40.0.1')).toBe('ok');
    expect(await register(first, '10.40.0.2')).toBe('ok');
    // 10.40.0.1 beats to the second server only, which never sweeps while the first holds the lease.
    let beatTarget = second;
    const beating = setInterval(() => beat(beatTarget, '10.40.0.1').catch(() => undefined), 1_000);
    try {
      // Every sample on the way: the lease holder, and the beating instance's health on each server.
      const holders = new Set<string>();
      const beatingHealth = new Set<boolean | undefined>();
      const sample = async (server: ServerProcess) => {
        holders.add(await holder());
        const seen = await health(server);
        beatingHealth.add(seen['10.40.0.1']);
        return seen;
      };
      // The silent one goes (unhealthy after 5 s, removed after 10 s); the one beating elsewhere stays.
      await expect.poll(() => sample(second), polled).toEqual({ '10.40.0.1': true });
      expect(await sample(first)).toEqual({ '10.40.0.1': true });
      expect([...holders]).toEqual([firstHolder]);
      expect([...beatingHealth]).toEqual([true]);

      // The holder stops: it gives the lease up and the second server sweeps from its next second on.
      await first.stop();
      await expect.poll(holder, polled).not.toBe(firstHolder);
      const secondHolder = await holder();
      expect(secondHolder).not.toBe('');
      expect(await register(second, '10.40.0.3')).toBe('ok');
      holders.clear();
      await expect.poll(() => sample(second), polled).toEqual({ '10.40.0.1': true });
      expect([...holders]).toEqual([secondHolder]);
      expect([...beatingHealth]).toEqual([true]);

      // The holder dies without a word: a third server takes the lease once its term has run out.
      const survivor = await startAnother();
      third = survivor;
      beatTarget = survivor;
      second.process.kill('SIGKILL');
      await expect.poll(holder, polled).not.toBe(secondHolder);
      const thirdHolder = await holder();
      expect(thirdHolder).not.toBe('');
      expect(await register(survivor, '10.40.0.4')).toBe('ok');
      holders.clear();
      await expect.poll(() => sample(survivor), polled).toEqual({ '10.40.0.1': true });
      expect([...holders]).toEqual([thirdHolder]);
      expect([...beatingHealth]).toEqual([true]);
    } finally {
      clearInterval(beating);
    }
    // Three starts and three sweeps of 10 s each, on a loaded machine.
  }, 150_000);
});
