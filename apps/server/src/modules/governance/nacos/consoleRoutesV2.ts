import { governanceRules, optionalText, ruledString } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { namespaceIdParams } from './consoleRoutes.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV2Refusals, nacosResult } from './nacosRefusal.ts';
import type { NamespaceOperations } from './namespaceOperations.ts';
import { thisServer } from './operatorRoutes.ts';

const tags = ['nacos console v2'];
/** Nacos's NamespaceForm: the same three fields for create and edit. */
const namespaceForm = z.object({
  namespaceId: ruledString(optionalText({ max: 128 })),
  namespaceName: ruledString(governanceRules.namespaceName),
  namespaceDesc: ruledString(governanceRules.description),
});

/** The Nacos v2 console namespaces and this server as the cluster's node, answered as `{code, message, data}`. */
export function nacosConsoleRoutesV2(namespaces: NamespaceOperations): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    answerV2Refusals(app);
    const namespace = '/nacos/v2/console/namespace';
    const inputOf = (params: z.infer<typeof namespaceForm>) => ({
      namespaceId: params.namespaceId,
      name: params.namespaceName,
      description: params.namespaceDesc,
    });

    app.get(`${namespace}/list`, { config: { operation: 'registry:client' }, schema: { tags, summary: 'Every namespace' } }, async () =>
      nacosResult(await namespaces.list()),
    );
    app.get(namespace, { config: { operation: 'registry:client' }, schema: { tags, summary: 'One namespace' } }, async (request) =>
      nacosResult(await namespaces.detail(nacosParams(namespaceIdParams, request).namespaceId)),
    );
    app.post(namespace, { config: { operation: 'namespace:add' }, schema: { tags, summary: 'Creates a namespace' } }, async (request) =>
      nacosResult(await namespaces.create(request.caller, inputOf(nacosParams(namespaceForm, request)))),
    );
    app.put(namespace, { config: { operation: 'namespace:edit' }, schema: { tags, summary: 'Renames a namespace' } }, async (request) =>
      nacosResult(await namespaces.edit(request.caller, inputOf(nacosParams(namespaceForm, request)))),
    );
    app.delete(
      namespace,
      { config: { operation: 'namespace:delete' }, schema: { tags, summary: 'Removes an empty namespace' } },
      async (request) => nacosResult(await namespaces.remove(request.caller, nacosParams(namespaceIdParams, request).namespaceId)),
    );

    // Servers sharing a database do not list each other here; each answers itself, which is whom the client talks to.
    app.get(
      '/nacos/v2/core/cluster/node/list',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'The nodes of the cluster' } },
      async () => {
        const server = thisServer(context);
        return nacosResult([
          { ip: server.ip, port: server.port, state: 'UP', extendInfo: {}, address: server.address, failAccessCnt: 0, abilities: {} },
        ]);
      },
    );
  };
}
