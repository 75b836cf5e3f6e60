import type { ApiGroup, FlowRule, GatewayRoute } from '@qiming/shared';
import type { Cluster } from '../../../cluster/cluster.ts';
import type { GatewayRequest } from './compiledRoute.ts';
import { gatewayStates } from './gatewayState.ts';
import { LeasedCounts, type WindowCount } from './leasedCounts.ts';
import { finder } from './routePatterns.ts';
import { WarmUps } from './warmUps.ts';

export type FlowDecision =
  | { allowed: true; release: () => void }
  | { allowed: false; limit: number; retryAfterSec: number; resetSec: number };

const unlimited: FlowDecision = { allowed: true, release: () => {} };

/** How often the number of live gateways is read from the cluster, to share a limit while Redis is down. */
const gatewayCountEveryMs = 5000;

/** An API group as a test of a request path: any of its exact, prefix or regex patterns. */
export function groupMatcher(group: ApiGroup): (path: string) => boolean {
  const tests = group.items.map((item) => {
    const pattern = item.args.pattern ?? '';
    if (item.name === 'exact') return (path: string) => path === pattern;
    if (item.name === 'prefix') return (path: string) => path.startsWith(pattern.replace(/\*+$/, ''));
    return finder(pattern);
  });
  return (path) => tests.some((test) => test(path));
}

/** The value a rule counts by: the client address, a header, query parameter or cookie, or nothing. */
function paramOf(rule: FlowRule, request: GatewayRequest): string {
  switch (rule.paramStrategy) {
    case 'clientIp':
      return request.remoteAddress;
    case 'header': {
      const value = request.headers[rule.paramField.toLowerCase()];
      return Array.isArray(value) ? value.join(',') : (value ?? '');
    }
    case 'urlParam':
      return request.query.get(rule.paramField) ?? '';
    case 'cookie':
      return request.cookies.get(rule.paramField) ?? '';
    default:
      return '';
  }
}

/**
 * Sentinel's gateway flow rules as the gateway applies them. QPS rules count in fixed windows of
 * `intervalSec` with room for `count + burst` requests, through the cluster (Redis: one count for all
 * gateway processes, taken in blocks, see LeasedCounts; otherwise each process counts alone); a warm-up rule's threshold is this
 * process's warm-up level of `count` (see WarmUps); a queueing rule spaces requests `intervalSec /
 * count` apart through the cluster, each waiting for its turn unless that is more than
 * `maxQueueingTimeMs` away (burst does not apply; a warm-up queueing rule spaces them by its warm-up threshold). Concurrency rules count requests in flight in this
 * process. A request lacking the header, parameter or cookie a rule counts by is counted with the
 * others that lack it.
 *
 * Redis is an accelerator: while it cannot be reached (noticed within 100 ms, see RedisCluster) QPS
 * rules count in this process against its share of the limit, the limit divided by the gateways last
 * seen live (each reports its state every second; one when none was seen), rounded up; queueing rules
 * space this process's own turns. The cluster logs the change and /metrics counts these local counts.
 */
export class FlowGuard {
  private routeRules = new Map<string, FlowRule[]>();
  private groupRules: Array<{ matches: (path: string) => boolean; rules: FlowRule[] }> = [];
  private readonly inFlight = new Map<string, number>();
  private readonly warmUps = new WarmUps();
  private readonly counts: LeasedCounts;
  /** Gateways seen live when the cluster answered last; a limit's share while Redis is unreachable. */
  private liveGateways = 1;
  private gatewaysReadAt = 0;

  /** `now` times warm-ups and the reading of live gateways; QPS windows and queue turns go by the cluster's own clock. */
  constructor(
    private readonly cluster: Cluster,
    private readonly now: () => number,
  ) {
    this.counts = new LeasedCounts(cluster);
  }

  load(rules: FlowRule[], groups: ApiGroup[]): void {
    const enabled = rules.filter((rule) => rule.enabled);
    const routeRules = new Map<string, FlowRule[]>();
    for (const rule of enabled.filter((candidate) => candidate.resourceMode === 'route')) {
      routeRules.set(rule.resource, [...(routeRules.get(rule.resource) ?? []), rule]);
    }
    this.routeRules = routeRules;
    this.groupRules = groups
      .map((group) => ({
        matches: groupMatcher(group),
        rules: enabled.filter((rule) => rule.resourceMode === 'apiGroup' && rule.resource === group.apiName),
      }))
      .filter((group) => group.rules.length > 0);
  }

