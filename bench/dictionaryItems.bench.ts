// The paged dictionary-item list over 1,000,000 rows, loaded with autocannon beside a bare Fastify
// hello route in the same run, printing throughput, latency and their ratio.
// Run: npm run bench   (BENCH_DATABASE_URL=postgres://… to measure PostgreSQL instead of SQLite)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealPassword } from '@qiming/shared';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

async function load(title: string, url: string, headers: Record<string, string>, paths: () => string) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: paths() }) }],
  });
  const figures = {
    title,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(
    `${title.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${figures.p50} ms   p99 ${figures.p99} ms   errors ${figures.errors}`,
  );
  return figures;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-bench-'));
const config = { ...readConfig({ NODE_ENV: 'test' }), dataDir, databaseUrl: process.env.BENCH_DATABASE_URL, webDistDir: undefined };
const { app, context } = await buildApp({ config });

const seedStarted = Date.now();
const dictionary = await context.db
  .insertInto('pf_dict')
  .values({ dict_code: 'bench_items', dict_name: 'Benchmark items', note: '', item_count: rows, updated_at: Date.now() })
  .returning('id')
  .executeTakeFirstOrThrow();
const batch = 5000;
for (let start = 0; start < rows; start += batch) {
  const values = Array.from({ length: Math.min(batch, rows - start) }, (_, offset) => {
    const n = start + offset;
    return { dict_id: dictionary.id, item_code: `c${n}`, item_value: `Item ${n}`, item_index: n };
  });
  await context.db.insertInto('pf_dict_item').values(values).execute();
}
console.log(`seeded ${rows.toLocaleString('en')} items on ${context.dialect} in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

const listening = await app.listen({ host: '127.0.0.1', port: 0 });
const { keyId, key } = (await (await fetch(`${listening}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json()).data;
const token = await fetch(`${listening}/api/oauth/token`, {
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

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

console.log(`${connections} connections, ${seconds} s each; the list runs the whole guard (session, grant) as staff01`);
const hello = await load('bare Fastify GET /hello', bareUrl, {}, () => '/hello');
const items = `/api/admin/dicts/${dictionary.id}/items`;
const first = await load('dictionary items, first page', listening, auth, () => `${items}?limit=10&page=1`);
const spread = await load(
  'dictionary items, random page of the first 1000',
  listening,
  auth,
  () => `${items}?limit=10&page=${1 + Math.floor(Math.random() * 1000)}`,
);
const filtered = await load(
  'dictionary items, filtered by value',
  listening,
  auth,
  () => `${items}?limit=10&page=1&itemValue=Item%2099999`,
);

for (const run of [first, spread, filtered]) {
  console.log(
    `ratio ${run.title}: ${(run.requestsPerSecond / hello.requestsPerSecond).toFixed(3)} of bare throughput, p99 ${run.p99} ms vs ${hello.p99} ms`,
  );
}

await bare.close();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
