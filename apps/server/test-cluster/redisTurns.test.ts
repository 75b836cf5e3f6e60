import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCluster } from '../src/cluster/redisCluster.ts';

describe('queueing turns shared through Redis', () => {
  const prefix = `qiming-test-${randomBytes(4).toString('hex')}:`;
  let one: RedisCluster;
  let other: RedisCluster;

  beforeAll(async () => {
    if (!process.env.REDIS_URL) throw new Error('REDIS_URL must name the Redis these tests use');
    one = new RedisCluster(process.env.REDIS_URL, prefix);
    other = new RedisCluster(process.env.REDIS_URL, prefix);
    await Promise.all([one.connect(), other.connect()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
  });

  it('spaces turns taken by two gateways on one clock, and refuses a turn further away than the maximum wait', async () => {
    const waits = [
      await one.takeTurn('route', 100, 250),
      await other.takeTurn('route', 100, 250),
      await one.takeTurn('route', 100, 250),
      await other.takeTurn('route', 100, 250),
    ];
    expect(waits[0]).toBe(0);
    // Each turn 100 ms after the one before, less the few ms the calls themselves took.
    expect(waits[1]).toBeGreaterThan(80);
    expect(waits[1]).toBeLessThanOrEqual(100);
    expect(waits[2]).toBeGreaterThan(180);
    expect(waits[2]).toBeLessThanOrEqual(200);
    expect(waits[3]).toBeUndefined();
    // The refused caller took no turn: once the last turn (at 200 ms) is 100 ms past, the next goes at once.
    await new Promise((resolve) => setTimeout(resolve, 320));
    expect(await other.takeTurn('route', 100, 250)).toBe(0);
  });
});
