import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { AppContext } from '../../context.ts';
import { sameSecret } from '../auth/tokens.ts';
import type { LiveFigures } from './liveFigures.ts';
import type { TrafficCounts } from './trafficMeter.ts';

/**
 * What became of requests, as Prometheus users read it: a 4xx answer is the caller's error, not a
 * success (the monitoring pages keep Sentinel's meaning, where success is anything below 500).
 */
const outcomesOf = (counts: Readonly<TrafficCounts>) =>
  [
    ['passed', counts.passed],
    ['blocked', counts.blocked],
    ['succeeded', counts.succeeded - counts.clientErrors],
    ['client_error', counts.clientErrors],
    ['failed', counts.failed],
  ] as const;

/**
 * `/metrics` in Prometheus' text format: this process's runtime (prom-client's defaults), the API's
 * answer times as a histogram in seconds, its request counters by gateway route, API group and API route, read from the traffic meter when scraped (so
 * counting costs the hot path nothing more), and the registry's instances as the cluster sees them.
 * With `QIMING_METRICS_TOKEN` set it asks for `Authorization: Bearer <token>`; otherwise it is open.
 */
export function registerMetricsEndpoint(app: FastifyInstance, context: AppContext, live: LiveFigures): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(context.requestDurations);
  const totals = () => context.traffic.everything();
  new Counter({
    name: 'qiming_requests_total',
    help: 'Requests by kind (route, apiGroup, api), target and outcome, since the process started.',
    labelNames: ['kind', 'target', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, targets] of totals()) {
        for (const [target, counts] of targets) {
          for (const [outcome, count] of outcomesOf(counts)) if (count > 0) this.inc({ kind, target, outcome }, count);
        }
      }
    },
  });
  new Counter({
    name: 'qiming_response_time_seconds_total',
    help: 'Summed response time of answered requests, in seconds, by kind and target.',
    labelNames: ['kind', 'target'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, targets] of totals()) {
        for (const [target, counts] of targets) if (counts.totalMs > 0) this.inc({ kind, target }, counts.totalMs / 1000);
      }
    },
  });
  new Gauge({
    name: 'qiming_registry_instances',
    help: 'Instances of each registered service by health, as last sampled in the cluster.',
    labelNames: ['service', 'health'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [service, values] of live.latestGauges('service', Date.now(), 10_000)) {
        this.set({ service, health: 'healthy' }, values.healthy ?? 0);
        this.set({ service, health: 'unhealthy' }, values.unhealthy ?? 0);
      }
    },
  });

  if (context.config.redisUrl) {
    const { cluster } = context;
    new Gauge({
      name: 'qiming_redis_up',
      help: 'Whether this process reaches Redis now (1) or counts alone and sends config changes through the database (0).',
      registers: [registry],
      collect() {
        this.set(cluster.reachable ? 1 : 0);
      },
    });
    new Counter({
      name: 'qiming_redis_fallback_counts_total',
      help: 'Rate-limit, quota and flow-rule counts taken in this process alone because Redis could not be reached.',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(cluster.localCounts);
      },
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = context.config.metricsToken;
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('unauthorised\n');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
