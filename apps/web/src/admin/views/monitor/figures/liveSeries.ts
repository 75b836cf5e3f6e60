import type { MonitorPoint, MonitorSeries, MonitorSeriesData } from '@qiming/shared';

/** The live window the server keeps and the page draws. */
export const liveWindowMs = 10 * 60_000;

/** The start of the newest point held, to ask only for newer ones; undefined before the first answer. */
export function newestPointAt(series: MonitorSeries | null): number | undefined {
  let newest: number | undefined;
  for (const line of series?.series ?? []) {
    const last = line.points.at(-1);
    if (last && (newest === undefined || last.at > newest)) newest = last.at;
  }
  return newest;
}

/** Old points then new ones in time order; a new point replaces an old one of the same second. */
function mergePoints(held: MonitorPoint[], incoming: MonitorPoint[]): MonitorPoint[] {
  if (incoming.length === 0) return held;
  const lastHeld = held.at(-1);
  const firstIncoming = incoming[0] as MonitorPoint;
  // The usual case, one poll after another: the new seconds follow the held ones.
  if (!lastHeld || firstIncoming.at > lastHeld.at) return [...held, ...incoming];
  const byTime = new Map<number, MonitorPoint>();
  for (const point of held) byTime.set(point.at, point);
  for (const point of incoming) byTime.set(point.at, point);
  return [...byTime.values()].sort((a, b) => a.at - b.at);
}

/**
 * What the page holds after a poll: the answer's points appended to each target's line, targets new
 * to the window added, and everything older than the window dropped. Age is measured from the newest
 * point, on the server's clock, so a browser whose clock is off still keeps ten minutes.
 */
export function mergeLiveSeries(held: MonitorSeries | null, answer: MonitorSeries, windowMs = liveWindowMs): MonitorSeries {
  const lines = new Map<string, MonitorPoint[]>();
  if (held && held.kind === answer.kind) for (const line of held.series) lines.set(line.target, line.points);
  for (const line of answer.series) lines.set(line.target, mergePoints(lines.get(line.target) ?? [], line.points));
  const merged: MonitorSeries = {
    kind: answer.kind,
    stepMs: answer.stepMs,
    series: [...lines].map(([target, points]): MonitorSeriesData => ({ target, points })),
  };
  const newest = newestPointAt(merged);
  if (newest === undefined) return merged;
  const oldestKept = newest - windowMs;
  return {
    ...merged,
    series: merged.series
      .map((line) =>
        line.points[0] && line.points[0].at <= oldestKept
          ? { ...line, points: line.points.filter((point) => point.at > oldestKept) }
          : line,
      )
      .filter((line) => line.points.length > 0),
  };
}
