import type { GatewayRoute } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { routeDefinitionAnswer, toRouteDefinition } from './routeDefinition.ts';
import { listRoutes } from './routeRepo.ts';

const tags = ['gateway'];

/** `[a, b]` as Java prints a list, which is how SCG's predicates and filters describe their arguments. */
const described = (args: Record<string, string>) =>
  Object.entries(args)
    .map(([key, value]) => (key.startsWith('_genkey_') ? value : `${key} = ${value}`))
    .join(', ');

/**
 * A released route as SCG's actuator serialises a Route (`GatewayControllerEndpoint.serialize`):
 * `route_id`, `uri`, `order`, the predicate and the filters as readable strings (a filter's place in
 * the chain is its `order`, counted from 1 as SCG orders route filters), `metadata` when there is any.
 */
const actuatorRoute = z.object({
  route_id: z.string(),
  uri: z.string(),
  order: z.number().int(),
  predicate: z.string(),
  metadata: z.object({ routeName: z.string(), description: z.string() }),
  filters: z.array(z.string()),
});

function toActuatorRoute(route: GatewayRoute): z.infer<typeof actuatorRoute> {
  const predicates = route.predicates.map((predicate) => `${predicate.name}: [${described(predicate.args)}]`);
  return {
    route_id: route.routeId,
    uri: route.uri,
    order: route.orderNum,
    predicate: predicates.length === 1 ? predicates.join('') : `(${predicates.join(' && ')})`,
    metadata: { routeName: route.routeName, description: route.description },
    filters: route.filters.map((filter, index) => `[[${filter.name} ${described(filter.args)}], order = ${index + 1}]`),
  };
}

/** Where the read side of SCG's actuator (`/actuator/gateway/...`) is served, for tools written for SCG. */
const actuatorBase = '/api/admin/gateway/actuator';

/**
 * The read side of Spring Cloud Gateway's actuator (`/actuator/gateway/routes`, `/routes/{id}`,
 * `/routedefinitions`) below `/api/admin/gateway/actuator`, so tools written for SCG can list what the
 * gateways carry: released routes only, as SCG's route locator holds only live routes. Answers are the
 * actuator's bare JSON, not the API's envelope; an unknown id is a 404 with an empty body, as SCG's.
 * Guarded like the routes page (`gateway:view`).
 */
export const gatewayActuatorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const released = async () => (await listRoutes(context.db)).filter((route) => route.status === 'released');
  app.get(
    `${actuatorBase}/routes`,
    {
      config: { operation: 'gateway:view' },
      schema: { tags, summary: "Released routes as SCG's actuator lists them", response: { 200: z.array(actuatorRoute) } },
    },
    async () => (await released()).map(toActuatorRoute),
  );
  app.get(
    `${actuatorBase}/routes/:routeId`,
    {
      config: { operation: 'gateway:view' },
      schema: {
        tags,
        summary: "One released route as SCG's actuator shows it",
        params: z.object({ routeId: z.string().max(100) }),
        response: { 200: actuatorRoute, 404: z.undefined().describe('No released route has this id: an empty body, as SCG answers') },
      },
    },
    async (request, reply) => {
      const route = (await released()).find((one) => one.routeId === request.params.routeId);
      return route ? toActuatorRoute(route) : reply.code(404).send();
    },
  );
  app.get(
    `${actuatorBase}/routedefinitions`,
    {
      config: { operation: 'gateway:view' },
      schema: {
        tags,
        summary: "Released routes as SCG's RouteDefinition JSON, as the actuator's /routedefinitions",
        response: { 200: z.array(routeDefinitionAnswer) },
      },
    },
    async () => (await released()).map(toRouteDefinition),
  );
};