  /**
   * Answers at once, without a promise, when no rule applies or every rule can count without waiting
   * (a QPS rule with room left in its block, a concurrency rule): only a block fetch or a queue waits.
   */
  check(route: GatewayRoute, request: GatewayRequest): FlowDecision | Promise<FlowDecision> {
    const ofRoute = this.routeRules.get(route.routeId);
    if (this.groupRules.length === 0) return ofRoute ? this.checkRules(ofRoute, request) : unlimited;
    const rules = [...(ofRoute ?? []), ...this.groupRules.filter((group) => group.matches(request.path)).flatMap((group) => group.rules)];
    return rules.length === 0 ? unlimited : this.checkRules(rules, request);
  }

  /** Refreshes the number of live gateways now and then, without holding up the request that notices it is due. */
  private countGatewaysWhenDue(): void {
    const now = this.now();
    if (!this.cluster.reachable || now - this.gatewaysReadAt < gatewayCountEveryMs) return;
    this.gatewaysReadAt = now;
    gatewayStates(this.cluster, now).then(
      (states) => {
        this.liveGateways = Math.max(1, states.length);
      },
      () => undefined,
    );
  }

  private checkRules(rules: FlowRule[], request: GatewayRequest): FlowDecision | Promise<FlowDecision> {
    this.countGatewaysWhenDue();
    const taken: string[] = [];
    const release = () => {
      for (const key of taken.splice(0)) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
    };
    for (let index = 0; index < rules.length; index++) {
      const outcome = this.checkRule(rules[index] as FlowRule, request, taken);
      if (outcome instanceof Promise) return this.checkRest(outcome, rules, index, request, taken, release);
      if (outcome) {
        release();
        return outcome;
      }
    }
    return { allowed: true, release };
  }

  /** The rules from `index` on, once one of them had to wait. */
  private async checkRest(
    waiting: Promise<FlowDecision | undefined>,
    rules: FlowRule[],
    index: number,
    request: GatewayRequest,
    taken: string[],
    release: () => void,
  ): Promise<FlowDecision> {
    let outcome: FlowDecision | undefined = await waiting;
    for (let next = index + 1; !outcome && next < rules.length; next++) {
      const checked = this.checkRule(rules[next] as FlowRule, request, taken);
      outcome = checked instanceof Promise ? await checked : checked;
    }
    if (!outcome) return { allowed: true, release };
    release();
    return outcome;
  }

  /** One rule's verdict: undefined lets the request on to the next rule, a refusal stops it. */
  private checkRule(
    rule: FlowRule,
    request: GatewayRequest,
    taken: string[],
  ): FlowDecision | undefined | Promise<FlowDecision | undefined> {
    // A changed rule starts counting afresh.
    const key = `gateway-flow:${rule.id}:${rule.updatedAt}:${paramOf(rule, request)}`;
    if (rule.grade === 'concurrency') {
      const current = this.inFlight.get(key) ?? 0;
      if (current >= rule.count) return { allowed: false, limit: rule.count, retryAfterSec: 1, resetSec: 1 };
      this.inFlight.set(key, current + 1);
      taken.push(key);
      return undefined;
    }
    if (rule.controlBehavior === 'queue' || rule.controlBehavior === 'warmUpQueue') return this.queue(rule, key);
    const threshold = rule.controlBehavior === 'warmUp' ? this.warmUps.threshold(key, rule, this.now()) : rule.count;
    const fullLimit = threshold + rule.burst;
    const verdict = (counted: WindowCount): FlowDecision | undefined => {
      const limit = counted.shared ? fullLimit : Math.ceil(fullLimit / this.liveGateways);
      if (counted.count <= limit) return undefined;
      const seconds = Math.max(1, Math.ceil(counted.resetInMs / 1000));
      return { allowed: false, limit, retryAfterSec: seconds, resetSec: seconds };
    };
    // Blocks sized by the rule's full limit, so a warming rule's lower threshold does not shrink them.
    const counted = this.counts.count(key, rule.intervalSec * 1000, rule.count + rule.burst);
    return counted instanceof Promise ? counted.then(verdict) : verdict(counted);
  }

  /** A queueing rule: the request waits for its turn, or is refused when that is more than `maxQueueingTimeMs` away. */
  private async queue(rule: FlowRule, key: string): Promise<FlowDecision | undefined> {
    // Warming up, the spacing follows the warming threshold: a cold rule spaces requests three times as far.
    const threshold = rule.controlBehavior === 'queue' ? rule.count : this.warmUps.threshold(key, rule, this.now());
    const wait = await this.cluster.takeTurn(key, Math.max(1, Math.round((rule.intervalSec * 1000) / threshold)), rule.maxQueueingTimeMs);
    if (wait === undefined) return { allowed: false, limit: rule.count, retryAfterSec: 1, resetSec: 1 };
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return undefined;
  }
}
