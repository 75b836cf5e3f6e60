// Pushes to Nacos 2 gRPC clients, against the built server in its own process: N connections (each its own
// HTTP/2 connection, as each Java client has) listen to one config and subscribe to one service; then
//  1. an HTTP publish -> each connection's ConfigChangeNotifyRequest (p50, p99);
//  2. a gRPC registration -> each subscriber's NotifySubscriberRequest (p50, p99);
// beside N gRPC HealthCheckRequests written at once on the same connections in the same run (N more HTTP
// connections would pass the machine's limit of 20,000 open files). The connections are held by BENCH_CLIENT_PROCESSES
// (default 2) client processes, each printing its own CPU as a share of a core, and the server is raised to
// nice -10 when the bench runs as root, so that what is timed is the server's fan-out; times are wall
// times, alike in every process.
// Run: npm run bench:nacos-grpc   (BENCH_GRPC_CLIENTS, default 1,000; BENCH_DATABASE_URL for PostgreSQL;
// BENCH_PROFILE=<dir> for the server's CPU profile; BENCH_ROOT=<another checkout, its server built>)
import { type ChildProcess, execSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { NacosGrpcTestClient } from '../apps/server/test/nacosGrpcClient.ts';
import { type Answers, Timings, untilQuiet, wallNow } from './support/leanClients.ts';
import { benchPriority, cpuSeconds, freePort, profileArguments, raisePriority, stop, waitUntilAnswering } from './support/processes.ts';

const clientCount = Number(process.env.BENCH_GRPC_CLIENTS ?? 1_000);
const clientProcesses = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 2));
const rounds = 3;
/** How long a client waits for a push before it counts the connections not pushed to as missing. */
const pushWaitMs = 60_000;
const key = { dataId: 'bench.yaml', group: 'DEFAULT_GROUP', tenant: '' };
const service = { namespace: 'public', serviceName: 'bench', groupName: 'DEFAULT_GROUP' };

/** What the main process asks of a client process, and what the client answers. */
type Command = { arm: string } | { relisten: string } | { check: true } | { close: true };
type Report = { ready: true } | { armed: true } | { arrivals: number[]; cpuSeconds: number } | { checked: Answers } | { relistened: true };

if (process.env.BENCH_GRPC_CLIENT) {
  // A client process: its share of the connections, each listening to the config and subscribed to the service.
  const { address, token, count, md5 } = JSON.parse(process.env.BENCH_GRPC_CLIENT) as {
    address: string;
    token: string;
    count: number;
    md5: string;
  };
  const report = (message: Report) => process.send?.(message);
  const clients: NacosGrpcTestClient[] = [];
  for (let start = 0; start < count; start += 100) {
    clients.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, count - start) }, () => NacosGrpcTestClient.connect(address, token)))),
    );
  }
  const listen = (current: string) =>
    Promise.allSettled(
      clients.map((client) =>
        client.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5: current }] }),
      ),
    );
  await listen(md5);
  await Promise.all(clients.map((client) => client.request('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' })));
  process.on('message', async (command: Command) => {
    if ('arm' in command) {
      const arrivals: number[] = [];
      const cpu = process.cpuUsage();
      const done = () => {
        clearTimeout(timer);
        const used = process.cpuUsage(cpu);
        report({ arrivals, cpuSeconds: (used.user + used.system) / 1e6, missing: clients.length - arrivals.length });
      };
      // A push that never comes is counted as missing rather than holding the bench up.
      const timer = setTimeout(done, pushWaitMs);
      for (const client of clients) {
        let heard = false;
        client.onPush = (push) => {
          if (push.type !== command.arm || heard) return;
          heard = true;
          arrivals.push(wallNow());
          if (arrivals.length === clients.length) done();
        };
      }
      report({ armed: true });
    } else if ('check' in command) {
      // Every connection's health check written at once: the baseline, on the same connections as the pushes.
      const cpu = process.cpuUsage();
      const startedAt = wallNow();
      const answers = await Promise.allSettled(clients.map((client) => client.request('HealthCheckRequest', {}).then(() => wallNow())));
      const arrivals = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      const used = process.cpuUsage(cpu);
      report({ checked: { startedAt, arrivals, cpuSeconds: (used.user + used.system) / 1e6 }, failed: clients.length - arrivals.length });
    } else if ('relisten' in command) {
      await listen(command.relisten);
      report({ relistened: true });
    } else {
      for (const client of clients) client.close();
      process.exit(0);
    }
  });
  report({ ready: true });
} else await benchmark();

