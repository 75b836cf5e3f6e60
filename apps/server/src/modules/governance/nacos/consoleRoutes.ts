import { publicNamespace } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import type { NamespaceService } from '../namespaces/namespaceService.ts';

const tags = ['nacos console'];
/** Nacos's default config quota per namespace; Qiming sets none, so the figure is only informative. */
const quota = 200;

/** The Nacos console's namespace list, which clients and tools read to choose a tenant. */
export function nacosConsoleRoutes(namespaces: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    app.get(
      '/nacos/v1/console/namespaces',
      { schema: { tags, summary: 'Every namespace, as the Nacos console lists them' } },
      async () => ({
        code: 200,
        message: null,
        data: (await namespaces.list()).map((namespace) => {
          const isPublic = namespace.namespaceId === publicNamespace;
          return {
            // Nacos names the public namespace by an empty id, as clients send its tenant.
            namespace: isPublic ? '' : namespace.namespaceId,
            namespaceShowName: namespace.name,
            namespaceDesc: namespace.description,
            quota,
            configCount: namespace.configCount,
            type: isPublic ? 0 : 2,
          };
        }),
      }),
    );
  };
}
