import {
  deletion,
  instanceEdit,
  instanceSortable,
  pageQuerySchema,
  registryInstance,
  registryService,
  serviceInput,
  serviceSortable,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { found } from '../../../http/found.ts';
import { idListBody, idParam } from '../../../http/idList.ts';
import { namespaceParams } from '../namespaces/namespaceParam.ts';
import type { NamespaceService } from '../namespaces/namespaceService.ts';
import * as instances from './instanceRepo.ts';
import { instanceKey } from './liveness.ts';
import type { RegistryService } from './registryService.ts';
import * as services from './serviceRepo.ts';

const tags = ['service registry'];
const filterText = z.string().max(200).optional();
const serviceFilter = z.object({
  serviceName: filterText,
  groupName: filterText,
  hideEmpty: z.preprocess((value) => value === true || value === 'true', z.boolean()).optional(),
});
const serviceParams = namespaceParams.extend({ serviceId: idParam });

export function registryRoutes(registry: RegistryService, namespaces: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      '/api/admin/registry/:namespaceId/services',
      {
        config: { operation: 'registry:view' },
        schema: {
          tags,
          summary: 'A page of services with cluster, instance and healthy counts',
          params: namespaceParams,
          querystring: pageQuerySchema(serviceSortable).extend(serviceFilter.shape),
          response: { 200: envelopeOf(pageOf(registryService)) },
        },
      },
      async (request) => {
        const namespaceId = await namespaces.requireExisting(request.params.namespaceId);
        return ok(await services.pageServices(context.db, namespaceId, request.query));
      },
    );
    app.post(
      '/api/admin/registry/:namespaceId/services',
      {
        config: { operation: 'registry:add' },
        schema: {
          tags,
          summary: 'Creates a service',
          params: namespaceParams,
          body: serviceInput,
          response: { 200: envelopeOf(registryService) },
        },
      },
      async (request) =>
        ok(await registry.createService(request.caller, await namespaces.requireExisting(request.params.namespaceId), request.body)),
    );
    app.put(
      '/api/admin/registry/:namespaceId/services/:id',
      {
        config: { operation: 'registry:edit' },
        schema: {
          tags,
          summary: "Changes a service's protect threshold and metadata",
          params: namespaceParams.extend({ id: idParam }),
          body: serviceInput,
          response: { 200: envelopeOf(registryService) },
        },
      },
      async (request) => ok(await registry.updateService(request.caller, request.params.namespaceId, request.params.id, request.body)),
    );
    app.post(
      '/api/admin/registry/:namespaceId/services/delete',
      {
        config: { operation: 'registry:delete' },
        schema: {
          tags,
          summary: 'Deletes services that have no instances',
          params: namespaceParams,
          body: idListBody,
          response: { 200: envelopeOf(deletion) },
        },
      },
      async (request) => ok(await registry.removeServices(request.caller, request.params.namespaceId, request.body.ids)),
    );
    app.get(
      '/api/admin/registry/:namespaceId/services/:serviceId/instances',
      {
        config: { operation: 'registry:view' },
        schema: {
          tags,
          summary: 'A page of the instances of a service',
          params: serviceParams,
          querystring: pageQuerySchema(instanceSortable).extend({ clusterName: filterText }),
          response: { 200: envelopeOf(pageOf(registryInstance)) },
        },
      },
      async (request) => {
        const service = await registry.requireService(request.params.namespaceId, request.params.serviceId);
        const page = await instances.pageInstances(context.db, request.params.serviceId, request.query);
        // The database keeps a checkpoint of beats; the last one heard is in memory.
        const name = { ...service, namespaceId: request.params.namespaceId };
        const records = page.records.map((instance) => ({
          ...instance,
          lastBeat: Math.max(instance.lastBeat, registry.liveness.lastBeat(instanceKey(name, instance)) ?? 0),
        }));
        return ok({ total: page.total, records });
      },
    );
    app.put(
      '/api/admin/registry/:namespaceId/services/:serviceId/instances/:id',
      {
        config: { operation: 'registry:edit' },
        schema: {
          tags,
          summary: "Changes an instance's weight and enabled flag",
          params: serviceParams.extend({ id: idParam }),
          body: instanceEdit,
          response: { 200: envelopeOf(registryInstance) },
        },
      },
      async (request) =>
        ok(
          found(
            await registry.editInstance(
              request.caller,
              request.params.namespaceId,
              request.params.serviceId,
              request.params.id,
              request.body,
            ),
          ),
        ),
    );
    app.post(
      '/api/admin/registry/:namespaceId/services/:serviceId/instances/delete',
      {
        config: { operation: 'registry:delete' },
        schema: {
          tags,
          summary: 'Deregisters instances',
          params: serviceParams,
          body: idListBody,
          response: { 200: envelopeOf(deletion) },
        },
      },
      async (request) =>
        ok(await registry.deregisterInstances(request.caller, request.params.namespaceId, request.params.serviceId, request.body.ids)),
    );
  };
}
