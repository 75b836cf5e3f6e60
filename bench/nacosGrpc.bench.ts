// Pushes to Nacos 2 gRPC clients, against the built server in its own process: N connections (each its own
// HTTP/2 connection, as each Java client has) listen to one config and subscribe to one service; then
//  1. an HTTP publish -> each connection's ConfigChangeNotifyRequest (p50, p99);
//  2. a gRPC registration -> each subscriber's NotifySubscriberRequest (p50, p99);
// beside N health checks fired at once in the same run. The connections are held by BENCH_CLIENT_THREADS
// (default 4) worker threads, each its own event loop, so reading 10,000 pushes in one loop does not add
// its own queue to the figures; times are wall times, alike in every thread.
// Run: node --import tsx bench/nacosGrpc.bench.ts   (BENCH_GRPC_CLIENTS, default 1,000; BENCH_DATABASE_URL for PostgreSQL)
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { NacosGrpcTestClient } from '../apps/server/test/nacosGrpcClient.ts';
import { freePort, stop, waitUntilAnswering } from './support/processes.ts';

const clientCount = Number(process.env.BENCH_GRPC_CLIENTS ?? 1_000);
const clientThreads = Math.max(1, Number(process.env.BENCH_CLIENT_THREADS ?? 4));
const rounds = 3;
const wallNow = () => performance.timeOrigin + performance.now();
const key = { dataId: 'bench.yaml', group: 'DEFAULT_GROUP', tenant: '' };
const service = { namespace: 'public', serviceName: 'bench', groupName: 'DEFAULT_GROUP' };

/** What the main thread asks of a client thread, and what the thread answers. */
type Command = { arm: string } | { relisten: string } | { close: true };
type Report = { ready: true } | { armed: true } | { arrivals: number[] } | { relistened: true };

if (!isMainThread) {
  // A client thread: its share of the connections, each listening to the config and subscribed to the service.
  const { address, token, count, md5 } = workerData as { address: string; token: string; count: number; md5: string };
  const port = parentPort as NonNullable<typeof parentPort>;
  const report = (message: Report) => port.postMessage(message);
  const clients: NacosGrpcTestClient[] = [];
  for (let start = 0; start < count; start += 100) {
    clients.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, count - start) }, () => NacosGrpcTestClient.connect(address, token)))),
    );
  }
  const listen = (current: string) =>
    Promise.all(
      clients.map((client) =>
        client.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5: current }] }),
      ),
    );
  await listen(md5);
  await Promise.all(clients.map((client) => client.request('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' })));
  port.on('message', async (command: Command) => {
    if ('arm' in command) {
      const arrivals: number[] = [];
      for (const client of clients) {
        let heard = false;
        client.onPush = (push) => {
          if (push.type !== command.arm || heard) return;
          heard = true;
          arrivals.push(wallNow());
          if (arrivals.length === clients.length) report({ arrivals });
        };
      }
      report({ armed: true });
    } else if ('relisten' in command) {
      await listen(command.relisten);
      report({ relistened: true });
    } else {
      for (const client of clients) client.close();
      port.close();
    }
  });
  report({ ready: true });
} else await benchmark();

