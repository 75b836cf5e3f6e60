// The API gateway against nginx `proxy_pass` to the same upstream, in the same run. The upstream (a
// bare Fastify hello route), nginx (one worker), the Qiming server with its gateway, and the load
// generator (autocannon, in this process, the same for every column) each run in a process of their
// own. Prints throughput, p99 and the proxy's CPU time per request straight to the upstream, through
// nginx, through the leanest proxy Node allows (the floor of any Node gateway), through the gateway
// without a rule and with a flow rule that counts every request (its threshold is never reached, so the
// figure is the rule's cost), then the gateway's ratio to nginx and the rule's cost. nginx is installed
// from Debian when missing (nginx-light), so its column is never empty.
// Steadiness: two idle runs of one round once gave ratios 0.54 and 0.85 to the floor, and the machines
// are shared: a neighbour's test run comes and goes within seconds. So every process is warmed up first
// (its connections open, its code compiled), then the proxies run in BENCH_ROUNDS rounds (default 5),
// each giving every proxy BENCH_SECONDS (default 6) cut into BENCH_SLICES slices (default 3) that take
// turns, their order reversed every other turn: a load that comes or goes within a round weighs on
// every proxy alike. Each ratio is the median of the rounds', printed with their spread (largest less
// smallest). Beside throughput each ratio is also given by CPU time per request (the proxy process's
// user and system time over the requests it carried, less what it spends idle): a proxy held back by
// other work answers fewer requests but spends about the same CPU on each, so that figure moves less
// with load (a machine loaded many times over still inflates it). Throughput is what the goals name.
// Every process of the run gets nice -10 when the bench runs as root, so that other work on the machine
// takes the cores from none of them (the lock of shared machines keeps two benches from running at once).
// The load generator asks for one fixed path per run (a request built once), and its own share of a
// core is printed beside the proxy's and the upstream's: on two cores the three share them.
// Run: npm run bench:gateway   (BENCH_CONNECTIONS, default 20; BENCH_REDIS_URL to count the rule
// through Redis as several gateways would; BENCH_PROFILE=<dir> writes the gateway's CPU profile there)
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { insertRoute, setRouteStatus } from '../apps/server/src/modules/governance/gateway/routeRepo.ts';
import { insertFlowRule } from '../apps/server/src/modules/governance/gateway/ruleRepo.ts';
import {
  benchPriority,
  cpuSeconds,
  freePort,
  load,
  profileArguments,
  raisePriority,
  stop,
  waitUntilAnswering,
} from './support/processes.ts';
import { median } from './support/statistics.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const slices = Number(process.env.BENCH_SLICES ?? 3);
const redisUrl = process.env.BENCH_REDIS_URL ?? '';
const nginxBinary = '/usr/sbin/nginx';
if (!fs.existsSync(nginxBinary)) {
  console.log('installing nginx-light from Debian for its column');
  execSync(
    'apt-get install -y -qq --no-install-recommends nginx-light || (apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx-light)',
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
}
const root = path.resolve(import.meta.dirname, '..');
// The gateway under test is the built one on plain node, as production runs it.
execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-gateway-bench-'));
const upstreamPort = await freePort();
const upstream = spawn(process.execPath, ['bench/support/bareFastify.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(upstreamPort) },
  stdio: 'ignore',
});
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

// Two routes alike but for the rule: /plain and /ruled, each set to the upstream's /hello. A production
// first start (no demo data) is all the gateway needs, and quicker.
const seeder = await buildApp({
  config: { ...readConfig({ NODE_ENV: 'test' }), production: true, dataDir: workDir, webDistDir: undefined },
  adminPassword: 'Bench@2026-only',
});
const now = Date.now();
for (const name of ['plain', 'ruled']) {
  const id = await insertRoute(
    seeder.context.db,
    {
      routeId: `bench-${name}`,
      routeName: `Bench ${name}`,
      orderNum: 0,
      uri: upstreamUrl,
      predicates: [{ name: 'Path', args: { patterns: `/${name}` } }],
      filters: [{ name: 'SetPath', args: { template: '/hello' } }],
      description: '',
    },
    now,
  );
  await setRouteStatus(seeder.context.db, id, 'released', now);
}
await insertFlowRule(
  seeder.context.db,
  {
    resourceMode: 'route',
    resource: 'bench-ruled',
    grade: 'qps',
    count: 100_000,
    intervalSec: 1,
    burst: 0,
    controlBehavior: 'reject',
    paramStrategy: 'clientIp',
    paramField: '',
    warmUpPeriodSec: 10,
    maxQueueingTimeMs: 500,
    enabled: true,
  },
  now,
);
await seeder.app.close();

const serverPort = await freePort();
const gatewayPort = await freePort();
const server = spawn(process.execPath, [...profileArguments(), 'apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(serverPort),
    GATEWAY_PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    DATA_DIR: workDir,
    DATABASE_URL: '',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `qiming-bench-${process.pid}:`,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // The upstream listens on loopback, which a gateway reaches only when its allow-list names it.
    GATEWAY_UPSTREAM_ALLOW: '127.0.0.0/8',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

const leanPort = await freePort();
const lean = spawn(process.execPath, ['bench/support/leanProxy.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(leanPort), UPSTREAM: upstreamUrl },
  stdio: 'ignore',
});
const leanUrl = `http://127.0.0.1:${leanPort}`;

const nginxPort = await freePort();
const nginx = fs.existsSync(nginxBinary)
  ? spawn(nginxBinary, ['-p', workDir, '-c', nginxConfig(workDir, nginxPort, upstreamPort), '-e', path.join(workDir, 'nginx-error.log')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  : undefined;
const nginxUrl = `http://127.0.0.1:${nginxPort}`;

// Every process of the run (this one, the load generator, included) is raised above the machine's other
// work, all alike, so that a neighbour's test run takes the cores from none of them: at the default
// priority a loaded machine gave the proxies 10 to 30 % of a core each and ratios from 0.17 to 1.17.
const favoured = [upstream, server, lean, ...(nginx ? [nginx] : [])].every((child) => raisePriority(child.pid));
if (!raisePriority(process.pid) || !favoured) console.log(`the processes run at the default priority: ${benchPriority} needs root`);

try {
  await waitUntilAnswering(`${upstreamUrl}/hello`, upstream);
  await waitUntilAnswering(`${gatewayUrl}/plain`, server);
  await waitUntilAnswering(`${leanUrl}/plain`, lean);
  if (nginx) await waitUntilAnswering(`${nginxUrl}/plain`, nginx);
  else console.log(`no nginx at ${nginxBinary} even after installing it: the nginx figures are left out`);

  console.log(
    `${connections} connections, ${rounds} rounds of ${seconds} s per proxy in ${slices} interleaved slices, ${os.cpus().length} cores; the rule counts ${redisUrl ? 'through Redis' : 'in the gateway process'}`,
  );
  // What each proxy spends with no request at all (the Qiming server's second ticks, say), taken off
  // its CPU per request below: at a few hundred requests a second on a busy machine it would weigh.
  const idleShare = new Map<ChildProcess, number>();
  /** One proxy's runs added up: requests, seconds, and the CPU of the proxy, the upstream and the load generator. */
  interface Totals {
    requests: number;
    seconds: number;
    proxyCpu: number;
    upstreamCpu: number;
    generatorCpu: number;
    p99: number;
    errors: number;
  }
  const noTotals = (): Totals => ({ requests: 0, seconds: 0, proxyCpu: 0, upstreamCpu: 0, generatorCpu: 0, p99: 0, errors: 0 });
  const run = async (into: Totals, url: string, pathName: string, runSeconds: number, proxy?: ChildProcess) => {
    const before = [proxy && cpuSeconds(proxy), cpuSeconds(upstream)];
    const figures = await load('', url, { connections, seconds: runSeconds, path: pathName, quiet: true });
    const [proxyCpu = 0, upstreamCpu = 0] = [proxy && cpuSeconds(proxy), cpuSeconds(upstream)].map(
      (after, index) => Number(after) - Number(before[index]),
    );
    into.requests += figures.requests;
    into.seconds += figures.seconds;
    into.proxyCpu += proxyCpu;
    into.upstreamCpu += upstreamCpu;
    into.generatorCpu += figures.generatorCpu;
    into.p99 = Math.max(into.p99, figures.p99);
    into.errors += figures.errors;
  };
  /** Prints one proxy's round and gives its throughput and its CPU per request, its idle share taken off. */
  const report = (title: string, totals: Totals, proxy?: ChildProcess) => {
    const requestsPerSecond = totals.requests / Math.max(totals.seconds, 1e-3);
    const busyCpu = Math.max(0, totals.proxyCpu - (proxy ? (idleShare.get(proxy) ?? 0) : 0) * totals.seconds);
    const cpuPerRequestUs = (busyCpu / Math.max(1, totals.requests)) * 1e6;
    const share = (cpu: number) => `${((cpu / Math.max(totals.seconds, 1e-3)) * 100).toFixed(0)} %`;
    console.log(`${title.padEnd(46)} ${requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${totals.p99} ms   errors ${totals.errors}`);
    console.log(
      `${''.padEnd(46)} ${proxy ? `proxy ${share(totals.proxyCpu)} of a core, ${cpuPerRequestUs.toFixed(0)} µs CPU per request, ` : ''}upstream ${share(totals.upstreamCpu)}, load generator ${share(totals.generatorCpu)}`,
    );
    return { requestsPerSecond, cpuPerRequestUs };
  };
  // A run first, so every process has its connections open and its code compiled (V8 optimises a hot
  // function after some thousands of calls; two seconds were not always enough under load).
  for (const [url, pathName] of [
    [upstreamUrl, '/hello'],
    [gatewayUrl, '/plain'],
    [gatewayUrl, '/ruled'],
    [leanUrl, '/plain'],
    ...(nginx ? [[nginxUrl, '/plain']] : []),
  ]) {
    await load('(warming up)', url ?? '', { connections, seconds: 4, path: pathName ?? '/' });
  }
  const proxies = [server, lean, ...(nginx ? [nginx] : [])];
  const idleBefore = proxies.map((proxy) => cpuSeconds(proxy));
  await new Promise((resolve) => setTimeout(resolve, 5000));
  for (const [index, proxy] of proxies.entries()) idleShare.set(proxy, (cpuSeconds(proxy) - (idleBefore[index] ?? 0)) / 5);
  console.log(`idle, the gateway's server used ${((idleShare.get(server) ?? 0) * 100).toFixed(1)} % of a core`);
  const directTotals = noTotals();
  await run(directTotals, upstreamUrl, '/hello', seconds);
  const direct = report('upstream directly', directTotals);
  const ratios = {
    floor: [] as number[],
    floorByCpu: [] as number[],
    nginx: [] as number[],
    ruleCost: [] as number[],
    ruleCostByCpu: [] as number[],
    floorToNginx: [] as number[],
  };
  const steps = [
    { name: 'proxied', title: 'nginx proxy_pass (1 worker)', url: nginxUrl, path: '/plain', proxy: nginx },
    { name: 'floor', title: 'leanest Node proxy (http + undici)', url: leanUrl, path: '/plain', proxy: lean },
    { name: 'plain', title: 'Qiming gateway, no rule', url: gatewayUrl, path: '/plain', proxy: server },
    { name: 'ruled', title: 'Qiming gateway, QPS rule per client address', url: gatewayUrl, path: '/ruled', proxy: server },
  ].filter((step) => step.name !== 'proxied' || nginx);
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round} of ${rounds}`);
    // Each proxy's time in the round is cut into slices that take turns, their order reversed every
    // other turn (nginx, floor, gateway, gateway with the rule; then back): a neighbour's load that
    // comes or goes within the round weighs on every proxy alike instead of on the one that ran then.
    const totals = new Map(steps.map((step) => [step.name, noTotals()]));
    for (let slice = 0; slice < slices; slice++) {
      for (const step of (round + slice) % 2 ? steps : [...steps].reverse()) {
        await run(totals.get(step.name) as Totals, step.url, step.path, seconds / slices, step.proxy);
      }
    }
    const measured = new Map(steps.map((step) => [step.name, report(step.title, totals.get(step.name) as Totals, step.proxy)]));
    const [floor, plain, ruled, proxied] = ['floor', 'plain', 'ruled', 'proxied'].map((name) => measured.get(name));
    if (!floor || !plain || !ruled) throw new Error('a proxy was not measured');
    ratios.floor.push(plain.requestsPerSecond / floor.requestsPerSecond);
    ratios.floorByCpu.push(floor.cpuPerRequestUs / plain.cpuPerRequestUs);
    ratios.ruleCost.push(1 - ruled.requestsPerSecond / plain.requestsPerSecond);
    ratios.ruleCostByCpu.push(1 - plain.cpuPerRequestUs / ruled.cpuPerRequestUs);
    if (proxied) {
      ratios.nginx.push(plain.requestsPerSecond / proxied.requestsPerSecond);
      ratios.floorToNginx.push(floor.requestsPerSecond / proxied.requestsPerSecond);
    }
    if (round === 1) console.log(`ratio gateway / upstream directly: ${(plain.requestsPerSecond / direct.requestsPerSecond).toFixed(3)}`);
  }
  const spread = (values: number[]) =>
    `median ${median(values).toFixed(3)}, spread ${(Math.max(...values) - Math.min(...values)).toFixed(3)}, of ${values.map((value) => value.toFixed(3)).join(', ')}`;
  console.log(`ratio gateway / leanest Node proxy: ${spread(ratios.floor)} (goal >= 0.85)`);
  console.log(`  the same by CPU per request (floor's / gateway's): ${spread(ratios.floorByCpu)}`);
  if (nginx) {
    console.log(`ratio gateway / nginx: ${spread(ratios.nginx)}`);
    console.log(`ratio leanest Node proxy / nginx: ${spread(ratios.floorToNginx)} (what any Node gateway could reach here)`);
  }
  console.log(`the rule's cost in the gateway's throughput: ${spread(ratios.ruleCost)} (goal <= 0.10)`);
  console.log(`  the same by CPU per request (1 - plain's / ruled's): ${spread(ratios.ruleCostByCpu)}`);
} finally {
  if (nginx) await stop(nginx);
  await stop(server);
  await stop(lean);
  await stop(upstream);
  fs.rmSync(workDir, { recursive: true, force: true });
}

/** nginx as a reverse proxy tuned as one would for this: keep-alive to the upstream, no access log. */
function nginxConfig(directory: string, listenPort: number, targetPort: number): string {
  const file = path.join(directory, 'nginx.conf');
  fs.writeFileSync(
    file,
    `worker_processes 1;
worker_priority ${benchPriority};
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
pid ${directory}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${directory}/client_body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  upstream hello { server 127.0.0.1:${targetPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${listenPort};
    location = /plain {
      proxy_pass http://hello/hello;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  return file;
}
