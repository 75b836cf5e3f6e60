import type { ApiGroup, BreakerState, DegradeRule, GatewayRoute } from '@qiming/shared';
import type { GatewayRequest } from './compiledRoute.ts';
import { groupMatcher } from './flowGuard.ts';

/** One degrade rule's breaker in this process, with the counts of its current statistic window. */
class Breaker {
  state: BreakerState = 'closed';
  private openedAt = 0;
  private window = { startedAt: 0, total: 0, bad: 0 };

  constructor(readonly rule: DegradeRule) {}

  /**
   * Whether a request may pass. An open breaker lets the first request after its time window through
   * as the single probe (half-open); every other request waits for the probe's outcome.
   */
  tryPass(now: number): { passed: boolean; probe: boolean } {
    if (this.state === 'closed') return { passed: true, probe: false };
    if (this.state === 'open' && now >= this.openedAt + this.rule.timeWindow * 1000) {
      this.state = 'halfOpen';
      return { passed: true, probe: true };
    }
    return { passed: false, probe: false };
  }

  /** The outcome of a request that passed: a bad call counts towards opening, a probe decides alone. */
  complete(probe: boolean, status: number, elapsedMs: number, now: number): void {
    const error = status >= 500;
    const bad = this.rule.grade === 'slowRatio' ? elapsedMs > this.rule.count : error;
    if (probe) {
      if (bad) this.open(now);
      else {
        this.state = 'closed';
        this.window = { startedAt: now, total: 0, bad: 0 };
      }
      return;
    }
    if (this.state !== 'closed') return;
    if (now - this.window.startedAt >= this.rule.statIntervalMs) this.window = { startedAt: now, total: 0, bad: 0 };
    this.window.total += 1;
    if (bad) this.window.bad += 1;
    if (this.window.total < this.rule.minRequestAmount) return;
    const ratio = this.window.bad / this.window.total;
    const tripped =
      this.rule.grade === 'errorCount'
        ? this.window.bad > this.rule.count
        : this.rule.grade === 'errorRatio'
          ? ratio > this.rule.count
          : ratio > this.rule.slowRatioThreshold || (ratio === 1 && this.rule.slowRatioThreshold === 1);
    if (tripped) this.open(now);
  }

  /** A probe that decided nothing (another breaker refused its request, or its client left): the next request may probe. */
  giveBackProbe(): void {
    this.state = 'open';
  }

  private open(now: number): void {
    this.state = 'open';
    this.openedAt = now;
  }
}

/**
 * How a request that passed ended: the answer's status, or undefined when the client went away first,
 * which says nothing of the upstream and is not counted (else anyone could open a breaker by hanging up).
 */
export type BreakerDecision = { allowed: true; done: (status: number | undefined, elapsedMs: number) => void } | { allowed: false };

/** A request no breaker guards: one shared decision, nothing to hear afterwards. */
const unguarded: BreakerDecision = { allowed: true, done: () => {} };

/**
 * Sentinel's degrade rules: per rule a circuit breaker in this process, CLOSED -> OPEN when its
 * statistic window (at least `minRequestAmount` calls in `statIntervalMs`) shows too many slow calls
 * (response time over `count` ms, ratio over `slowRatioThreshold`), too high an error ratio or too
 * many errors (answers of 500 and above, the gateway's own 502 and 504 included); OPEN answers 503
 * without calling the upstream for `timeWindow` seconds; then HALF_OPEN lets one probe through, whose
 * outcome closes or reopens it. A changed rule starts with a new, closed breaker.
 */
export class CircuitBreakers {
  private routeBreakers = new Map<string, Breaker[]>();
  private groupBreakers: Array<{ matches: (path: string) => boolean; breakers: Breaker[] }> = [];
  private byKey = new Map<string, Breaker>();

  /** `now` times the windows (the server's clock, which tests move); answer times come measured. */
  constructor(private readonly now: () => number) {}

  load(rules: DegradeRule[], groups: ApiGroup[]): void {
    const byKey = new Map<string, Breaker>();
    // A rule that did not change keeps its breaker and state across reloads.
    const breakerOf = (rule: DegradeRule) => {
      const key = `${rule.id}:${rule.updatedAt}`;
      const breaker = this.byKey.get(key) ?? new Breaker(rule);
      byKey.set(key, breaker);
      return breaker;
    };
    const enabled = rules.filter((rule) => rule.enabled);
    const routeBreakers = new Map<string, Breaker[]>();
    for (const rule of enabled.filter((candidate) => candidate.resourceMode === 'route')) {
      routeBreakers.set(rule.resource, [...(routeBreakers.get(rule.resource) ?? []), breakerOf(rule)]);
    }
    const groupBreakers = groups
      .map((group) => ({
        matches: groupMatcher(group),
        breakers: enabled.filter((rule) => rule.resourceMode === 'apiGroup' && rule.resource === group.apiName).map(breakerOf),
      }))
      .filter((group) => group.breakers.length > 0);
    this.routeBreakers = routeBreakers;
    this.groupBreakers = groupBreakers;
    this.byKey = byKey;
  }

  /** Every breaker's state, by degrade rule. */
  states(): Array<{ ruleId: number; state: BreakerState }> {
    return [...this.byKey.values()].map((breaker) => ({ ruleId: breaker.rule.id, state: breaker.state }));
  }

  enter(route: GatewayRoute, request: GatewayRequest): BreakerDecision {
    const ofRoute = this.routeBreakers.get(route.routeId);
    if (!ofRoute && this.groupBreakers.length === 0) return unguarded;
    const breakers = [
      ...(ofRoute ?? []),
      ...this.groupBreakers.filter((group) => group.matches(request.path)).flatMap((group) => group.breakers),
    ];
    const passed: Array<{ breaker: Breaker; probe: boolean }> = [];
    const now = this.now();
    for (const breaker of breakers) {
      const outcome = breaker.tryPass(now);
      if (!outcome.passed) {
        for (const taken of passed) if (taken.probe) taken.breaker.giveBackProbe();
        return { allowed: false };
      }
      passed.push({ breaker, ...outcome });
    }
    return {
      allowed: true,
      done: (status, elapsedMs) => {
        const finished = this.now();
        for (const { breaker, probe } of passed) {
          // A probe whose client left decided nothing: the next request probes again.
          if (status === undefined) {
            if (probe) breaker.giveBackProbe();
          } else breaker.complete(probe, status, elapsedMs, finished);
        }
      },
    };
  }
}
