import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NacosConfigClient } from 'nacos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogTimings } from '../src/modules/governance/config/listenerHub.ts';
import { type OwnRedis, ownRedis } from '../test/ownRedis.ts';
import type { ServerProcess } from '../test/serverProcess.ts';
import { signInOverHttp } from '../test/signInOverHttp.ts';
import { createTestDatabase, type TestDatabase } from '../test/testDatabase.ts';
import { startBuiltServer } from './sharedInfrastructure.ts';

/** Public answers a client may have a minute from each server, small enough to reach in a test. */
const publicLimit = 10;

const start = startBuiltServer;

/** What an answer took, in ms, with its status and body. */
async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

/** A sign-in over HTTP and how long it took. */
async function signIn(url: string): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const token = await signInOverHttp(url);
  return { token, ms: performance.now() - started };
}

/** Statuses of the public site's answers to the client `address`, one request after another. */
async function publicStatuses(server: ServerProcess, address: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < times; index++) {
    statuses.push((await timed(`${server.url}/api/public/site`, { headers: { 'x-forwarded-for': address } })).status);
  }
  return statuses;
}

const metric = async (server: ServerProcess, name: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('two servers keep working while their Redis is down, and use it again once it is back', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let first: ServerProcess;
  let second: ServerProcess;
  let cacheDir: string;
  let listener: NacosConfigClient;
  let publisher: NacosConfigClient;
  const received: string[] = [];
  let upstream: http.Server;

  beforeAll(async () => {
    cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qiming-nacos-'));
    redis = await ownRedis();
    redis.start();
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.databaseUrl ?? '',
      DATA_DIR: database.dataDir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'qiming-faults:',
      PUBLIC_RATE_LIMIT: String(publicLimit),
      // Each test client is an address of its own in X-Forwarded-For, so every step starts with a fresh count.
      TRUST_PROXY: 'true',
      GATEWAY_UPSTREAM_ALLOW: '127.0.0.1',
    };
    [first, second] = await Promise.all([start(env), start(env)]);
    const credentials = { username: 'sysadmin', password: 'Qiming@2026', cacheDir };
    listener = new NacosConfigClient({ serverAddr: new URL(second.url).host, namespace: '', ...credentials });
    publisher = new NacosConfigClient({ serverAddr: new URL(first.url).host, namespace: '', ...credentials });
    await Promise.all([listener.ready(), publisher.ready()]);
    listener.subscribe({ dataId: 'faults.properties', group: 'DEFAULT_GROUP' }, (content: string) => received.push(content));
    upstream = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    listener?.close();
    publisher?.close();
    upstream?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await redis?.remove();
    await database?.drop();
    await fs.rm(cacheDir, { recursive: true, force: true });
  });

  it('shares rate limits and pushes config changes through Redis while it answers', async () => {
    expect(await metric(first, 'qiming_redis_up')).toBe(1);
    // One count for both servers: half the limit on each uses it up.
    expect([
      ...(await publicStatuses(first, '10.9.0.1', publicLimit / 2)),
      ...(await publicStatuses(second, '10.9.0.1', publicLimit / 2)),
    ]).toEqual(Array(publicLimit).fill(200));
    expect(await publicStatuses(first, '10.9.0.1', 1)).toEqual([429]);

    await publisher.publishSingle('faults.properties', 'DEFAULT_GROUP', 'step=redis-up', { type: 'properties' });
    await expect.poll(() => received.at(-1), { timeout: 10_000 }).toBe('step=redis-up');
  });

  it('keeps signing in, publishing and answering health checks fast while Redis is down', async () => {
    const { token } = await signIn(first.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // A gateway route with a QPS rule, released while the bus can still tell every gateway.
    const route = await timed(`${first.url}/api/admin/gateway/routes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        routeId: 'faults-limited',
        routeName: 'Limited during an outage',
        orderNum: 1,
        uri: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`,
        predicates: [{ name: 'Path', args: { patterns: '/faults/**' } }],
        filters: [],
        description: '',
      }),
    });
    expect(route.status, route.body).toBe(200);
    const rule = await timed(`${first.url}/api/admin/gateway/flow-rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        resourceMode: 'route',
        resource: 'faults-limited',
        grade: 'qps',
        count: 4,
        intervalSec: 60,
        burst: 0,
        controlBehavior: 'reject',
        paramStrategy: 'header',
        paramField: 'X-Client',
        enabled: true,
      }),
    });
    expect(rule.status, rule.body).toBe(200);
    const routeId = (JSON.parse(route.body) as { data: { id: number } }).data.id;
    const released = await timed(`${first.url}/api/admin/gateway/routes/${routeId}/release`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    expect(released.status, released.body).toBe(200);
    await expect.poll(async () => (await timed(`${first.gatewayUrl}/faults/x`)).status, { timeout: 5_000, interval: 50 }).toBe(200);

    redis.stop();
    await expect.poll(() => first.output(), { timeout: 2_000, interval: 20 }).toContain('Redis is unreachable');

    // Readiness names Redis as down within a second, well inside an image's 3 s health-check timeout.
    await expect.poll(async () => (await timed(`${first.url}/api/health/ready`)).status, { timeout: 3_000 }).toBe(503);
    const ready = await timed(`${second.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ data: { redis: 'down' } });
    expect(ready.ms).toBeLessThan(1_000);

    // Sign-in (its login key is rate-limited) keeps working on both servers, without waiting on Redis.
    for (const server of [first, second]) {
      const signedIn = await signIn(server.url);
      expect(signedIn.token).toBeTruthy();
      expect(signedIn.ms).toBeLessThan(3_000);
    }

    // A publish on the first server is saved at once and reaches the listener on the second through the database.
    const published = performance.now();
    await publisher.publishSingle('faults.properties', 'DEFAULT_GROUP', 'step=redis-down', { type: 'properties' });
    expect(performance.now() - published).toBeLessThan(3_000);
    await expect.poll(() => received.at(-1), { timeout: 5_000, interval: 50 }).toBe('step=redis-down');

    // Each server counts a client's limit alone while Redis is down: the limit still holds on each.
    expect(await publicStatuses(first, '10.9.0.2', publicLimit + 1)).toEqual([...Array(publicLimit).fill(200), 429]);
    expect(await publicStatuses(second, '10.9.0.2', 1)).toEqual([200]);
    expect(await metric(first, 'qiming_redis_up')).toBe(0);
    expect(await metric(first, 'qiming_redis_fallback_counts_total')).toBeGreaterThan(publicLimit);

    // The gateway keeps answering under its flow rule: its own answers, within the limit, never Redis' error.
    const answers = [];
    for (let index = 0; index < 8; index++)
      answers.push(await timed(`${first.gatewayUrl}/faults/x`, { headers: { 'x-client': 'outage' } }));
    for (const answer of answers) {
      expect([200, 429]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(1_000);
      if (answer.status === 429) expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      expect(answer.body).not.toMatch(/redis|stream|ECONNREFUSED/i);
    }
    // Each server runs a gateway, both seen live while Redis answered: this one lets through its half of the 4.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);

    // A route cancelled while Redis is down reaches every gateway from the database within a few seconds.
    const cancelled = await timed(`${first.url}/api/admin/gateway/routes/${routeId}/cancel`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    expect(cancelled.status, cancelled.body).toBe(200);
    for (const server of [first, second]) {
      await expect.poll(async () => (await timed(`${server.gatewayUrl}/faults/x`)).status, { timeout: 6_000, interval: 100 }).toBe(404);
    }
  });

  it('uses Redis again by itself once it is back: readiness, pushes and shared limits', async () => {
    redis.start();
    await expect.poll(() => first.output(), { timeout: 5_000, interval: 20 }).toContain('Redis is back');
    await expect.poll(async () => (await timed(`${first.url}/api/health/ready`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
    await expect.poll(async () => (await timed(`${second.url}/api/health/ready`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
    expect(await metric(second, 'qiming_redis_up')).toBe(1);

    // Once the database catch-up after the outage is over, a push comes through Redis again: the log alone is read only every 30 s.
    await new Promise((resolve) => setTimeout(resolve, changeLogTimings.catchUpMs + 1_000));
    const published = performance.now();
    await publisher.publishSingle('faults.properties', 'DEFAULT_GROUP', 'step=redis-back', { type: 'properties' });
    await expect.poll(() => received.at(-1), { timeout: 5_000, interval: 20 }).toBe('step=redis-back');
    expect(performance.now() - published).toBeLessThan(changeLogTimings.safetyEveryMs / 3);

    expect([
      ...(await publicStatuses(first, '10.9.0.3', publicLimit / 2)),
      ...(await publicStatuses(second, '10.9.0.3', publicLimit / 2)),
    ]).toEqual(Array(publicLimit).fill(200));
    expect(await publicStatuses(second, '10.9.0.3', 1)).toEqual([429]);
  });
});
