import type { GatewayRoute } from '@qiming/shared';

/** A route as SCG's RouteDefinition (as its actuator's `/routedefinitions` lists them); our name and status go in `metadata`. */
export const toRouteDefinition = (route: GatewayRoute) => ({
  id: route.routeId,
  uri: route.uri,
  predicates: route.predicates,
  filters: route.filters,
  order: route.orderNum,
  metadata: { routeName: route.routeName, status: route.status, description: route.description },
});
