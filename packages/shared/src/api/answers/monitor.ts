import { z } from 'zod';
import { type MonitorKind, monitorKinds } from '../monitor.ts';

/** One point of a series: the figures of one second (live) or of one step of minutes (history). */
export const monitorPoint = z.object({
  /** Start of the second or step, epoch ms. */
  at: z.number(),
  /** By metric of the kind; null where nothing was measured (no request, so no response time). */
  values: z.record(z.string(), z.number().nullable()),
});
export type MonitorPoint = z.infer<typeof monitorPoint>;

export const monitorSeriesData = z.object({
  /** Route id, API group name, `METHOD /pattern`, server id, or `namespace/group@@service`. */
  target: z.string(),
  points: z.array(monitorPoint),
});
export type MonitorSeriesData = z.infer<typeof monitorSeriesData>;

export const monitorSeries = z.object({
  kind: z.enum(monitorKinds as [MonitorKind, ...MonitorKind[]]),
  /** Length of one point: 1000 live, a whole number of minutes in history. */
  stepMs: z.number().int(),
  series: z.array(monitorSeriesData),
});
export type MonitorSeries = z.infer<typeof monitorSeries>;

const targets = z.array(z.string());
/** The targets seen in the live window, by kind, for pickers. */
export const monitorTargets = z.object({ route: targets, apiGroup: targets, api: targets, server: targets, service: targets });
export type MonitorTargets = z.infer<typeof monitorTargets>;
