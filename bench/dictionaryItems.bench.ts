// The paged dictionary-item list over 1,000,000 rows, on SQLite and then on PostgreSQL (when PG_ADMIN_URL
// names a server to make a database on). The server under test, a bare Fastify hello route, the leanest
// list this machine allows (support/leanList.mjs: the same queries with no guard) and the load generator
// (autocannon, in this process) each run in a process of their own, so no server shares an event loop
// with the load. Page 1 of the server, the lean list's page 1 and the bare route run in BENCH_ROUNDS
// interleaved rounds (default 3), and the ratios printed are the medians of the rounds' (one round on a
// loaded machine can swing by a third). A page in the middle, the last page and a text filter run once.
// Then the server's start time and memory.
// Run: npm run bench   (BENCH_DATABASES=sqlite or =postgres for one of them; BENCH_SECONDS per run,
// default 10; BENCH_PROFILE=<dir> writes each server's CPU profile there, to see where a request's time goes)
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sealPassword } from '@qiming/shared';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { createTestDatabase } from '../apps/server/test/testDatabase.ts';
import {
  cpuSeconds,
  freePort,
  type LoadFigures,
  load as loadWith,
  profileArguments,
  stop,
  waitUntilAnswering,
} from './support/processes.ts';
import { median } from './support/statistics.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databases = (process.env.BENCH_DATABASES ?? (process.env.PG_ADMIN_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
const connections = 10;
const limit = 20;
const root = path.resolve(import.meta.dirname, '..');
// The server under test is the built one on plain node, as production runs it.
execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

const load = (title: string, url: string, headers: Record<string, string>, paths: () => string) =>
  loadWith(title, url, { connections, seconds, headers, paths });

/**
 * A load run with the CPU time its server spent per request: on a machine others load, throughput
 * swings with what they run, while the CPU a request costs stays put.
 */
async function loadCosting(
  title: string,
  server: ChildProcess,
  url: string,
  headers: Record<string, string>,
  paths: () => string,
): Promise<LoadFigures & { cpuMicroseconds: number }> {
  const before = cpuSeconds(server);
  const figures = await load(title, url, headers, paths);
  const cpuMicroseconds = ((cpuSeconds(server) - before) * 1e6) / (figures.requestsPerSecond * seconds);
  console.log(`${''.padEnd(46)} ${cpuMicroseconds.toFixed(0)} µs of the server's CPU a request`);
  return { ...figures, cpuMicroseconds };
}

function residentMiB(child: ChildProcess): number {
  const line = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
}

