import type { Cluster } from '../../cluster/cluster.ts';
import type { ProcessFigures } from './processSampler.ts';
import type { TrafficFigures } from './trafficMeter.ts';

/** A registered service's instances at one second. */
export interface ServiceFigures {
  /** `namespace/group@@service`. */
  target: string;
  at: number;
  healthy: number;
  unhealthy: number;
}

/**
 * What one process tells the cluster every second: its last few whole seconds, those starting after
 * `until - reportedSeconds` seconds and no later than `until`.
 */
export interface FigureReport {
  serverId: string;
  until: number;
  traffic: TrafficFigures[];
  process: ProcessFigures[];
  /** Only from the process that holds the monitor lease. */
  services: ServiceFigures[];
}

/** The cluster directory key under which every server and gateway process reports its figures. */
export const figuresKey = 'monitor:figures';
/** Seconds each report repeats, so a poll that comes late still finds every second once. */
export const reportedSeconds = 5;
const reportLivesMs = 6000;

export async function publishReport(cluster: Cluster, report: FigureReport, now: number): Promise<void> {
  await cluster.putEntry(figuresKey, report.serverId, JSON.stringify(report), now + reportLivesMs);
}

export async function readReports(cluster: Cluster, now: number): Promise<FigureReport[]> {
  return [...(await cluster.entries(figuresKey, now)).values()].map((value) => JSON.parse(value) as FigureReport);
}
