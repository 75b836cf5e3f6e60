import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NacosConfigClient } from 'nacos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/testDatabase.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const client = 'username=sysadmin&password=Qiming%402026';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  address: string;
  process: ChildProcess;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, address: `127.0.0.1:${port}`, process: child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('server did not start');
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null) return resolve();
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
}

describe('two server processes on PostgreSQL and Redis behave as one', () => {
  let database: TestDatabase;
  let first: Server;
  let second: Server;
  let cacheDir: string;

  beforeAll(async () => {
    if (!process.env.REDIS_URL) throw new Error('REDIS_URL must name the Redis these servers share');
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.databaseUrl ?? '',
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `qiming-test-${randomBytes(4).toString('hex')}:`,
    };
    // At the same moment on an empty database: one does the first start, the other waits for it.
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
    cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qiming-nacos-'));
  });
  afterAll(async () => {
    await Promise.all([first && stopServer(first), second && stopServer(second)]);
    await database?.drop();
    await fs.rm(cacheDir, { recursive: true, force: true });
  });

  it('pushes a config published through one server to a listener held by the other', async () => {
    const credentials = { username: 'sysadmin', password: 'Qiming@2026', cacheDir };
    const listener = new NacosConfigClient({ serverAddr: second.address, namespace: '', ...credentials });
    const publisher = new NacosConfigClient({ serverAddr: first.address, namespace: '', ...credentials });
    await Promise.all([listener.ready(), publisher.ready()]);
    const received: string[] = [];
    listener.subscribe({ dataId: 'shared.properties', group: 'DEFAULT_GROUP' }, (content: string) => received.push(content));

    const token = await signIn(first.url);
    await publisher.publishSingle('shared.properties', 'DEFAULT_GROUP', 'color=blue', { type: 'properties' });
    await expect.poll(() => received.at(-1), { timeout: 10_000 }).toBe('color=blue');
    // The first server sees the long poll the listener holds on the second.
    const configId = (await adminGet(first.url, token, '/api/admin/configs/public/items?dataId=shared.properties')).records[0].id;
    await expect
      .poll(async () => (await adminGet(first.url, token, `/api/admin/configs/public/items/${configId}/listeners`)).length, {
        timeout: 10_000,
      })
      .toBe(1);

    const published = Date.now();
    await publisher.publishSingle('shared.properties', 'DEFAULT_GROUP', 'color=green', { type: 'properties' });
    await expect.poll(() => received.at(-1), { timeout: 5_000 }).toBe('color=green');
    expect(Date.now() - published).toBeLessThan(5_000);
    listener.close();
    publisher.close();
  });

  it('lists on one server an instance registered on the other', async () => {
    const registered = await fetch(`${first.url}/nacos/v1/ns/instance?${client}&serviceName=DEFAULT_GROUP@@stock&ip=10.5.0.1&port=7000`, {
      method: 'POST',
    });
    expect(await registered.text()).toBe('ok');
    const listed = (await (await fetch(`${second.url}/nacos/v1/ns/instance/list?${client}&serviceName=DEFAULT_GROUP@@stock`)).json()) as {
      hosts: unknown[];
    };
    expect(listed.hosts).toMatchObject([{ ip: '10.5.0.1', port: 7000, healthy: true }]);
  });

  it('seeded the empty database once although both servers started at once', async () => {
    const token = await signIn(first.url);
    const accounts = await adminGet(second.url, token, '/api/admin/accounts?limit=100&userName=sysadmin');
    expect(accounts.total).toBe(1);
    const dictionaries = await adminGet(first.url, token, '/api/admin/dicts?limit=100&dictCode=gender');
    expect(dictionaries.total).toBe(1);
  });

  it('hands out no serial number twice while both servers draw from one rule at once', async () => {
    const admin = await signIn(first.url);
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/api/admin/serial-rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        idId: 'shared',
        idName: 'Shared',
        isGlobal: true,
        idLength: 6,
        idType: 'sequence',
        idPrefix: 'S',
        isPrefix: true,
      }),
    });
    expect(created.status).toBe(200);
    const draw = (url: string) =>
      fetch(`${url}/api/admin/serial-numbers/shared/next`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })
        .then((response) => response.json() as Promise<{ data: { number: string } }>)
        .then((answer) => answer.data.number);
    const numbers = await Promise.all(Array.from({ length: 200 }, (_, index) => draw(index % 2 === 0 ? first.url : second.url)));
    expect(new Set(numbers).size).toBe(200);
    expect([...numbers].sort()).toEqual(Array.from({ length: 200 }, (_, index) => `S${String(index + 1).padStart(6, '0')}`));
  });

  it('refuses on the other server, within a bus round trip, a session ended and a role taken away on one', async () => {
    const admin = await signIn(first.url);
    const dictionaries = (url: string, token: string) =>
      fetch(`${url}/api/admin/dicts`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status);
    // Both servers have answered the token once, so both keep its session and grants.
    const reader = await signIn(first.url, 'staff01', 'Staff@2026');
    expect([await dictionaries(first.url, reader), await dictionaries(second.url, reader)]).toEqual([200, 200]);
    const ended = Date.now();
    await fetch(`${first.url}/api/j_hh_security_logout`, { headers: { authorization: `Bearer ${reader}` } });
    expect(await dictionaries(first.url, reader)).toBe(401);
    await expect.poll(() => dictionaries(second.url, reader), { timeout: 1_000, interval: 5 }).toBe(401);
    expect(Date.now() - ended).toBeLessThan(1_000);

    const again = await signIn(first.url, 'staff01', 'Staff@2026');
    expect([await dictionaries(first.url, again), await dictionaries(second.url, again)]).toEqual([200, 200]);
    const staffId = (await adminGet(first.url, admin, '/api/admin/accounts?limit=10&userName=staff01')).records[0].id;
    const roleId = (await adminGet(first.url, admin, '/api/admin/roles?limit=10&roleCode=dict_reader')).records[0].id;
    const taken = Date.now();
    const revoke = await fetch(`${first.url}/api/admin/roles/authorise`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountIds: [staffId], roleIds: [roleId], revoke: true }),
    });
    expect(revoke.status).toBe(200);
    expect(await dictionaries(first.url, again)).toBe(403);
    await expect.poll(() => dictionaries(second.url, again), { timeout: 1_000, interval: 5 }).toBe(403);
    expect(Date.now() - taken).toBeLessThan(1_000);
  });

  it('reports the signal that stopped a server, after closing gracefully', async () => {
    const exited = new Promise<number | null>((resolve) => second.process.once('exit', (code) => resolve(code)));
    second.process.kill('SIGTERM');
    expect(await exited).toBe(143);
  });
});

async function signIn(url: string, userName = 'sysadmin', password = 'Qiming@2026'): Promise<string> {
  const { sealPassword } = await import('@qiming/shared');
  const { data } = (await (await fetch(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json()) as {
    data: { key: string; keyId: string };
  };
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: userName,
      password: sealPassword(data.key, password),
      keyId: data.keyId,
      client_id: 'qiming-admin',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function adminGet(url: string, token: string, pathAndQuery: string) {
  const response = await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read a few fields of several answers.
  return ((await response.json()) as { data: any }).data;
}
