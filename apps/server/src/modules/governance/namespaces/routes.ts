import { deletion, namespace, namespaceInput, namespaceSortable, namespaceUpdate, pageQuerySchema } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { found } from '../../../http/found.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import * as repo from './namespaceRepo.ts';
import type { NamespaceService } from './namespaceService.ts';

const tags = ['namespaces'];

export function namespaceRoutes(service: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      '/api/admin/namespaces',
      {
        config: { operation: 'namespace:view' },
        schema: {
          tags,
          summary: 'A page of namespaces with their config and service counts',
          querystring: pageQuerySchema(namespaceSortable),
          response: { 200: envelopeOf(pageOf(namespace)) },
        },
      },
      async (request) => ok(await repo.pageNamespaces(context.db, request.query)),
    );
    app.get(
      '/api/admin/namespaces/all',
      {
        config: { operation: 'namespace:choose' },
        schema: { tags, summary: 'Every namespace, for choosing one', response: { 200: envelopeOf(pageOf(namespace)) } },
      },
      async () => ok(wholeList(await repo.listNamespaces(context.db))),
    );
    app.post(
      '/api/admin/namespaces',
      {
        config: { operation: 'namespace:add' },
        schema: { tags, summary: 'Creates a namespace', body: namespaceInput, response: { 200: envelopeOf(namespace) } },
      },
      async (request) => ok(found(await service.create(request.caller, request.body))),
    );
    app.put(
      '/api/admin/namespaces/:id',
      {
        config: { operation: 'namespace:edit' },
        schema: {
          tags,
          summary: 'Renames a namespace',
          params: idParams,
          body: namespaceUpdate,
          response: { 200: envelopeOf(namespace) },
        },
      },
      async (request) => ok(found(await service.update(request.caller, request.params.id, request.body))),
    );
    app.post(
      '/api/admin/namespaces/delete',
      {
        config: { operation: 'namespace:delete' },
        schema: { tags, summary: 'Deletes empty namespaces', body: idListBody, response: { 200: envelopeOf(deletion) } },
      },
      async (request) => ok(await service.remove(request.caller, request.body.ids)),
    );
  };
}
