import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCluster } from '../src/cluster/memoryCluster.ts';
import { ConfigListenerHub, type WatchedConfig } from '../src/modules/governance/config/listenerHub.ts';
import { createTestApp, sysadmin, type TestApp } from './testApp.ts';

const client = { username: sysadmin.userName, password: sysadmin.password, ip: '10.0.0.9', version: 'test' };

/**
 * The config change log is the bus's database fallback: a second hub on its own in-memory bus stands
 * for another server whose Redis messages are lost, so it hears of a change only by reading the log.
 */
describe(`config changes heard through the change log (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let other: ConfigListenerHub;
  beforeAll(async () => {
    t = await createTestApp();
    other = new ConfigListenerHub(t.context, new MemoryCluster());
    await other.start();
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  const publish = (dataId: string, content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      payload: new URLSearchParams({
        username: client.username,
        password: client.password,
        dataId,
        group: 'DEFAULT_GROUP',
        content,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const remove = (dataId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/nacos/v1/cs/configs?${new URLSearchParams({ username: client.username, password: client.password, dataId, group: 'DEFAULT_GROUP' })}`,
    });
  const watched = async (dataId: string): Promise<WatchedConfig> => {
    const row = await t.context.db
      .selectFrom('cfg_config')
      .select(['namespace_id', 'md5'])
      .where('data_id', '=', dataId)
      .executeTakeFirstOrThrow();
    return { namespaceId: row.namespace_id, group: 'DEFAULT_GROUP', dataId, md5: row.md5, echo: dataId };
  };
  const hold = (config: WatchedConfig) => other.watch([config], 30_000, client, () => undefined);
  /** The configs a held poll answered with, or 'held' while it still waits. */
  const settled = (poll: Promise<WatchedConfig[]>) =>
    Promise.race([
      poll.then((changed) => changed.map((config) => config.dataId)),
      new Promise((resolve) => setImmediate(() => resolve('held'))),
    ]);

  it('wakes a listener held on another server when it reads a change published there', async () => {
    expect((await publish('log.properties', 'a=1')).body).toBe('true');
    const poll = hold(await watched('log.properties'));
    expect((await publish('log.properties', 'a=2')).body).toBe('true');
    // The other server's bus never carried it: the poll waits until the log is read.
    expect(await settled(poll)).toBe('held');
    await other.readChangeLog();
    expect(await poll.then((changed) => changed.map((config) => config.dataId))).toEqual(['log.properties']);
  });

  it('reads a change again harmlessly: a listener that already has the current MD5 stays held', async () => {
    await publish('again.properties', 'b=1');
    await other.readChangeLog();
    const poll = hold(await watched('again.properties'));
    await other.readChangeLog();
    await other.readChangeLog();
    expect(await settled(poll)).toBe('held');
    await publish('again.properties', 'b=2');
    await other.readChangeLog();
    expect(await settled(poll)).toEqual(['again.properties']);
  });

  it('wakes a listener when the config it holds is removed', async () => {
    await publish('gone.properties', 'c=1');
    const poll = hold(await watched('gone.properties'));
    expect((await remove('gone.properties')).body).toBe('true');
    await other.readChangeLog();
    expect(await settled(poll)).toEqual(['gone.properties']);
  });
});
