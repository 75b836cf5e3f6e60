// Pushes to Nacos 2 gRPC clients, against the built server in its own process: N connections (each its own
// HTTP/2 connection, as each Java client has) listen to one config and subscribe to one service; then
//  1. an HTTP publish -> each connection's ConfigChangeNotifyRequest (p50, p99);
//  2. a gRPC registration -> each subscriber's NotifySubscriberRequest (p50, p99);
// beside N health checks fired at once in the same run.
// Run: node --import tsx bench/nacosGrpc.bench.ts   (BENCH_GRPC_CLIENTS, default 1,000; BENCH_DATABASE_URL for PostgreSQL)
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Message, NacosGrpcTestClient } from '../apps/server/test/nacosGrpcClient.ts';
import { freePort, stop, waitUntilAnswering } from './support/processes.ts';

const clientCount = Number(process.env.BENCH_GRPC_CLIENTS ?? 1_000);
const rounds = 3;
const root = path.resolve(import.meta.dirname, '..');
execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

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
const clients: NacosGrpcTestClient[] = [];
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
  const key = { dataId: 'bench.yaml', group: 'DEFAULT_GROUP', tenant: '' };
  const service = { namespace: 'public', serviceName: 'bench', groupName: 'DEFAULT_GROUP' };
  const registrar = await NacosGrpcTestClient.connect(`127.0.0.1:${grpcPort}`, token);
  for (let start = 0; start < clientCount; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, clientCount - start) }, () => NacosGrpcTestClient.connect(`127.0.0.1:${grpcPort}`, token)),
    );
    clients.push(...batch);
  }
  const md5 = (await registrar.request('ConfigQueryRequest', key)).body.md5 as string;
  await Promise.all(
    clients.map((client) => client.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5 }] })),
  );
  await Promise.all(clients.map((client) => client.request('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' })));
  console.log(
    `server pid ${server.pid} on ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores, ${clientCount} gRPC connections`,
  );

  /** Times from `act` to each client's first push of `type`. */
  const timePushes = async (type: string, act: () => Promise<unknown>) => {
    let startedAt = 0;
    const arrived = clients.map(
      (client) =>
        new Promise<number>((resolve) => {
          client.onPush = (push: Message) => {
            if (push.type === type) resolve(performance.now() - startedAt);
          };
        }),
    );
    startedAt = performance.now();
    await act();
    return Promise.all(arrived);
  };

  const configLatencies: number[] = [];
  const namingLatencies: number[] = [];
  const baselineLatencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    configLatencies.push(...(await timePushes('ConfigChangeNotifyRequest', () => publish(`v: ${round + 1}`))));
    // Each client listens again with the new MD5, as a Java client does after it reads the change.
    const current = (await registrar.request('ConfigQueryRequest', key)).body.md5 as string;
    await Promise.all(
      clients.map((client) =>
        client.request('ConfigBatchListenRequest', { listen: true, configListenContexts: [{ ...key, md5: current }] }),
      ),
    );
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
  for (const client of clients) client.close();
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
