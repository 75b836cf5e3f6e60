import type { MonitorKind, MonitorPoint, MonitorSeries } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ServiceFigures } from './figureReport.ts';
import type { ProcessFigures } from './processSampler.ts';
import type { TrafficFigures } from './trafficMeter.ts';

/** Stores finished minutes of one process's traffic; a minute already stored is left as it is. */
export async function insertTrafficMinutes(db: Kysely<Database>, serverId: string, minutes: TrafficFigures[]): Promise<void> {
  if (minutes.length === 0) return;
  await db
    .insertInto('mon_traffic_minute')
    .values(
      minutes.map((figures) => ({
        kind: figures.kind,
        target: figures.target,
        server_id: serverId,
        minute: figures.at,
        passed: figures.passed,
        blocked: figures.blocked,
        succeeded: figures.succeeded,
        failed: figures.failed,
        total_ms: figures.totalMs,
        p99_ms: figures.p99Ms,
      })),
    )
    .onConflict((conflict) => conflict.columns(['kind', 'minute', 'target', 'server_id']).doNothing())
    .execute();
}

const processMetrics = ['cpuPercent', 'rssMb', 'heapMb', 'eventLoopP99Ms', 'dbPoolBusy', 'dbPoolWaiting', 'redisDown'] as const;

/** Stores the minute's average of each gauge: of a process (target: its server id) or of services. */
export async function insertGaugeMinute(
  db: Kysely<Database>,
  minute: number,
  samples: { server?: { serverId: string; samples: ProcessFigures[] }; services?: ServiceFigures[] },
): Promise<void> {
  const rows: Array<{ kind: 'server' | 'service'; target: string; metric: string; minute: number; value: number }> = [];
  const server = samples.server;
  if (server && server.samples.length > 0) {
    for (const metric of processMetrics) {
      const values = server.samples.map((sample) => sample[metric]).filter((value): value is number => value !== null);
      if (values.length > 0) rows.push({ kind: 'server', target: server.serverId, metric, minute, value: average(values) });
    }
  }
  const byService = new Map<string, ServiceFigures[]>();
  for (const figures of samples.services ?? []) byService.set(figures.target, [...(byService.get(figures.target) ?? []), figures]);
  for (const [target, figures] of byService) {
    rows.push({ kind: 'service', target, metric: 'healthy', minute, value: average(figures.map((one) => one.healthy)) });
    rows.push({ kind: 'service', target, metric: 'unhealthy', minute, value: average(figures.map((one) => one.unhealthy)) });
  }
  if (rows.length === 0) return;
  await db
    .insertInto('mon_gauge_minute')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['kind', 'minute', 'target', 'metric']).doNothing())
    .execute();
}

const average = (values: number[]) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;

/** Removes minutes older than `before`. */
export async function deleteMinutesBefore(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('mon_traffic_minute').where('minute', '<', before).execute();
  await db.deleteFrom('mon_gauge_minute').where('minute', '<', before).execute();
}

/** History is drawn in at most this many steps, each a whole number of minutes. */
const maxSteps = 720;
const busiestShown = 20;

export function historyStep(from: number, to: number): number {
  return Math.max(1, Math.ceil((to - from) / 60_000 / maxSteps)) * 60_000;
}

const rate = (count: number, stepMs: number) => Math.round((count / (stepMs / 1000)) * 100) / 100;

/**
 * The figures between `from` and `to` in steps (see historyStep): traffic as requests per second over
 * each step, summed over processes, with its average response time and the highest p99 any process
 * had in it; gauges as their average over the step. Without a target, the 20 busiest targets.
 */
