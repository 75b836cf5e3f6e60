import type { GatewayRoute } from '@qiming/shared';
import { refreshWhileUnreachable } from '../../../cluster/whileUnreachable.ts';
import { CircuitBreakers } from './circuitBreakers.ts';
import { type CompiledRoute, compileRoute, type GatewayRequest, type WeightGroups } from './compiledRoute.ts';
import { FlowGuard, groupMatcher } from './flowGuard.ts';
import type { GatewayContext } from './gatewayServer.ts';
import { releasedRoutes } from './routeRepo.ts';
import { routesChangedChannel } from './routeService.ts';
import { listApiGroups, listDegradeRules, listFlowRules } from './ruleRepo.ts';

/** No API group: one shared empty list, so a request of a route no group takes allocates none. */
export const noGroups: readonly string[] = [];

export interface CompiledTable {
  routes: CompiledRoute[];
  weights: WeightGroups;
}

/** Routes compiled in the order given, with the weight groups their Weight predicates form. */
export function compileTable(released: GatewayRoute[]): CompiledTable {
  const routes = released.map(compileRoute);
  const weights: WeightGroups = new Map();
  for (const { route } of routes) {
    for (const predicate of route.predicates) {
      if (predicate.name !== 'Weight') continue;
      const group = predicate.args.group ?? '';
      weights.set(group, [...(weights.get(group) ?? []), { routeId: route.routeId, weight: Number(predicate.args.weight) }]);
    }
  }
  return { routes, weights };
}

/** The first route whose predicates all hold, with the path variables it captured. */
export function firstMatch(
  table: CompiledTable,
  request: GatewayRequest,
): { route: CompiledRoute; variables: Record<string, string> } | undefined {
  for (const route of table.routes) {
    const variables = route.match(request, table.weights);
    if (variables) return { route, variables };
  }
  return undefined;
}

/**
 * The released routes of one gateway process, compiled, in the order they are tried (`orderNum`,
 * then id), and the flow and degrade rules that guard them. Loaded at start and again whenever a route, an API
 * group or a rule changes anywhere in the cluster.
 */
export class RouteTable {
  private table: CompiledTable = { routes: [], weights: new Map() };
  readonly flow: FlowGuard;
  readonly breakers: CircuitBreakers;
  /** Every API group, to count its traffic whether or not a rule guards it. */
  private groups: Array<{ apiName: string; matches: (path: string) => boolean }> = [];
  /** Reloads run one after another, so an older load never replaces a newer one. */
  private loading: Promise<void> = Promise.resolve();

  private constructor(private readonly context: GatewayContext) {
    this.flow = new FlowGuard(context.cluster, context.now);
    this.breakers = new CircuitBreakers(context.now);
  }

  static async open(context: GatewayContext, onError: (error: unknown) => void): Promise<RouteTable> {
    const table = new RouteTable(context);
    await context.cluster.subscribe(routesChangedChannel, () => {
      table.reload().catch(onError);
    });
    // While Redis is down no change is heard over the bus: routes and rules are read every 2 s instead.
    refreshWhileUnreachable(context.cluster, 2000, () => table.reload().catch(onError));
    await table.reload();
    return table;
  }

  reload(): Promise<void> {
    this.loading = this.loading.then(async () => {
      const [routes, rules, degradeRules, groups] = await Promise.all([
        releasedRoutes(this.context.db),
        listFlowRules(this.context.db),
        listDegradeRules(this.context.db),
        listApiGroups(this.context.db),
      ]);
      this.table = compileTable(routes);
      this.flow.load(rules, groups);
      this.breakers.load(degradeRules, groups);
      this.groups = groups.map((group) => ({ apiName: group.apiName, matches: groupMatcher(group) }));
    });
    return this.loading;
  }

  match(request: GatewayRequest) {
    return firstMatch(this.table, request);
  }

  /** The API groups whose patterns take `path`. */
  groupsOf(path: string): readonly string[] {
    if (this.groups.length === 0) return noGroups;
    const names: string[] = [];
    for (const group of this.groups) if (group.matches(path)) names.push(group.apiName);
    return names;
  }
}
