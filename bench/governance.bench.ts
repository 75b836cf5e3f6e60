// The config centre's push and the registry's heartbeats, against the real server in its own process, raised
// to nice -10 when the bench runs as root so that the machine's other work (and the clients) do not time it:
//  1. publish -> each of 1,000 and then 10,000 held long polls answered (p50, p99), beside the same number
//     of health checks written at once on the same connections in the same run, and beside the floor: the
//     same polls held by a bare node:http server (support/heldFloor.mjs, also at nice -10) that writes one
//     prebuilt answer to each. The connections are held by BENCH_CLIENT_PROCESSES (default 2) lean client
//     processes (support/heldRequests.mjs: raw sockets, one prebuilt request), each of which reports its own
//     CPU, printed as the clients' share of a core;
//  2. the server's CPU while 10,000 instances beat every 5 s, beside the same request rate of health checks,
//     both sent by paced client processes (support/pacedRequests.mjs) over BENCH_BEAT_CONNECTIONS (default
//     1,000) keep-alive connections, BENCH_BEAT_ROUNDS (default 2) runs of beats between two of health
//     checks; printed per second and per request answered.
// Run: npm run bench:governance   (BENCH_SECONDS=30 for the beat window; BENCH_DATABASE_URL for PostgreSQL;
// BENCH_LISTENERS=1000,10000; BENCH_INSTANCES; BENCH_PARTS=push,beats; BENCH_PROFILE=<dir> for the server's
// CPU profile; BENCH_ROOT=<another checkout, its server built> runs that one, for a before/after)
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ask, closeClients, heardFrom, ms, openClients, openPacedClients, Timings, untilQuiet, wallNow } from './support/leanClients.ts';
import { benchPriority, cpuSeconds, freePort, profileArguments, raisePriority, stop } from './support/processes.ts';
import { percentile } from './support/statistics.ts';

const listenerCounts = (process.env.BENCH_LISTENERS ?? '1000,10000').split(',').map(Number);
const instanceCount = Number(process.env.BENCH_INSTANCES ?? 10_000);
const beatSeconds = Number(process.env.BENCH_SECONDS ?? 30);
const beatIntervalMs = 5_000;
const rounds = 3;
const parts = (process.env.BENCH_PARTS ?? 'push,beats').split(',');
const clientProcesses = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 2));
const beatConnections = Number(process.env.BENCH_BEAT_CONNECTIONS ?? 1_000);
const beatRounds = Number(process.env.BENCH_BEAT_ROUNDS ?? 2);
const credentials = 'username=sysadmin&password=Qiming%402026';
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
// The server under test is the built one on plain node, as production runs it.
const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '..');
if (!process.env.BENCH_ROOT) execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

