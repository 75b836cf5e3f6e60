import { bucketOf, newHistogram, quantileOf } from './latencyHistogram.ts';

export type TrafficKind = 'route' | 'apiGroup' | 'api';

/** One target's requests in one span of time (a second or a minute) in this process. */
export interface TrafficCounts {
  /** Let through to the upstream or the handler. */
  passed: number;
  /** Refused: by a flow rule or an open breaker (gateway), by the guard or a rate limit (API). */
  blocked: number;
  /** Answered below 500 (Sentinel's success: the target did not fail). */
  succeeded: number;
  /** Of the succeeded, answered 400-499: the caller's mistake, told apart for Prometheus. */
  clientErrors: number;
  /** Answered 500 and above. */
  failed: number;
  /** Summed response time of the answered, in ms. */
  totalMs: number;
  maxMs: number;
  histogram: Uint32Array;
}

/** A finished span of one target, its p99 worked out. */
export interface TrafficFigures {
  kind: TrafficKind;
  target: string;
  /** Start of the span, epoch ms. */
  at: number;
  passed: number;
  blocked: number;
  succeeded: number;
  failed: number;
  totalMs: number;
  p99Ms: number | null;
}

type Span = Map<TrafficKind, Map<string, TrafficCounts>>;

/** Where one target's requests of the current second and minute are counted, and since start. */
interface Cell {
  second: number;
  minute: number;
  counts: readonly [TrafficCounts, TrafficCounts, TrafficCounts];
}

const emptyCounts = (): TrafficCounts => ({
  passed: 0,
  blocked: 0,
  succeeded: 0,
  clientErrors: 0,
  failed: 0,
  totalMs: 0,
  maxMs: 0,
  histogram: newHistogram(),
});

/** How many whole seconds are kept for the reports that read them. */
const keptSeconds = 5;

/**
 * What this process's gateway routes, API groups and API routes saw, by second (the live figures and
 * the gateway state read the last few) and by minute (rolled up into the database), and in total since
 * start (Prometheus counters). Recording is a few map lookups and additions, on the hot path.
 */
export class TrafficMeter {
  private readonly seconds = new Map<number, Span>();
  private readonly minutes = new Map<number, Span>();
  private readonly totals: Span = new Map();
  private currentSecond = -1;
  private secondSpan: Span = new Map();
  private currentMinute = -1;
  private minuteSpan: Span = new Map();
  /** Found once a second per target, so recording a request costs two map lookups. */
  private readonly cells = new Map<TrafficKind, Map<string, Cell>>();

  passed(kind: TrafficKind, target: string, now: number): void {
    for (const counts of this.countsOf(kind, target, now)) counts.passed += 1;
  }

  blocked(kind: TrafficKind, target: string, now: number): void {
    for (const counts of this.countsOf(kind, target, now)) counts.blocked += 1;
  }

  completed(kind: TrafficKind, target: string, status: number, elapsedMs: number, now: number): void {
    this.answer(this.countsOf(kind, target, now), status, elapsedMs, false);
  }

  /** A request let through and answered, counted at once (the API's, counted when answered). */
  answered(kind: TrafficKind, target: string, status: number, elapsedMs: number, now: number): void {
    this.answer(this.countsOf(kind, target, now), status, elapsedMs, true);
  }

  private answer(cell: Cell['counts'], status: number, elapsedMs: number, passed: boolean): void {
    const bucket = bucketOf(elapsedMs);
    for (const counts of cell) {
      if (passed) counts.passed += 1;
      if (status >= 500) counts.failed += 1;
      else counts.succeeded += 1;
      if (status >= 400 && status < 500) counts.clientErrors += 1;
      counts.totalMs += elapsedMs;
      if (elapsedMs > counts.maxMs) counts.maxMs = elapsedMs;
      counts.histogram[bucket] = (counts.histogram[bucket] ?? 0) + 1;
    }
  }

