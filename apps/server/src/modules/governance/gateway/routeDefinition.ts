import { type GatewayRoute, gatewayRoute, routeStatuses } from '@qiming/shared';
import { z } from 'zod';

/** A route as Spring Cloud Gateway's RouteDefinition JSON, with our name, status and description as metadata. */
export const routeDefinitionAnswer = z.object({
  id: z.string(),
  uri: z.string(),
  predicates: gatewayRoute.shape.predicates,
  filters: gatewayRoute.shape.filters,
  order: z.number().int(),
  metadata: z.object({ routeName: z.string(), status: z.enum(routeStatuses), description: z.string() }),
});

/** A route as SCG's RouteDefinition (as its actuator's `/routedefinitions` lists them); our name and status go in `metadata`. */
export const toRouteDefinition = (route: GatewayRoute): z.infer<typeof routeDefinitionAnswer> => ({
  id: route.routeId,
  uri: route.uri,
  predicates: route.predicates,
  filters: route.filters,
  order: route.orderNum,
  metadata: { routeName: route.routeName, status: route.status, description: route.description },
});