export async function history(
  db: Kysely<Database>,
  query: { kind: MonitorKind; target?: string; from: number; to: number },
): Promise<MonitorSeries> {
  const stepMs = historyStep(query.from, query.to);
  const start = Math.floor(query.from / stepMs) * stepMs;
  // A literal, not a parameter: PostgreSQL must see the same expression in the select and the group by.
  const bucket = sql<number>`(minute / ${sql.lit(stepMs)}) * ${sql.lit(stepMs)}`;
  if (query.kind === 'route' || query.kind === 'apiGroup' || query.kind === 'api') {
    let rows = db
      .selectFrom('mon_traffic_minute')
      .select((select) => [
        'target',
        bucket.as('at'),
        select.fn.sum<number>('passed').as('passed'),
        select.fn.sum<number>('blocked').as('blocked'),
        select.fn.sum<number>('succeeded').as('succeeded'),
        select.fn.sum<number>('failed').as('failed'),
        select.fn.sum<number>('total_ms').as('total_ms'),
        select.fn.max('p99_ms').as('p99_ms'),
      ])
      .where('kind', '=', query.kind)
      .where('minute', '>=', start)
      .where('minute', '<', query.to);
    if (query.target !== undefined) rows = rows.where('target', '=', query.target);
    else rows = rows.where('target', 'in', busiestTargets(db, query.kind, start, query.to));
    const found = await rows.groupBy(['target', bucket]).orderBy('at').execute();
    const series = new Map<string, MonitorPoint[]>();
    for (const row of found) {
      const answered = Number(row.succeeded) + Number(row.failed);
      const points = series.get(row.target) ?? [];
      points.push({
        at: Number(row.at),
        values: {
          passed: rate(Number(row.passed), stepMs),
          blocked: rate(Number(row.blocked), stepMs),
          succeeded: rate(Number(row.succeeded), stepMs),
          failed: rate(Number(row.failed), stepMs),
          avgMs: answered > 0 ? Math.round((Number(row.total_ms) / answered) * 10) / 10 : null,
          p99Ms: row.p99_ms === null ? null : Number(row.p99_ms),
        },
      });
      series.set(row.target, points);
    }
    return { kind: query.kind, stepMs, series: [...series].map(([target, points]) => ({ target, points })) };
  }
  let rows = db
    .selectFrom('mon_gauge_minute')
    .select((select) => ['target', 'metric', bucket.as('at'), select.fn.avg<number>('value').as('value')])
    .where('kind', '=', query.kind)
    .where('minute', '>=', start)
    .where('minute', '<', query.to);
  if (query.target !== undefined) rows = rows.where('target', '=', query.target);
  const found = await rows.groupBy(['target', 'metric', bucket]).orderBy('at').execute();
  const series = new Map<string, Map<number, MonitorPoint>>();
  for (const row of found) {
    const points = series.get(row.target) ?? new Map<number, MonitorPoint>();
    const at = Number(row.at);
    const point = points.get(at) ?? { at, values: {} };
    point.values[row.metric] = Math.round(Number(row.value) * 10) / 10;
    points.set(at, point);
    series.set(row.target, points);
  }
  return {
    kind: query.kind,
    stepMs,
    series: [...series]
      .sort(([a], [b]) => a.localeCompare(b))
      .slice(0, busiestShown)
      .map(([target, points]) => ({ target, points: [...points.values()] })),
  };
}

function busiestTargets(db: Kysely<Database>, kind: 'route' | 'apiGroup' | 'api', from: number, to: number) {
  return db
    .selectFrom('mon_traffic_minute')
    .select('target')
    .where('kind', '=', kind)
    .where('minute', '>=', from)
    .where('minute', '<', to)
    .groupBy('target')
    .orderBy((order) => order.fn.sum('passed'), 'desc')
    .orderBy('target')
    .limit(busiestShown);
}

/** Every registered service's healthy and unhealthy instances now; disabled instances count as unhealthy. */
export async function serviceFigures(db: Kysely<Database>, at: number): Promise<ServiceFigures[]> {
  const rows = await db
    .selectFrom('reg_service as s')
    .leftJoin('reg_instance as i', 'i.service_id', 's.id')
    .select((select) => [
      's.namespace_id',
      's.group_name',
      's.service_name',
      select.fn
        .sum<number>(
          sql`case when ${sql.ref('i.healthy')} = 1 and coalesce(${sql.ref('i.admin_enabled')}, ${sql.ref('i.enabled')}) = 1 then 1 else 0 end`,
        )
        .as('healthy'),
      select.fn.count<number>('i.id').as('instances'),
    ])
    .groupBy(['s.namespace_id', 's.group_name', 's.service_name'])
    .execute();
  return rows.map((row) => ({
    target: `${row.namespace_id}/${row.group_name}@@${row.service_name}`,
    at,
    healthy: Number(row.healthy ?? 0),
    unhealthy: Number(row.instances) - Number(row.healthy ?? 0),
  }));
}