  /** The whole seconds kept before `now`, oldest first. */
  finishedSeconds(now: number): TrafficFigures[] {
    this.roll(now);
    const current = Math.floor(now / 1000);
    return [...this.seconds]
      .filter(([second]) => second < current)
      .sort(([a], [b]) => a - b)
      .flatMap(([second, span]) => figuresOf(span, second * 1000));
  }

  /** The last whole second before `now`, of one kind. */
  lastSecond(kind: TrafficKind, now: number): TrafficFigures[] {
    this.roll(now);
    const span = this.seconds.get(Math.floor(now / 1000) - 1);
    return span ? figuresOf(new Map([[kind, span.get(kind) ?? new Map()]]), (Math.floor(now / 1000) - 1) * 1000) : [];
  }

  /** The minutes finished before `now`, handed over once: the caller stores them. */
  takeFinishedMinutes(now: number): TrafficFigures[] {
    this.roll(now);
    const current = Math.floor(now / 60_000);
    const taken: TrafficFigures[] = [];
    for (const [minute, span] of [...this.minutes].sort(([a], [b]) => a - b)) {
      if (minute >= current) continue;
      taken.push(...figuresOf(span, minute * 60_000));
      this.minutes.delete(minute);
    }
    return taken;
  }

  /** Everything counted since the process started, by kind and target. */
  everything(): ReadonlyMap<TrafficKind, ReadonlyMap<string, Readonly<TrafficCounts>>> {
    return this.totals;
  }

  private countsOf(kind: TrafficKind, target: string, now: number): Cell['counts'] {
    this.roll(now);
    let targets = this.cells.get(kind);
    if (!targets) {
      targets = new Map();
      this.cells.set(kind, targets);
    }
    let cell = targets.get(target);
    if (!cell || cell.second !== this.currentSecond || cell.minute !== this.currentMinute) {
      cell = {
        second: this.currentSecond,
        minute: this.currentMinute,
        counts: [countsIn(this.secondSpan, kind, target), countsIn(this.minuteSpan, kind, target), countsIn(this.totals, kind, target)],
      };
      targets.set(target, cell);
    }
    return cell.counts;
  }

  private roll(now: number): void {
    const second = Math.floor(now / 1000);
    if (second !== this.currentSecond) {
      this.currentSecond = second;
      this.secondSpan = spanAt(this.seconds, second);
      for (const kept of this.seconds.keys()) if (kept <= second - keptSeconds - 1) this.seconds.delete(kept);
    }
    const minute = Math.floor(now / 60_000);
    if (minute !== this.currentMinute) {
      this.currentMinute = minute;
      this.minuteSpan = spanAt(this.minutes, minute);
    }
  }
}

function spanAt(spans: Map<number, Span>, at: number): Span {
  let span = spans.get(at);
  if (!span) {
    span = new Map();
    spans.set(at, span);
  }
  return span;
}

function countsIn(span: Span, kind: TrafficKind, target: string): TrafficCounts {
  let targets = span.get(kind);
  if (!targets) {
    targets = new Map();
    span.set(kind, targets);
  }
  let counts = targets.get(target);
  if (!counts) {
    counts = emptyCounts();
    targets.set(target, counts);
  }
  return counts;
}

function figuresOf(span: Span, at: number): TrafficFigures[] {
  const figures: TrafficFigures[] = [];
  for (const [kind, targets] of span) {
    for (const [target, counts] of targets) {
      figures.push({
        kind,
        target,
        at,
        passed: counts.passed,
        blocked: counts.blocked,
        succeeded: counts.succeeded,
        failed: counts.failed,
        totalMs: counts.totalMs,
        p99Ms: quantileOf(counts.histogram, 0.99, counts.maxMs) ?? null,
      });
    }
  }
  return figures;
}

declare module '../../context.ts' {
  interface AppContext {
    /** What this process's gateway routes, API groups and API routes see. */
    traffic: TrafficMeter;
  }
}
