import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import type { ConfigOperations } from './configOperations.ts';
import { historyListParams, historyParams, namespaceConfigsParams, previousParams } from './configSchemas.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV1Refusals } from './nacosRefusal.ts';

const tags = ['nacos config'];

/** Nacos's v1 config history: a config's versions, one version, the one before it, a namespace's configs. */
export function nacosHistoryRoutes(operations: ConfigOperations): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    answerV1Refusals(app);
    // One path serves the list (`search=accurate`) and the detail (`nid`), as Nacos maps them.
    app.get(
      '/nacos/v1/cs/history',
      { config: { operation: 'registry:client' }, schema: { tags, summary: "A page of a config's versions, or one version by nid" } },
      (request) =>
        'search' in requestParams(request)
          ? operations.history(nacosParams(historyListParams, request))
          : operations.version(nacosParams(historyParams, request)),
    );
    app.get(
      '/nacos/v1/cs/history/previous',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'The version before a version' } },
      (request) => operations.previousVersion(nacosParams(previousParams, request)),
    );
    app.get(
      '/nacos/v1/cs/history/configs',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Every config of a namespace' } },
      (request) => operations.configsOf(nacosParams(namespaceConfigsParams, request).tenant),
    );
  };
}
