// What recording monitoring figures costs on the hot path: the same server twice, one counting every
// request (the default) and one with RECORD_FIGURES=off, each in a process of its own on its own SQLite
// file, loaded one after the other in alternating rounds by autocannon in this process. Measured on a
// gateway route (to a bare Fastify upstream in its own process) and on the cheapest API route
// (`/api/health/live`, where the counting hook's share is largest). With `taskset` (util-linux) the
// servers share one core and the load generator and upstream the other, so that the scheduler's
// placing of processes does not swamp a difference of a few per cent; rounds alternate which server
// goes first, and the cost is taken from each mode's median run. Prints each run, then the cost.
// Run: npm run bench:monitoring   (BENCH_SECONDS per run, default 8; BENCH_CONNECTIONS, default 20;
// BENCH_ROUNDS, default 4)
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { insertRoute, setRouteStatus } from '../apps/server/src/modules/governance/gateway/routeRepo.ts';
import { freePort, type LoadFigures, load, stop, waitUntilAnswering } from './support/processes.ts';
import { median } from './support/statistics.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const root = path.resolve(import.meta.dirname, '..');
execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

const taskset = ['/usr/bin/taskset', '/bin/taskset'].find((file) => fs.existsSync(file));
const pinned = os.cpus().length >= 2 && taskset !== undefined;
/** The command line of a process pinned to `core`, or as it is without taskset. */
const onCore = (core: number, command: string, args: string[]): [string, string[]] =>
  pinned && taskset ? [taskset, ['-c', String(core), command, ...args]] : [command, args];
if (pinned && taskset) execSync(`${taskset} -pc 0 ${process.pid}`, { stdio: 'ignore' });

const upstreamPort = await freePort();
const upstream = spawn(...onCore(0, process.execPath, ['bench/support/bareFastify.mjs']), {
  cwd: root,
  env: { ...process.env, PORT: String(upstreamPort) },
  stdio: 'ignore',
});

/** A data directory with one released route to the upstream's /hello, and a server on it. */
async function startServer(recordFigures: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-monitor-bench-'));
  const seeder = await buildApp({ config: { ...readConfig({ NODE_ENV: 'test' }), dataDir, webDistDir: undefined } });
  const now = Date.now();
  const id = await insertRoute(
    seeder.context.db,
    {
      routeId: 'bench',
      routeName: 'Bench',
      orderNum: 0,
      uri: `http://127.0.0.1:${upstreamPort}`,
      predicates: [{ name: 'Path', args: { patterns: '/plain' } }],
      filters: [{ name: 'SetPath', args: { template: '/hello' } }],
      description: '',
    },
    now,
  );
  await setRouteStatus(seeder.context.db, id, 'released', now);
  await seeder.app.close();
  const [port, gatewayPort] = [await freePort(), await freePort()];
  const child = spawn(...onCore(1, process.execPath, ['apps/server/dist/main.js']), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      GATEWAY_PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The upstream listens on loopback, which a gateway reaches only when its allow-list names it.
      GATEWAY_UPSTREAM_ALLOW: '127.0.0.0/8',
      RECORD_FIGURES: recordFigures ? 'on' : 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, dataDir, api: `http://127.0.0.1:${port}`, gateway: `http://127.0.0.1:${gatewayPort}` };
}

const counting = await startServer(true);
const bare = await startServer(false);
try {
  await waitUntilAnswering(`http://127.0.0.1:${upstreamPort}/hello`, upstream);
  for (const server of [counting, bare]) {
    await waitUntilAnswering(`${server.api}/api/health/live`, server.child);
    await waitUntilAnswering(`${server.gateway}/plain`, server.child);
  }
  console.log(
    `${connections} connections, ${seconds} s each, ${rounds} alternating rounds, ${os.cpus().length} cores, ${pinned ? 'servers pinned to core 1' : 'no pinning'}`,
  );
  for (const server of [counting, bare]) {
    await load('(warming up)', server.gateway, { connections, seconds: 2, paths: () => '/plain' });
    await load('(warming up)', server.api, { connections, seconds: 2, paths: () => '/api/health/live' });
  }
  const runs = {
    gateway: { on: [] as LoadFigures[], off: [] as LoadFigures[] },
    api: { on: [] as LoadFigures[], off: [] as LoadFigures[] },
  };
  for (let round = 1; round <= rounds; round++) {
    const modes = [
      ['on', counting],
      ['off', bare],
    ] as const;
    for (const [mode, server] of round % 2 === 1 ? modes : [...modes].reverse()) {
      runs.gateway[mode].push(
        await load(`gateway route, figures ${mode} (round ${round})`, server.gateway, { connections, seconds, paths: () => '/plain' }),
      );
      runs.api[mode].push(
        await load(`GET /api/health/live, figures ${mode} (round ${round})`, server.api, {
          connections,
          seconds,
          paths: () => '/api/health/live',
        }),
      );
    }
  }
  const rate = (figures: LoadFigures[]) => median(figures.map((one) => one.requestsPerSecond));
  for (const [name, pair] of Object.entries(runs)) {
    const ratio = rate(pair.on) / rate(pair.off);
    console.log(
      `${name}: median ${rate(pair.on).toFixed(0)} req/s counting vs ${rate(pair.off).toFixed(0)} not; ratio ${ratio.toFixed(3)}, recording costs ${((1 - ratio) * 100).toFixed(1)} % (goal <= 5 %)`,
    );
  }
} finally {
  await stop(counting.child);
  await stop(bare.child);
  await stop(upstream);
  for (const server of [counting, bare]) fs.rmSync(server.dataDir, { recursive: true, force: true });
}
