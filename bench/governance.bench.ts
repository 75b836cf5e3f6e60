// The config centre's push and the registry's heartbeats, against the real server in its own process:
//  1. publish -> each of 1,000 held long polls answered (p50, p99), beside 1,000 health checks sent
//     the same way in the same run (BENCH_LISTENERS=10000 needs MAX_CONNECTIONS above it). The polls are
//     held by BENCH_CLIENT_THREADS (default 4) worker threads, each its own event loop and sockets, so
//     reading 10,000 answers in one loop does not add its own queue to the figures;
//  2. the server's CPU while 10,000 instances beat every 5 s, beside the same request rate of health checks.
// Run: npm run bench:governance   (BENCH_SECONDS=30 for the beat window; BENCH_DATABASE_URL for PostgreSQL;
// BENCH_LISTENERS, BENCH_INSTANCES; BENCH_ROOT=<another checkout, its server built> runs that one, for a before/after)
import { execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { cpuSeconds, freePort, profileArguments } from './support/processes.ts';

const listenerCount = Number(process.env.BENCH_LISTENERS ?? 1_000);
const instanceCount = Number(process.env.BENCH_INSTANCES ?? 10_000);
const beatSeconds = Number(process.env.BENCH_SECONDS ?? 30);
const beatIntervalMs = 5_000;
const rounds = 3;
const clientThreads = Math.max(1, Number(process.env.BENCH_CLIENT_THREADS ?? 4));
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

/**
 * New connections go out 250 at a time, 100 ms apart: thousands at once overflow the server's listen
 * backlog (Node's 511) and the kernel resets them, which measures the kernel rather than the server.
 */
const paceConnections = async (sent: number) => {
  if (sent > 0 && sent % 250 === 0) await new Promise((resolve) => setTimeout(resolve, 100));
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** A time every thread reads alike: each thread's performance.now() counts from its own start. */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * One thread's share of the long polls: it opens them (its share of 250 every 100 ms, as below), says when all are
 * sent, and reports the wall time each was answered with the change. Plain JavaScript, run as given.
 */
const listenerThread = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, count, body, dataId, batch } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const arrivals = [];
let answered = 0;
// A connection the kernel resets while the server's backlog is full (a loaded machine) is tried again.
const poll = (attempt = 0) => {
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/nacos/v1/cs/configs/listener', agent,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '60000' } }, (response) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      if (!text.includes(dataId)) { parentPort.postMessage({ error: 'a listener was answered without the change: ' + response.statusCode + ' ' + text }); return; }
      arrivals.push(at);
      if (++answered === count) { parentPort.postMessage({ arrivals }); agent.destroy(); }
    });
  });
  request.on('error', (error) => {
    if (attempt < 5 && error.code === 'ECONNRESET') setTimeout(() => poll(attempt + 1), 200);
    else parentPort.postMessage({ error: String(error) });
  });
  request.end(body);
};
(async () => {
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % batch === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    poll();
  }
  parentPort.postMessage({ sent: true });
})();
`;

/** Opens `count` long polls spread over the threads; resolves once all are sent, with the answers' wall times to come. */
async function holdPolls(port: number, count: number, body: string, dataId: string) {
  const workers = Array.from({ length: clientThreads }, (_, n) => {
    const share = Math.floor(count / clientThreads) + (n < count % clientThreads ? 1 : 0);
    // The threads together keep to 250 new connections per 100 ms.
    const batch = Math.ceil(250 / clientThreads);
    return { share, worker: new Worker(listenerThread, { eval: true, workerData: { port, count: share, body, dataId, batch } }) };
  });
  const sent: Promise<void>[] = [];
  const arrivals: Promise<number[]>[] = [];
  for (const { share, worker } of workers) {
    if (share === 0) {
      void worker.terminate();
      continue;
    }
    sent.push(new Promise((resolve, reject) => worker.on('message', (m) => (m.sent ? resolve() : m.error && reject(new Error(m.error))))));
    arrivals.push(
      new Promise((resolve, reject) =>
        worker.on('message', (m) => {
          if (m.error) reject(new Error(m.error));
          if (m.arrivals) {
            resolve(m.arrivals);
            void worker.terminate();
          }
        }),
      ),
    );
  }
  await Promise.all(sent);
  return { answered: Promise.all(arrivals).then((all) => all.flat()) };
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
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
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
  console.log(`server pid ${server.pid} on ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores`);

  // 1. Long-poll push.
  const dataId = 'bench.properties';
  const publish = (content: string) =>
    call(
      port,
      'POST',
      '/nacos/v1/cs/configs',
      `${credentials}&dataId=${dataId}&group=DEFAULT_GROUP&content=${encodeURIComponent(content)}`,
    );
  const pushLatencies: number[] = [];
  const baselineLatencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const content = `version=${round}`;
    await publish(content);
    const md5 = createHash('md5').update(content).digest('hex');
    const body = `accessToken=${accessToken}&Listening-Configs=${encodeURIComponent(`${dataId}\u0002DEFAULT_GROUP\u0002${md5}\u0001`)}`;
    const { answered } = await holdPolls(port, listenerCount, body, dataId);
    // Every poll has been sent and compared; give the server a moment to hold the last of them.
    await new Promise((resolve) => setTimeout(resolve, 2_000 + listenerCount / 5));
    const publishedAt = wallNow();
    await publish(`version=${round}-changed`);
    pushLatencies.push(...(await answered).map((at) => at - publishedAt));

    const checks: Promise<number>[] = [];
    for (let i = 0; i < listenerCount; i++) {
      await paceConnections(i);
      const sentAt = performance.now();
      checks.push(call(port, 'GET', '/api/health').then(() => performance.now() - sentAt));
    }
    baselineLatencies.push(...(await Promise.all(checks)));
  }
  const push = { p50: percentile(pushLatencies, 50), p99: percentile(pushLatencies, 99) };
  const baseline = { p50: percentile(baselineLatencies, 50), p99: percentile(baselineLatencies, 99) };
  console.log(`\n${listenerCount} long-poll listeners, ${rounds} rounds: time from publishing to each listener's answer`);
  console.log(`  config push                          p50 ${ms(push.p50)}   p99 ${ms(push.p99)}`);
  console.log(`  baseline: ${listenerCount} health checks         p50 ${ms(baseline.p50)}   p99 ${ms(baseline.p99)}`);
  console.log(
    `  ratio push / baseline                p50 ${(push.p50 / baseline.p50).toFixed(2)}   p99 ${(push.p99 / baseline.p99).toFixed(2)}`,
  );

  // 2. Heartbeats.
  const registerStarted = performance.now();
  const instances = Array.from({ length: instanceCount }, (_, n) => ({
    service: `DEFAULT_GROUP@@svc-${n % 100}`,
    ip: `10.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`,
    port: 8000 + (n % 100),
  }));
  for (let start = 0; start < instances.length; start += 100) {
    await Promise.all(
      instances
        .slice(start, start + 100)
        .map((instance) =>
          call(
            port,
            'POST',
            `/nacos/v1/ns/instance?${credentials}&serviceName=${instance.service}&ip=${instance.ip}&port=${instance.port}`,
          ),
        ),
    );
  }
  console.log(`\nregistered ${instanceCount} instances in ${((performance.now() - registerStarted) / 1000).toFixed(1)} s`);

  const rate = instanceCount / (beatIntervalMs / 1000);
  const drive = async (title: string, request: (n: number) => Promise<{ status: number }>) => {
    const latencies: number[] = [];
    let failures = 0;
    const cpuBefore = cpuSeconds(server);
    const started = performance.now();
    const pending: Promise<void>[] = [];
    let sent = 0;
    while (performance.now() - started < beatSeconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent++) {
        const at = performance.now();
        pending.push(
          request(sent).then(
            (answer) => {
              if (answer.status !== 200) failures++;
              latencies.push(performance.now() - at);
            },
            () => {
              failures++;
            },
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(pending);
    const wall = (performance.now() - started) / 1000;
    const cpu = (cpuSeconds(server) - cpuBefore) / wall;
    console.log(
      `  ${title.padEnd(36)} ${(sent / wall).toFixed(0).padStart(5)} req/s   server CPU ${(cpu * 100).toFixed(1)}% of one core   p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   failures ${failures}`,
    );
    return cpu;
  };
  console.log(
    `${instanceCount} instances beating every ${beatIntervalMs / 1000} s for ${beatSeconds} s, against the same rate of health checks`,
  );
  const beats = await drive('heartbeats', (n) => {
    const instance = instances[n % instanceCount] as (typeof instances)[number];
    const beat = JSON.stringify({ serviceName: instance.service, ip: instance.ip, port: instance.port, cluster: 'DEFAULT' });
    return call(port, 'PUT', `/nacos/v1/ns/instance/beat?${credentials}&serviceName=${instance.service}&beat=${encodeURIComponent(beat)}`);
  });
  const metrics = JSON.parse((await call(port, 'GET', `/nacos/v1/ns/operator/metrics?${credentials}`)).body);
  const list = JSON.parse(
    (await call(port, 'GET', `/nacos/v1/ns/instance/list?${credentials}&serviceName=DEFAULT_GROUP@@svc-0&healthyOnly=true`)).body,
  );
  console.log(
    `  right after the beats: ${metrics.instanceCount} instances registered; svc-0 has ${list.hosts.length} healthy of ${instanceCount / 100}`,
  );
  const health = await drive('baseline: health checks', () => call(port, 'GET', '/api/health'));
  console.log(`  ratio heartbeat CPU / baseline CPU   ${(beats / health).toFixed(2)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
