import type { MonitorKind, MonitorPoint, MonitorSeries } from '@qiming/shared';
import type { FigureReport } from './figureReport.ts';
import type { TrafficFigures } from './trafficMeter.ts';

const windowMs = 10 * 60_000;
/**
 * A second is reported once it ends, at the reporting process's next tick, and read at each server's
 * own tick: within about two seconds, a little more on a busy machine. Younger seconds are not shown yet.
 */
export const settleMs = 3000;
const busiestShown = 20;

type Values = Record<string, number | null>;

/** One target's traffic over processes and seconds. */
export type TrafficSum = Omit<TrafficFigures, 'kind' | 'target' | 'at'>;

const perSecond = (sum: TrafficSum): Values => {
  const answered = sum.succeeded + sum.failed;
  return {
    passed: sum.passed,
    blocked: sum.blocked,
    succeeded: sum.succeeded,
    failed: sum.failed,
    avgMs: answered > 0 ? Math.round((sum.totalMs / answered) * 10) / 10 : null,
    p99Ms: sum.p99Ms,
  };
};

/**
 * The last ten minutes of the whole cluster at one second, built in every server process from what
 * every process reports. A second's traffic is the sum over processes; its p99 is the highest of their
 * p99s (each process knows only its own). Each process's second is added once, however often it is
 * reported.
 */
export class LiveFigures {
  private readonly traffic = new Map<MonitorKind, Map<string, Map<number, TrafficSum>>>();
  private readonly gauges = new Map<MonitorKind, Map<string, Map<number, Values>>>();
  private readonly mergedUntil = new Map<string, number>();

  merge(reports: FigureReport[], now: number): void {
    for (const report of reports) {
      const until = this.mergedUntil.get(report.serverId) ?? 0;
      if (report.until <= until) continue;
      for (const figures of report.traffic) {
        if (figures.at <= until) continue;
        const byAt = slot(
          slot(this.traffic, figures.kind, () => new Map()),
          figures.target,
          () => new Map(),
        );
        const { passed, blocked, succeeded, failed, totalMs, p99Ms } = figures;
        const current = byAt.get(figures.at);
        if (!current) {
          byAt.set(figures.at, { passed, blocked, succeeded, failed, totalMs, p99Ms });
          continue;
        }
        current.passed += passed;
        current.blocked += blocked;
        current.succeeded += succeeded;
        current.failed += failed;
        current.totalMs += totalMs;
        if (p99Ms !== null) current.p99Ms = Math.max(current.p99Ms ?? 0, p99Ms);
      }
      for (const { at, ...process } of report.process) {
        if (at > until)
          slot(
            slot(this.gauges, 'server', () => new Map()),
            report.serverId,
            () => new Map(),
          ).set(at, process);
      }
      for (const { at, target, healthy, unhealthy } of report.services) {
        if (at > until)
          slot(
            slot(this.gauges, 'service', () => new Map()),
            target,
            () => new Map(),
          ).set(at, { healthy, unhealthy });
      }
      this.mergedUntil.set(report.serverId, report.until);
    }
    this.prune(now);
  }

  /** The targets seen in the window, by kind. */
  targets(kind: MonitorKind): string[] {
    return [...(this.traffic.get(kind) ?? this.gauges.get(kind) ?? new Map()).keys()].sort();
  }

  /**
   * Points after `since` up to the last settled second. Traffic has a point every second (a quiet
   * second is zeros); servers and services where they were sampled.
   */
  series(kind: MonitorKind, target: string | undefined, since: number | undefined, now: number): MonitorSeries {
    const last = Math.floor((now - settleMs) / 1000) * 1000;
    const first = Math.max(since === undefined ? 0 : since + 1000, last - windowMs + 1000);
    const traffic = this.traffic.get(kind);
    if (kind === 'route' || kind === 'apiGroup' || kind === 'api') {
      const targets = target !== undefined ? [target] : busiest(traffic ?? new Map(), first, busiestShown);
      return {
        kind,
        stepMs: 1000,
        series: targets.map((name) => {
          const seconds = traffic?.get(name);
          const points: MonitorPoint[] = [];
          for (let at = Math.ceil(first / 1000) * 1000; at <= last; at += 1000) {
            points.push({ at, values: perSecond(seconds?.get(at) ?? zero) });
          }
          return { target: name, points };
        }),
      };
    }
    const gauges = this.gauges.get(kind) ?? new Map<string, Map<number, Values>>();
    const targets = target !== undefined ? [target] : [...gauges.keys()].sort().slice(0, busiestShown);
    return {
      kind,
      stepMs: 1000,
      series: targets.map((name) => ({
        target: name,
        points: [...(gauges.get(name) ?? new Map<number, Values>())]
          .filter(([at]) => at >= first && at <= last)
          .sort(([a], [b]) => a - b)
          .map(([at, values]) => ({ at, values })),
      })),
    };
  }

  /** The traffic of one target over the last `seconds` settled seconds, summed. */
  recentTraffic(kind: MonitorKind, seconds: number, now: number): Map<string, TrafficSum> {
    const last = Math.floor((now - settleMs) / 1000) * 1000;
    const sums = new Map<string, TrafficSum>();
    for (const [target, byAt] of this.traffic.get(kind) ?? []) {
      const sum = { ...zero };
      for (const [at, part] of byAt) {
        if (at <= last - seconds * 1000 || at > last) continue;
        sum.passed += part.passed;
        sum.blocked += part.blocked;
        sum.succeeded += part.succeeded;
        sum.failed += part.failed;
        sum.totalMs += part.totalMs;
        if (part.p99Ms !== null) sum.p99Ms = Math.max(sum.p99Ms ?? 0, part.p99Ms);
      }
      sums.set(target, sum);
    }
    return sums;
  }

  /** The latest sampled values of every target of a gauge kind (servers, services). */
  latestGauges(kind: 'server' | 'service', now: number, maxAgeMs: number): Map<string, Values> {
    const latest = new Map<string, Values>();
    for (const [target, byAt] of this.gauges.get(kind) ?? []) {
      const newest = Math.max(...byAt.keys());
      if (now - newest <= maxAgeMs) latest.set(target, byAt.get(newest) ?? {});
    }
    return latest;
  }

  private prune(now: number): void {
    const oldest = now - windowMs - settleMs;
    for (const kinds of [this.traffic, this.gauges]) {
      for (const targets of kinds.values()) {
        for (const [target, byAt] of targets) {
          for (const at of byAt.keys()) if (at < oldest) byAt.delete(at);
          if (byAt.size === 0) targets.delete(target);
        }
      }
    }
    for (const [serverId, until] of this.mergedUntil) if (until < oldest) this.mergedUntil.delete(serverId);
  }
}

const zero: TrafficSum = { passed: 0, blocked: 0, succeeded: 0, failed: 0, totalMs: 0, p99Ms: null };

function slot<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

function busiest(targets: Map<string, Map<number, TrafficSum>>, from: number, count: number): string[] {
  return [...targets]
    .map(([target, byAt]) => {
      let volume = 0;
      for (const [at, sum] of byAt) if (at >= from) volume += sum.passed + sum.blocked;
      return { target, volume };
    })
    .sort((a, b) => b.volume - a.volume || a.target.localeCompare(b.target))
    .slice(0, count)
    .map(({ target }) => target);
}
