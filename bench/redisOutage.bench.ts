// What a caller gets from a built server (SQLite, REDIS_URL on a redis-server of the bench's own) once
// that Redis stops: the login key, a sign-in, readiness, a config publish and a gateway route under a
// QPS flow rule, each with its status and time. Given QIMING_BEFORE_DIR (an apps/server directory with
// an older dist/), the older build is measured first in the same run, side by side.
// Run: node --import tsx bench/redisOutage.bench.ts   (after npm run build:server)
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sealPassword } from '@qiming/shared';
import { ownRedis } from '../apps/server/test/ownRedis.ts';
import { startServerProcess } from '../apps/server/test/serverProcess.ts';

interface Answer {
  status: number | 'no answer in 20 s' | 'refused';
  ms: number;
}

async function call(url: string, init?: RequestInit): Promise<Answer & { body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = await response.text();
    return { status: response.status, ms: Math.round(performance.now() - started), body };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return { status: timedOut ? 'no answer in 20 s' : 'refused', ms: Math.round(performance.now() - started), body: '' };
  }
}

async function signIn(url: string): Promise<{ key: Answer; token: Answer; accessToken?: string }> {
  const key = await call(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`);
  if (key.status !== 200) return { key, token: { status: 'refused', ms: 0 } };
  const { data } = JSON.parse(key.body) as { data: { key: string; keyId: string } };
  const token = await call(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'sysadmin',
      password: sealPassword(data.key, 'Qiming@2026'),
      keyId: data.keyId,
      client_id: 'qiming-admin',
    }),
  });
  const accessToken = token.status === 200 ? (JSON.parse(token.body) as { access_token: string }).access_token : undefined;
  return { key, token, accessToken };
}

async function measure(serverDir: string) {
  const redis = await ownRedis();
  redis.start();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qiming-bench-'));
  const upstream = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const server = await startServerProcess({
    args: ['dist/main.js'],
    cwd: serverDir,
    env: { NODE_ENV: 'test', DATA_DIR: dataDir, REDIS_URL: redis.url, GATEWAY_UPSTREAM_ALLOW: '127.0.0.1' },
    readyWith: 'server',
  });
  try {
    const { accessToken } = await signIn(server.url);
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const route = await call(`${server.url}/api/admin/gateway/routes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        routeId: 'bench-limited',
        routeName: 'Bench',
        orderNum: 1,
        uri: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`,
        predicates: [{ name: 'Path', args: { patterns: '/bench/**' } }],
        filters: [],
        description: '',
      }),
    });
    const routeId = (JSON.parse(route.body) as { data: { id: number } }).data.id;
    await call(`${server.url}/api/admin/gateway/flow-rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        resourceMode: 'route',
        resource: 'bench-limited',
        grade: 'qps',
        count: 5,
        intervalSec: 1,
        burst: 0,
        controlBehavior: 'reject',
        paramStrategy: 'none',
        paramField: '',
        enabled: true,
      }),
    });
    await call(`${server.url}/api/admin/gateway/routes/${routeId}/release`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signedIn = await signIn(server.url);
    const ready = await call(`${server.url}/api/health/ready`);
    const publish = await call(`${server.url}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: 'sysadmin',
        password: 'Qiming@2026',
        dataId: 'bench.properties',
        group: 'DEFAULT_GROUP',
        content: 'a=1',
      }),
    });
    const gateway = await Promise.all(Array.from({ length: 10 }, () => call(`${server.gatewayUrl}/bench/x`)));
    return {
      loginKey: `${signedIn.key.status} in ${signedIn.key.ms} ms`,
      token: `${signedIn.token.status} in ${signedIn.token.ms} ms`,
      readiness: `${ready.status} in ${ready.ms} ms`,
      publish: `${publish.status} in ${publish.ms} ms`,
      gateway: `${gateway.map((answer) => answer.status).join(' ')}; slowest ${Math.max(...gateway.map((answer) => answer.ms))} ms; ${
        gateway.filter((answer) => /redis|stream|ECONN/i.test(answer.body)).length
      } bodies naming Redis' error`,
      alive: server.process.exitCode === null && server.process.signalCode === null,
    };
  } finally {
    upstream.close();
    await server.stop();
    await redis.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
if (process.env.QIMING_BEFORE_DIR) rows.push(['before', await measure(process.env.QIMING_BEFORE_DIR)]);
rows.push(['now', await measure(path.resolve(import.meta.dirname, '../apps/server'))]);
for (const [name, figures] of rows) {
  console.log(`\n${name} (Redis stopped):`);
  for (const [what, figure] of Object.entries(figures)) console.log(`  ${what.padEnd(10)} ${figure}`);
}
