import { z } from 'zod';

/**
 * What is measured, by kind of target: traffic through a gateway route, an API group or one of
 * Qiming's own API routes; a server or gateway process; a registered service.
 */
export const monitorMetrics = {
  route: ['passed', 'blocked', 'succeeded', 'failed', 'avgMs', 'p99Ms'],
  apiGroup: ['passed', 'blocked', 'succeeded', 'failed', 'avgMs', 'p99Ms'],
  api: ['passed', 'blocked', 'succeeded', 'failed', 'avgMs', 'p99Ms'],
  server: ['cpuPercent', 'rssMb', 'heapMb', 'eventLoopP99Ms', 'dbPoolBusy', 'dbPoolWaiting', 'redisDown'],
  service: ['healthy', 'unhealthy'],
} as const;
export type MonitorKind = keyof typeof monitorMetrics;
export const monitorKinds = Object.keys(monitorMetrics) as MonitorKind[];
export type MonitorMetric = (typeof monitorMetrics)[MonitorKind][number];

/** Kinds whose figures are counts of requests (summed over processes and over time). */
export const trafficKinds = ['route', 'apiGroup', 'api'] as const satisfies readonly MonitorKind[];

const kind = z.enum(monitorKinds as [MonitorKind, ...MonitorKind[]], { message: 'validation.selectRequired' });

/**
 * The last ten minutes at one second, from every process of the cluster. Without `target`, every
 * target of the kind (the busiest 20); `since` returns only the points after it, for polling.
 */
export const monitorLiveQuery = z.object({
  kind,
  target: z.string().max(300).optional(),
  since: z.coerce.number().int().min(0).optional(),
});
export type MonitorLiveQuery = z.infer<typeof monitorLiveQuery>;

/** Per-minute history between `from` and `to` (epoch ms); long ranges are drawn in steps of several minutes. */
export const monitorHistoryQuery = z
  .object({
    kind,
    target: z.string().max(300).optional(),
    from: z.coerce.number().int().min(0),
    to: z.coerce.number().int().min(0),
  })
  .refine((query) => query.from < query.to, { message: 'validation.timeRange', path: ['to'] });
export type MonitorHistoryQuery = z.infer<typeof monitorHistoryQuery>;
