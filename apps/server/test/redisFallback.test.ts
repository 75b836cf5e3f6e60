import { type AlarmRule, alarmRuleInput } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterLog, RedisCluster, redisTimings } from '../src/cluster/redisCluster.ts';
import type { LiveSession } from '../src/http/session.ts';
import { evaluateRules, type Firing } from '../src/modules/alarms/ruleEvaluation.ts';
import { AccessCache } from '../src/modules/auth/accessCache.ts';
import { ProcessSampler } from '../src/modules/monitor/processSampler.ts';
import { type OwnRedis, ownRedis } from './ownRedis.ts';

const quiet: ClusterLog = { warn: () => undefined, info: () => undefined };

/** A log that keeps its lines, to read what the cluster said. */
function keptLog() {
  const lines: string[] = [];
  return { lines, warn: (_details: object, message: string) => lines.push(message), info: (message: string) => lines.push(message) };
}

describe('a cluster over a Redis that goes away and comes back', () => {
  let redis: OwnRedis;
  const clusters: RedisCluster[] = [];
  const open = async (log: ClusterLog = quiet) => {
    const cluster = new RedisCluster(redis.url, 'fallback-test:', log);
    clusters.push(cluster);
    await cluster.connect();
    return cluster;
  };

  beforeAll(async () => {
    redis = await ownRedis();
    redis.start();
  });
  afterAll(async () => {
    await Promise.all(clusters.map((cluster) => cluster.close()));
    await redis.remove();
  });

  it('counts in Redis while it answers, alone at once when it stops, and in Redis again once it is back', async () => {
    const log = keptLog();
    const one = await open(log);
    const other = await open();
    const heard: boolean[] = [];
    one.onReachability((reachable) => heard.push(reachable));
    expect(await one.countInWindow('stop', 60_000)).toMatchObject({ count: 1, shared: true });
    expect(await other.countInWindow('stop', 60_000)).toMatchObject({ count: 2, shared: true });

    redis.stop();
    await expect.poll(() => one.reachable, { interval: 5 }).toBe(false);
    expect(heard).toEqual([false]);
    expect(log.lines.at(-1)).toMatch(/^Redis is unreachable/);
    const started = performance.now();
    expect(await one.countInWindow('stop', 60_000)).toMatchObject({ count: 1, shared: false });
    expect(await one.countInWindow('stop', 60_000)).toMatchObject({ count: 2, shared: false });
    expect(await one.takeTurn('queue', 100, 1000)).toBe(0);
    expect(performance.now() - started).toBeLessThan(redisTimings.countWaitMs);
    expect(one.localCounts).toBe(3);
    // Health checks and publishes hear at once that Redis is gone, in the catalogue's words.
    await expect(one.ping()).rejects.toMatchObject({ status: 503, messageKey: 'error.redisUnavailable' });
    await expect(one.publish('channel', 'lost')).rejects.toMatchObject({ status: 503 });

    redis.start();
    await expect.poll(() => one.reachable && other.reachable, { timeout: 5_000 }).toBe(true);
    expect(heard).toEqual([false, true]);
    expect(log.lines.at(-1)).toMatch(/^Redis is back/);
    // This Redis keeps nothing across a restart: both count in its new window again.
    expect(await one.countInWindow('stop', 60_000)).toMatchObject({ count: 1, shared: true });
    expect(await other.countInWindow('stop', 60_000)).toMatchObject({ count: 2, shared: true });
  });

  it("shows a server's lost Redis as its redisDown figure, which an alarm rule on servers fires on and resolves", async () => {
    const cluster = await open();
    const sampler = new ProcessSampler(() => cluster.reachable);
    const input = alarmRuleInput.parse({
      ruleName: 'Redis unreachable',
      targetKind: 'server',
      target: '',
      metric: 'redisDown',
      comparison: 'gte',
      threshold: 1,
      durationSec: 0,
      level: 'urgent',
      receiverIds: [],
    });
    const rule: AlarmRule = { ...input, id: 1, updatedAt: 0 };
    const verdict = (firing: Firing[]) =>
      evaluateRules([rule], () => new Map([[cluster.serverId, sampler.sample(Date.now()).redisDown]]), firing, new Map(), Date.now());
    try {
      expect(sampler.sample(Date.now()).redisDown).toBe(0);
      expect(verdict([])).toEqual([]);
      redis.stop();
      await expect.poll(() => cluster.reachable, { interval: 5 }).toBe(false);
      expect(sampler.sample(Date.now()).redisDown).toBe(1);
      expect(verdict([]).map((one) => one.action)).toEqual(['fire']);
      redis.start();
      await expect.poll(() => cluster.reachable, { timeout: 5_000 }).toBe(true);
      expect(verdict([{ ruleId: 1, target: cluster.serverId }]).map((one) => one.action)).toEqual(['resolve']);
    } finally {
      sampler.stop();
    }
  });

  it('hears again, after Redis is back, on the channels it subscribed to before', async () => {
    const one = await open();
    const other = await open();
    const messages: string[] = [];
    await one.subscribe('news', (message) => messages.push(message));
    redis.stop();
    await expect.poll(() => one.reachable && other.reachable, { interval: 5 }).toBe(false);
    redis.start();
    await expect.poll(() => one.reachable && other.reachable, { timeout: 5_000 }).toBe(true);
    await other.publish('news', 'after the outage');
    await expect.poll(() => messages).toEqual(['after the outage']);
  });

  it('counts alone within the count wait when Redis hangs, calls it unreachable after the command time-out, and recovers', async () => {
    const one = await open();
    await one.countInWindow('hang', 60_000);
    redis.pause();
    try {
      const started = performance.now();
      expect(await one.countInWindow('hang', 60_000)).toMatchObject({ count: 1, shared: false });
      // Generous for a loaded machine; the wait itself is 100 ms.
      expect(performance.now() - started).toBeLessThan(redisTimings.countWaitMs + 400);
      await expect.poll(() => one.reachable, { timeout: 3_000 }).toBe(false);
      const pinged = performance.now();
      await expect(one.ping()).rejects.toMatchObject({ status: 503 });
      expect(performance.now() - pinged).toBeLessThan(1_000);
    } finally {
      redis.resume();
    }
    await expect.poll(() => one.reachable, { timeout: 5_000 }).toBe(true);
    expect((await one.countInWindow('hang', 60_000)).shared).toBe(true);
  });

  it('starts while Redis is down, counting alone, and connects and subscribes once it is up', async () => {
    redis.stop();
    const started = performance.now();
    const late = await open();
    await late.subscribe('late', () => undefined);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(late.reachable).toBe(false);
    expect((await late.countInWindow('late', 60_000)).shared).toBe(false);
    const messages: string[] = [];
    await late.subscribe('greetings', (message) => messages.push(message));
    redis.start();
    await expect.poll(() => late.reachable, { timeout: 5_000 }).toBe(true);
    const other = await open();
    await other.publish('greetings', 'hello');
    await expect.poll(() => messages).toEqual(['hello']);
  });

  it('shows the directory entries of every process while Redis answers, and its own while Redis is down', async () => {
    const one = await open();
    const other = await open();
    const now = Date.now();
    await one.putEntry('processes', 'one', 'first', now + 60_000);
    await other.putEntry('processes', 'other', 'second', now + 60_000);
    expect([...(await one.entries('processes', now)).keys()].sort()).toEqual(['one', 'other']);
    redis.stop();
    await expect.poll(() => one.reachable, { interval: 5 }).toBe(false);
    await one.putEntry('processes', 'one', 'first again', now + 60_000);
    expect(await one.entries('processes', now)).toEqual(new Map([['one', 'first again']]));
    await one.removeEntry('processes', 'one');
    expect((await one.entries('processes', now)).size).toBe(0);
    redis.start();
    await expect.poll(() => one.reachable && other.reachable, { timeout: 5_000 }).toBe(true);
  });

  it('closes at once while Redis is down, even with a subscription still waiting for it', async () => {
    redis.stop();
    const waiting = new RedisCluster(redis.url, 'fallback-test:', quiet);
    await waiting.connect();
    await waiting.subscribe('never', () => undefined);
    const started = performance.now();
    await waiting.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    redis.start();
  });

  it('keeps no session or grants in the access cache while the bus is down, and drops what it kept when it goes', async () => {
    const cluster = await open();
    const cache = await AccessCache.open(cluster, Date.now, { ttlMs: 60_000, maxEntries: 100 });
    const session: LiveSession = { sessionId: 'kept', accountId: 1, userName: 'someone', isSuper: false, expiresAt: Date.now() + 60_000 };
    let loads = 0;
    const load = async () => {
      loads += 1;
      return session;
    };
    await cache.session('kept', load);
    await cache.session('kept', load);
    expect(loads).toBe(1);

    redis.stop();
    await expect.poll(() => cluster.reachable, { interval: 5 }).toBe(false);
    // A forget published elsewhere now would be lost: every read goes to the database.
    await cache.session('kept', load);
    await cache.session('kept', load);
    expect(loads).toBe(3);

    redis.start();
    await expect.poll(() => cluster.reachable, { timeout: 5_000 }).toBe(true);
    await cache.session('kept', load);
    await cache.session('kept', load);
    expect(loads).toBe(4);
  });
});