/** The main thread: the server, the threads holding the connections, and the rounds. */
async function benchmark() {
  // BENCH_ROOT=<another checkout, its server built> runs that one, for a before/after.
  const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '..');
  if (!process.env.BENCH_ROOT) execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  };
  const ms = (value: number) => `${value.toFixed(1)} ms`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bench-'));
  const [port, grpcPort] = [await freePort(), await freePort()];
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      NACOS_GRPC_PORT: String(grpcPort),
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
  const base = `http://127.0.0.1:${port}`;
  const threads: Worker[] = [];
  /** Sends a command to every thread and gathers each one's report of `kind`. */
  const ask = <T extends Report>(command: Command | null, kind: string): Promise<T[]> =>
    Promise.all(
      threads.map(
        (thread) =>
          new Promise<T>((resolve, reject) => {
            const heard = (message: Report) => {
              if (!(kind in message)) return;
              thread.off('message', heard);
              resolve(message as T);
            };
            thread.on('message', heard);
            thread.once('error', reject);
            if (command) thread.postMessage(command);
          }),
      ),
    );
  try {
    await waitUntilAnswering(`${base}/api/health`, server);
    const login = await fetch(`${base}/nacos/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=sysadmin&password=Qiming%402026',
    });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const publish = (content: string) =>
      fetch(`${base}/nacos/v1/cs/configs`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ dataId: 'bench.yaml', group: 'DEFAULT_GROUP', content, accessToken: token }),
      });
    await publish('v: 0');
    const address = `127.0.0.1:${grpcPort}`;
    // Node 20's workers cannot load TypeScript through tsx: they run this file bundled to JavaScript, under
    // node_modules so that the packages it imports resolve.
    const threadFile = path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'qiming-bench', 'nacosGrpcThread.mjs');
    buildSync({
      entryPoints: [import.meta.filename],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: threadFile,
    });
    // The client reads the protocol from beside its code.
    const proto = 'apps/server/src/modules/governance/nacosGrpc/nacosGrpc.proto';
    fs.copyFileSync(path.join(import.meta.dirname, '..', proto), path.join(path.dirname(threadFile), path.basename(proto)));
    const registrar = await NacosGrpcTestClient.connect(address, token);
    const md5 = (await registrar.request('ConfigQueryRequest', key)).body.md5 as string;
    for (let n = 0; n < clientThreads; n++) {
      const count = Math.floor(clientCount / clientThreads) + (n < clientCount % clientThreads ? 1 : 0);
      if (count > 0) threads.push(new Worker(threadFile, { workerData: { address, token, count, md5 } }));
    }
    await ask(null, 'ready');
    console.log(
      `server pid ${server.pid} on ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores, ${clientCount} gRPC connections in ${threads.length} client threads`,
    );

    /** Times from `act` to each connection's first push of `type`, as wall times read by the threads. */
    const timePushes = async (type: string, act: () => Promise<unknown>) => {
      await ask({ arm: type }, 'armed');
      const arrived = ask<{ arrivals: number[] }>(null, 'arrivals');
      const startedAt = wallNow();
      await act();
      return (await arrived).flatMap((report) => report.arrivals.map((at) => at - startedAt));
    };

    const configLatencies: number[] = [];
    const namingLatencies: number[] = [];
    const baselineLatencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      configLatencies.push(...(await timePushes('ConfigChangeNotifyRequest', () => publish(`v: ${round + 1}`))));
      // Each client listens again with the new MD5, as a Java client does after it reads the change.
      const current = (await registrar.request('ConfigQueryRequest', key)).body.md5 as string;
      await ask({ relisten: current }, 'relistened');
      const instance = {
        ip: `10.9.0.${round + 1}`,
        port: 80,
        weight: 1,
        healthy: true,
        enabled: true,
        ephemeral: true,
        clusterName: 'DEFAULT',
        metadata: {},
      };
      namingLatencies.push(
        ...(await timePushes('NotifySubscriberRequest', () =>
          registrar.request('InstanceRequest', { ...service, type: 'registerInstance', instance }),
        )),
      );
      const startedAt = performance.now();
      baselineLatencies.push(
        ...(await Promise.all(
          Array.from({ length: clientCount }, () => fetch(`${base}/api/health`).then(() => performance.now() - startedAt)),
        )),
      );
    }
    const line = (title: string, values: number[]) =>
      console.log(`  ${title.padEnd(44)} p50 ${ms(percentile(values, 50))}   p99 ${ms(percentile(values, 99))}`);
    console.log(`\n${clientCount} gRPC connections, ${rounds} rounds: time from the change to each connection's push`);
    line('config push (HTTP publish)', configLatencies);
    line('service push (gRPC registration)', namingLatencies);
    line(`baseline: ${clientCount} health checks at once`, baselineLatencies);
    registrar.close();
  } finally {
    for (const thread of threads) thread.postMessage({ close: true } satisfies Command);
    await Promise.all(threads.map((thread) => thread.terminate()));
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
