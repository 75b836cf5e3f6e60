import { namespaceGrant, namespaceGrants, namespaceGrantsInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok } from '../../../http/envelope.ts';
import { idParams } from '../../../http/idList.ts';
import type { NamespaceService } from './namespaceService.ts';

const tags = ['namespaces'];

/** Which roles may read or write a namespace (Nacos's role + namespace + action), set on the Namespaces page. */
export function namespaceGrantRoutes(service: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    app.get(
      '/api/admin/namespaces/:id/grants',
      {
        config: { operation: 'namespace:grant' },
        schema: {
          tags,
          summary: "A namespace's grants to roles, and the roles the caller may grant it to",
          params: idParams,
          response: { 200: envelopeOf(namespaceGrants) },
        },
      },
      async (request) => ok(await service.grants(request.caller, request.params.id)),
    );
    app.put(
      '/api/admin/namespaces/:id/grants',
      {
        config: { operation: 'namespace:grant' },
        schema: {
          tags,
          summary: "Replaces a namespace's grants to roles",
          params: idParams,
          body: namespaceGrantsInput,
          response: { 200: envelopeOf(z.array(namespaceGrant)) },
        },
      },
      async (request) => ok(await service.changeGrants(request.caller, request.params.id, request.body.grants)),
    );
  };
}