/** The main process: the server, the client processes holding the connections, and the rounds. */
async function benchmark() {
  // BENCH_ROOT=<another checkout, its server built> runs that one, for a before/after.
  const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '..');
  if (!process.env.BENCH_ROOT) execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bench-'));
  const [port, grpcPort] = [await freePort(), await freePort()];
  const server = spawn(process.execPath, [...profileArguments(), 'apps/server/dist/main.js'], {
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
  // The server above everything else on the machine (the clients included), so that what is timed is its fan-out.
  const favoured = raisePriority(server.pid);
  const base = `http://127.0.0.1:${port}`;
  const threads: ChildProcess[] = [];
  /** Sends a command to every client process and gathers each one's report of `kind`. */
  const ask = <T extends Report>(command: Command | null, kind: string): Promise<T[]> =>
    Promise.all(
      threads.map(
        (thread) =>
          new Promise<T>((resolve, reject) => {
            const heard = (message: Report) => {
              if (!(kind in message)) return;
              thread.off('message', heard);
              thread.off('error', reject);
              resolve(message as T);
            };
            thread.on('message', heard);
            thread.once('error', reject);
            if (command) thread.send(command);
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
    // The clients run this file bundled to JavaScript on plain node (no tsx loader to share their cores), under
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
    for (let n = 0; n < clientProcesses; n++) {
      const count = Math.floor(clientCount / clientProcesses) + (n < clientCount % clientProcesses ? 1 : 0);
      const role = JSON.stringify({ address, token, count, md5 });
      if (count > 0) threads.push(fork(threadFile, { execArgv: [], env: { ...process.env, BENCH_GRPC_CLIENT: role } }));
    }
    await ask(null, 'ready');
    console.log(
      `server pid ${server.pid} on ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores, ` +
        `${clientCount} gRPC connections in ${threads.length} client processes, ` +
        (favoured ? `server at nice ${benchPriority}` : `default priority (nice ${benchPriority} needs root)`),
    );

    /** Times from `act` to each connection's first push of `type`, as wall times read by the clients. */
    const timePushes = async (timings: Timings, type: string, act: () => Promise<unknown>) => {
      await ask({ arm: type }, 'armed');
      const arrived = ask<{ arrivals: number[]; cpuSeconds: number; missing: number }>(null, 'arrivals');
      const serverBefore = cpuSeconds(server);
      const startedAt = wallNow();
      await act();
      const reports = await arrived;
      const missing = reports.reduce((sum, report) => sum + report.missing, 0);
      if (missing > 0) console.log(`  ${type}: ${missing} of ${clientCount} connections had no push within ${pushWaitMs / 1000} s`);
      timings.add(
        reports.map((report) => ({ startedAt, ...report })),
        startedAt,
        cpuSeconds(server) - serverBefore,
      );
    };

    const configPushes = new Timings();
    const servicePushes = new Timings();
    const baseline = new Timings();
    try {
      for (let round = 0; round < rounds; round++) {
        await untilQuiet(server);
        await timePushes(configPushes, 'ConfigChangeNotifyRequest', () => publish(`v: ${round + 1}`));
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
        await untilQuiet(server);
        await timePushes(servicePushes, 'NotifySubscriberRequest', () =>
          registrar.request('InstanceRequest', { ...service, type: 'registerInstance', instance }),
        );
        await untilQuiet(server);
        const checkBefore = cpuSeconds(server);
        const checked = await ask<{ checked: Answers; failed: number }>({ check: true }, 'checked');
        const failed = checked.reduce((sum, report) => sum + report.failed, 0);
        if (failed > 0) console.log(`  HealthCheckRequest: ${failed} of ${clientCount} failed`);
        baseline.add(
          checked.map((report) => report.checked),
          undefined,
          cpuSeconds(server) - checkBefore,
        );
      }
    } finally {
      registrar.close();
    }
    console.log(
      `\n${clientCount} gRPC connections, ${rounds} rounds: time from the change to each connection's push (load ${os.loadavg()[0]?.toFixed(2)})`,
    );
    configPushes.print('config push (HTTP publish)', rounds);
    servicePushes.print('service push (gRPC registration)', rounds);
    baseline.print(`baseline: ${clientCount} gRPC health checks at once`, rounds);
    console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  } finally {
    for (const thread of threads) if (thread.connected) thread.send({ close: true } satisfies Command);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