/** Seeds the dictionary straight into the database, once, before the server under test starts on it. */
async function seed(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  const seeder = await buildApp({ config: { ...readConfig({ NODE_ENV: 'test' }), dataDir, databaseUrl, webDistDir: undefined } });
  const started = Date.now();
  const dictionary = await seeder.context.db
    .insertInto('pf_dict')
    .values({ dict_code: 'bench_items', dict_name: 'Benchmark items', note: '', item_count: rows, updated_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < rows; start += 5000) {
    const values = Array.from({ length: Math.min(5000, rows - start) }, (_, offset) => {
      const n = start + offset;
      return { dict_id: dictionary.id, item_code: `c${n}`, item_value: `Item ${n}`, item_index: n };
    });
    await seeder.context.db.insertInto('pf_dict_item').values(values).execute();
  }
  // A table of this size in service has been vacuumed: PostgreSQL's index-only scans need the
  // visibility map that VACUUM writes, and its planner the statistics ANALYZE gathers.
  if (seeder.context.dialect === 'postgres') await sql`vacuum analyze pf_dict_item`.execute(seeder.context.db);
  console.log(`seeded ${rows.toLocaleString('en')} items on ${seeder.context.dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await seeder.app.close();
  return dictionary.id;
}

async function signIn(serverUrl: string): Promise<Record<string, string>> {
  const { keyId, key } = (await (await fetch(`${serverUrl}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json()).data;
  const token = await fetch(`${serverUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'staff01',
      password: sealPassword(key, 'Staff@2026'),
      keyId,
      client_id: 'bench',
    }),
  }).then((response) => response.json());
  return { authorization: `Bearer ${token.access_token}` };
}

const barePort = await freePort();
const bare = spawn(process.execPath, ['bench/support/bareFastify.mjs'], { cwd: root, env: { ...process.env, PORT: String(barePort) } });
const bareUrl = `http://127.0.0.1:${barePort}`;

async function measure(kind: string): Promise<void> {
  const database = await createTestDatabase(kind);
  const { dataDir, databaseUrl } = database;
  const dictId = await seed(dataDir, databaseUrl);

  const serverPort = await freePort();
  const serverStarted = performance.now();
  const server = spawn(process.execPath, [...profileArguments(), 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(serverPort),
      GATEWAY_PORT: 'off',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  await waitUntilAnswering(`${serverUrl}/api/health`, server);
  const startSeconds = (performance.now() - serverStarted) / 1000;
  const startRss = residentMiB(server);

  const leanPort = await freePort();
  const lean = spawn(process.execPath, ['bench/support/leanList.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(leanPort),
      DICT_ID: String(dictId),
      DATABASE_URL: databaseUrl ?? '',
      SQLITE_FILE: path.join(dataDir, 'qiming.sqlite'),
    },
  });
  const leanUrl = `http://127.0.0.1:${leanPort}`;
  await waitUntilAnswering(`${leanUrl}/items`, lean);

  try {
    const auth = await signIn(serverUrl);
    const items = `/api/admin/dicts/${dictId}/items`;
    const lastPage = Math.ceil(rows / limit);
    console.log(
      `${kind}: ${connections} connections, ${seconds} s each, ${limit} rows a page, ${rounds} rounds; the list runs the whole guard as staff01`,
    );
    const measured: Array<{
      hello: LoadFigures;
      page: LoadFigures & { cpuMicroseconds: number };
      lean: LoadFigures & { cpuMicroseconds: number };
    }> = [];
    for (let round = 1; round <= rounds; round += 1) {
      measured.push({
        hello: await load(`round ${round}: bare Fastify GET /hello`, bareUrl, {}, () => '/hello'),
        page: await loadCosting(
          `round ${round}: dictionary items, page 1`,
          server,
          serverUrl,
          auth,
          () => `${items}?limit=${limit}&page=1`,
        ),
        lean: await loadCosting(`round ${round}: leanest list, page 1 (no guard)`, lean, leanUrl, {}, () => '/items?page=1'),
      });
    }
    const middle = Math.ceil(lastPage / 2);
    await load(`dictionary items, page ${middle} (the middle)`, serverUrl, auth, () => `${items}?limit=${limit}&page=${middle}`);
    await load(`dictionary items, page ${lastPage}`, serverUrl, auth, () => `${items}?limit=${limit}&page=${lastPage}`);
    await load(
      'dictionary items, text filter "Item 99999"',
      serverUrl,
      auth,
      () => `${items}?limit=${limit}&page=1&itemValue=Item%2099999`,
    );
    await load('leanest list, text filter "Item 99999" (no guard)', leanUrl, {}, () => '/items?itemValue=Item%2099999');

    const ofRounds = (pick: (round: (typeof measured)[number]) => number) => median(measured.map(pick));
    console.log(
      `${kind} medians of ${rounds} rounds: page 1 ${ofRounds((round) => round.page.requestsPerSecond).toFixed(0)} req/s (p99 ${ofRounds((round) => round.page.p99)} ms), ` +
        `lean ${ofRounds((round) => round.lean.requestsPerSecond).toFixed(0)} req/s (p99 ${ofRounds((round) => round.lean.p99)} ms), ` +
        `bare ${ofRounds((round) => round.hello.requestsPerSecond).toFixed(0)} req/s (p99 ${ofRounds((round) => round.hello.p99)} ms)`,
    );
    console.log(
      `${kind} ratio page 1 / lean list: ${ofRounds((round) => round.page.requestsPerSecond / round.lean.requestsPerSecond).toFixed(3)} (goal >= 0.6); ` +
        `page 1 / bare route: ${ofRounds((round) => round.page.requestsPerSecond / round.hello.requestsPerSecond).toFixed(3)}; ` +
        `lean list / bare route: ${ofRounds((round) => round.lean.requestsPerSecond / round.hello.requestsPerSecond).toFixed(3)}`,
    );
    console.log(
      `${kind} CPU a request (medians): page 1 ${ofRounds((round) => round.page.cpuMicroseconds).toFixed(0)} µs, ` +
        `lean list ${ofRounds((round) => round.lean.cpuMicroseconds).toFixed(0)} µs`,
    );
    console.log(
      `${kind} server start ${startSeconds.toFixed(2)} s to a healthy answer, RSS ${startRss.toFixed(0)} MiB at start, ${residentMiB(server).toFixed(0)} MiB after the load`,
    );
  } finally {
    await stop(lean);
    await stop(server);
    await database.drop();
  }
}

try {
  await waitUntilAnswering(`${bareUrl}/hello`, bare);
  for (const kind of databases) await measure(kind);
} finally {
  await stop(bare);
}