function call(
  port: number,
  method: string,
  pathAndQuery: string,
  body = '',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathAndQuery,
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The floor's bare server (support/heldFloor.mjs) at the bench's priority, once it listens. */
async function startFloor(floorPort: number): Promise<ChildProcess> {
  const floor = spawn(process.execPath, [path.join(import.meta.dirname, 'support/heldFloor.mjs')], {
    env: { ...process.env, PORT: String(floorPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    floor.stdout?.once('data', resolve);
    floor.once('exit', (code) => reject(new Error(`the floor's server exited with ${code}`)));
  });
  raisePriority(floor.pid);
  return floor;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bench-'));
const port = await freePort();
const server = spawn(process.execPath, [...profileArguments(), 'apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    GATEWAY_PORT: 'off',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: '',
    MAX_CONNECTIONS: process.env.MAX_CONNECTIONS ?? String(Math.max(...listenerCounts) + 2_000),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
// The server above everything else on the machine (the clients included), so that what is timed is its fan-out.
const favoured = raisePriority(server.pid);
try {
  for (let attempt = 0; ; attempt++) {
    const healthy = await call(port, 'GET', '/api/health').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (healthy) break;
    // A first start seeds the demo: minutes on a loaded machine.
    if (attempt > 1200) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Listeners present a token, as Nacos 2 clients do: 10,000 first password checks at once would trip the
  // sign-in rate limit before the first success is remembered.
  const accessToken = JSON.parse((await call(port, 'POST', '/nacos/v1/auth/login', credentials)).body).accessToken as string;
  console.log(
    `server pid ${server.pid} on ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores, ` +
      (favoured ? `nice ${benchPriority}` : `default priority (nice ${benchPriority} needs root)`),
  );

  // 1. Long-poll push, for each number of listeners, on connections the lean clients hold.
  const dataId = 'bench.properties';
  const publish = (content: string) =>
    call(
      port,
      'POST',
      '/nacos/v1/cs/configs',
      `${credentials}&dataId=${dataId}&group=DEFAULT_GROUP&content=${encodeURIComponent(content)}`,
    );
  const pollRequest = (body: string) =>
    `POST /nacos/v1/cs/configs/listener HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\n` +
    `long-pulling-timeout: 60000\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const healthRequest = 'GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n';
  const pollBody = (md5: string) =>
    `accessToken=${accessToken}&Listening-Configs=${encodeURIComponent(`${dataId}\u0002DEFAULT_GROUP\u0002${md5}\u0001`)}`;
  /** One round of a push: the polls sent and held by `target`, then `change` timed from its call to each poll's answer. */
  const pushRound = async (
    target: ChildProcess,
    clients: ChildProcess[],
    request: string,
    change: () => Promise<unknown>,
    timings: Timings,
  ) => {
    await ask(clients, { send: { request, expect: dataId, clock: false } }, 'sent');
    // Every poll has been sent: the change waits until the server has compared and held the last of them.
    await untilQuiet(target);
    await ask(clients, { arm: true }, 'armed');
    const pushed = heardFrom(clients, 'answers');
    const before = cpuSeconds(target);
    const changedAt = wallNow();
    await change();
    timings.add(await pushed, changedAt, cpuSeconds(target) - before);
  };
  for (const listenerCount of parts.includes('push') ? listenerCounts : []) {
    const clients = await openClients(port, listenerCount, clientProcesses);
    const push = new Timings();
    const baseline = new Timings();
    try {
      for (let round = 0; round < rounds; round++) {
        const content = `version=${listenerCount}-${round}`;
        await publish(content);
        const md5 = createHash('md5').update(content).digest('hex');
        await pushRound(server, clients, pollRequest(pollBody(md5)), () => publish(`version=${listenerCount}-${round}-changed`), push);

        // The baseline: a health check written on each of the same connections at once.
        await untilQuiet(server);
        const checked = heardFrom(clients, 'answers');
        const checkBefore = cpuSeconds(server);
        for (const client of clients) client.send({ send: { request: healthRequest, expect: '"up"', clock: true } });
        baseline.add(await checked, undefined, cpuSeconds(server) - checkBefore);
      }
    } finally {
      closeClients(clients);
    }
    console.log(
      `\n${listenerCount} long-poll listeners in ${clients.length} client processes, ${rounds} rounds (load ${os.loadavg()[0]?.toFixed(2)})`,
    );
    push.print('config push: publish to each answer', rounds);
    baseline.print(`baseline: ${listenerCount} health checks at once`, rounds);
    console.log(
      `  ratio push / baseline                        p50 ${(push.p(50) / baseline.p(50)).toFixed(2)}   p99 ${(push.p(99) / baseline.p(99)).toFixed(2)}`,
    );

    // The floor: the same polls held by a bare server, answered with one prebuilt Buffer each.
    const floorPort = await freePort();
    const floor = await startFloor(floorPort);
    const floorClients = await openClients(floorPort, listenerCount, clientProcesses);
    const bare = new Timings();
    try {
      const answer = encodeURIComponent(`${dataId}\u0002DEFAULT_GROUP\u0001`);
      for (let round = 0; round < rounds; round++) {
        await pushRound(floor, floorClients, pollRequest(pollBody('0')), () => call(floorPort, 'POST', '/change', answer), bare);
      }
    } finally {
      closeClients(floorClients);
      await stop(floor);
    }
    bare.print('floor: a bare node:http server, one Buffer', rounds);
    console.log(
      `  ratio push / floor                           p50 ${(push.p(50) / bare.p(50)).toFixed(2)}   p99 ${(push.p(99) / bare.p(99)).toFixed(2)}   ` +
        `(goal p99 <= 100 ms at 10,000; the floor's own p99 ${ms(bare.p(99))})`,
    );
  }

  // 2. Heartbeats, against health checks measured before the instances register and after they are gone:
  // silent instances (between the runs) would put the sweep's marking and removing them on the baseline.
  if (parts.includes('beats')) {
    const instances = Array.from({ length: instanceCount }, (_, n) => ({
      service: `DEFAULT_GROUP@@svc-${n % 100}`,
      ip: `10.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`,
      port: 8000 + (n % 100),
    }));
    const forEachInstance = async (method: string, path: string) => {
      for (let start = 0; start < instances.length; start += 100) {
        await Promise.all(
          instances
            .slice(start, start + 100)
            .map((instance) =>
              call(port, method, `${path}?${credentials}&serviceName=${instance.service}&ip=${instance.ip}&port=${instance.port}`),
            ),
        );
      }
    };
    const rate = instanceCount / (beatIntervalMs / 1000);
    const pacers = await openPacedClients(port, beatConnections, clientProcesses);
    // Each client process sends its share of the requests at its share of the rate. What is counted starts
    // one beat interval in, once every instance has beaten here: the first beat after a silence goes to the
    // database by design (see registry/liveness.ts), and a running registry hears each instance every 5 s.
    const drive = async (title: string, requests: string[]) => {
      await untilQuiet(server);
      const paced = heardFrom(pacers, 'paced');
      const warmed = heardFrom(pacers, 'warmed');
      pacers.forEach((pacer, k) => {
        // One request (the health check) goes to every process; more are shared out.
        const share = requests.length < pacers.length ? requests : requests.filter((_, n) => n % pacers.length === k);
        pacer.send({ pace: { requests: share, rate: rate / pacers.length, seconds: beatSeconds, warmSeconds: beatIntervalMs / 1000 } });
      });
      await warmed;
      const cpuBefore = cpuSeconds(server);
      const started = performance.now();
      const reports = await paced;
      const wall = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(server) - cpuBefore;
      const sum = (field: 'answered' | 'failures' | 'cpuSeconds') => reports.reduce((total, report) => total + report[field], 0);
      const latencies = reports.flatMap((report) => report.latencies);
      const perRequest = cpu / sum('answered');
      console.log(
        `  ${title.padEnd(24)} ${(sum('answered') / wall).toFixed(0).padStart(5)} req/s   server CPU ${((cpu / wall) * 100).toFixed(1)}% of one core, ` +
          `${(perRequest * 1e6).toFixed(0)} µs a request   p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   ` +
          `failures ${sum('failures')}   clients ${((sum('cpuSeconds') / wall) * 100).toFixed(0)} % of a core`,
      );
      return perRequest;
    };
    console.log(
      `\n${instanceCount} instances beating every ${beatIntervalMs / 1000} s, ${beatSeconds} s a run of which the first ${beatIntervalMs / 1000} s are not counted, ` +
        `over ${beatConnections} connections in ${pacers.length} client processes; health checks at the same rate`,
    );
    const healthCheck = ['GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'];
    const put = (pathAndQuery: string) => `PUT ${pathAndQuery} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 0\r\n\r\n`;
    const beatRequests = instances.map((instance) => {
      const beat = JSON.stringify({ serviceName: instance.service, ip: instance.ip, port: instance.port, cluster: 'DEFAULT' });
      return put(`/nacos/v1/ns/instance/beat?${credentials}&serviceName=${instance.service}&beat=${encodeURIComponent(beat)}`);
    });
    const before = await drive('health checks (before)', healthCheck);
    await forEachInstance('POST', '/nacos/v1/ns/instance');
    const beats: number[] = [];
    for (let round = 0; round < beatRounds; round++) beats.push(await drive(`heartbeats (run ${round + 1})`, beatRequests));
    const list = JSON.parse(
      (await call(port, 'GET', `/nacos/v1/ns/instance/list?${credentials}&serviceName=DEFAULT_GROUP@@svc-0&healthyOnly=true`)).body,
    );
    console.log(`  right after the beats svc-0 has ${list.hosts.length} healthy instances of ${instanceCount / 100}`);
    await forEachInstance('DELETE', '/nacos/v1/ns/instance');
    const after = await drive('health checks (after)', healthCheck);
    closeClients(pacers);
    const baseline = (before + after) / 2;
    console.log(
      `  heartbeat CPU a request / health check's (mean of before and after): ${beats.map((beat) => (beat / baseline).toFixed(2)).join(', ')} ` +
        `(load ${os.loadavg()[0]?.toFixed(2)})`,
    );
  }
} finally {
  console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
