import {
  deletion,
  gatewayProcessState,
  gatewayRoute,
  pageQuerySchema,
  routeInput,
  routeSortable,
  routeStatuses,
  routeTestInput,
  routeTestResult,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import { gatewayStates } from './gatewayState.ts';
import { routeDefinitionAnswer, toRouteDefinition } from './routeDefinition.ts';
import { listRoutes, pageRoutes } from './routeRepo.ts';
import { RouteService } from './routeService.ts';
import { testRoute } from './routeTester.ts';

const tags = ['gateway'];
const base = '/api/admin/gateway/routes';
const filterText = z.string().max(100).optional();

/** Gateway routes: defined, released to every gateway process, cancelled. */
export const gatewayAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new RouteService(context);
  app.get(
    '/api/admin/gateway/state',
    {
      config: { operation: 'gateway:view' },
      schema: {
        tags,
        summary: "Every live gateway process: its last second's traffic by route and its breakers",
        response: { 200: envelopeOf(z.array(gatewayProcessState)) },
      },
    },
    async () => ok(await gatewayStates(context.cluster, context.now())),
  );
  app.get(
    base,
    {
      config: { operation: 'gateway:view' },
      schema: {
        tags,
        summary: 'A page of gateway routes, in the order they are tried',
        querystring: pageQuerySchema(routeSortable).extend({
          routeId: filterText,
          routeName: filterText,
          status: z.enum(routeStatuses).optional().catch(undefined),
        }),
        response: { 200: envelopeOf(pageOf(gatewayRoute)) },
      },
    },
    async (request) => ok(await pageRoutes(context.db, request.query)),
  );
  app.post(
    `${base}/test`,
    {
      // Testing a request reads the route table and changes nothing: viewing covers it.
      config: { operation: 'gateway:view' },
      schema: {
        tags,
        summary: 'Which released route would take this request, and where it would go',
        body: routeTestInput,
        response: { 200: envelopeOf(routeTestResult) },
      },
    },
    async (request) => ok(await testRoute(context.db, request.body)),
  );
  app.get(
    `${base}/scg`,
    {
      config: { operation: 'gateway:view' },
      schema: {
        tags,
        summary: "Every route as Spring Cloud Gateway's RouteDefinition JSON",
        response: { 200: envelopeOf(z.array(routeDefinitionAnswer)) },
      },
    },
    async () => ok((await listRoutes(context.db)).map(toRouteDefinition)),
  );
  app.post(
    `${base}/scg`,
    {
      config: { operation: 'gateway:add' },
      schema: {
        tags,
        summary: "Defines routes written as Spring Cloud Gateway's RouteDefinition JSON, unreleased; all or none",
        body: z.array(routeInput).max(200),
        response: { 200: envelopeOf(z.array(gatewayRoute)) },
      },
    },
    async (request) => ok(await service.importRoutes(request.caller, request.body)),
  );
  app.get(
    `${base}/:id`,
    {
      config: { operation: 'gateway:view' },
      schema: { tags, summary: 'One route', params: idParams, response: { 200: envelopeOf(gatewayRoute) } },
    },
    async (request) => ok(await service.require(request.params.id)),
  );
  app.post(
    base,
    {
      config: { operation: 'gateway:add' },
      schema: { tags, summary: 'Defines a route, not yet released', body: routeInput, response: { 200: envelopeOf(gatewayRoute) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { operation: 'gateway:edit' },
      schema: {
        tags,
        summary: 'Changes a route; a released route changes on every gateway at once',
        params: idParams,
        body: routeInput,
        response: { 200: envelopeOf(gatewayRoute) },
      },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );
  for (const step of ['release', 'cancel'] as const) {
    app.post(
      `${base}/:id/${step}`,
      {
        config: { operation: 'gateway:release' },
        schema: {
          tags,
          summary: step === 'release' ? 'Releases a route: it carries traffic' : 'Cancels a released route',
          params: idParams,
          response: { 200: envelopeOf(gatewayRoute) },
        },
      },
      async (request) => ok(await service.step(request.caller, request.params.id, step)),
    );
  }
  app.post(
    `${base}/delete`,
    {
      config: { operation: 'gateway:delete' },
      schema: { tags, summary: 'Deletes routes that are not released', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );
};
