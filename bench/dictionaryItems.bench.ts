// The paged dictionary-item list over 1,000,000 rows. The server under test, a bare Fastify hello
// route and the load generator (autocannon, in this process) each run in a process of their own, so
// neither server shares an event loop with the load. Prints throughput and p99 of page 1, a page in
// the middle, page 50,000 and a text filter, each with its ratio to the bare route, and the server's
// start time and memory. Beside them runs the leanest list this machine allows (support/leanList.mjs:
// the same queries with no guard), to show how much of the bare route any list reaches.
// Run: npm run bench   (BENCH_DATABASE_URL=postgres://… to measure PostgreSQL instead of SQLite;
// BENCH_PROFILE=<dir> writes the server's CPU profile there, to see where a request's time goes)
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealPassword } from '@qiming/shared';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { freePort, load as loadWith, profileArguments, stop, waitUntilAnswering } from './support/processes.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const limit = 20;
const root = path.resolve(import.meta.dirname, '..');
// The server under test is the built one on plain node, as production runs it.
execSync('npm run --silent build:server', { cwd: root, stdio: 'inherit' });

const load = (title: string, url: string, headers: Record<string, string>, paths: () => string) =>
  loadWith(title, url, { connections, seconds, headers, paths });

function residentMiB(child: ChildProcess): number {
  const line = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
}

// Seeding goes straight to the database, once, before the server under test starts on it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const seeder = await buildApp({ config: { ...readConfig({ NODE_ENV: 'test' }), dataDir, databaseUrl, webDistDir: undefined } });
const seedStarted = Date.now();
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
console.log(
  `seeded ${rows.toLocaleString('en')} items on ${seeder.context.dialect} in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
);
await seeder.app.close();

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

const barePort = await freePort();
const bare = spawn(process.execPath, ['bench/support/bareFastify.mjs'], { cwd: root, env: { ...process.env, PORT: String(barePort) } });
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitUntilAnswering(`${bareUrl}/hello`, bare);

const leanPort = await freePort();
const lean = spawn(process.execPath, ['bench/support/leanList.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(leanPort),
    DICT_ID: String(dictionary.id),
    DATABASE_URL: databaseUrl ?? '',
    SQLITE_FILE: path.join(dataDir, 'qiming.sqlite'),
  },
});
const leanUrl = `http://127.0.0.1:${leanPort}`;
await waitUntilAnswering(`${leanUrl}/items`, lean);

try {
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
  const auth = { authorization: `Bearer ${token.access_token}` };
  const items = `/api/admin/dicts/${dictionary.id}/items`;
  const lastPage = Math.ceil(rows / limit);

  console.log(`${connections} connections, ${seconds} s each, ${limit} rows a page; the list runs the whole guard as staff01`);
  const hello = await load('bare Fastify GET /hello (own process)', bareUrl, {}, () => '/hello');
  const runs = [
    await load('dictionary items, page 1', serverUrl, auth, () => `${items}?limit=${limit}&page=1`),
    await load(
      `dictionary items, page ${Math.ceil(lastPage / 2)} (the middle)`,
      serverUrl,
      auth,
      () => `${items}?limit=${limit}&page=${Math.ceil(lastPage / 2)}`,
    ),
    await load(`dictionary items, page ${lastPage}`, serverUrl, auth, () => `${items}?limit=${limit}&page=${lastPage}`),
    await load(
      'dictionary items, text filter "Item 99999"',
      serverUrl,
      auth,
      () => `${items}?limit=${limit}&page=1&itemValue=Item%2099999`,
    ),
  ];
  runs.push(
    await load('leanest list, page 1 (no guard)', leanUrl, {}, () => '/items?page=1'),
    await load('leanest list, text filter "Item 99999" (no guard)', leanUrl, {}, () => '/items?itemValue=Item%2099999'),
  );
  for (const run of runs) {
    console.log(
      `ratio ${run.title}: ${(run.requestsPerSecond / hello.requestsPerSecond).toFixed(3)} of bare throughput, p99 ${run.p99} ms vs ${hello.p99} ms`,
    );
  }
  console.log(
    `server start ${startSeconds.toFixed(2)} s to a healthy answer, RSS ${startRss.toFixed(0)} MiB at start, ${residentMiB(server).toFixed(0)} MiB after the load`,
  );
} finally {
  await stop(bare);
  await stop(lean);
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
