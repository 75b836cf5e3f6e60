import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import type { ConfigOperations } from './configOperations.ts';
import { casMd5Of } from './configRoutes.ts';
import {
  historyListParamsV2,
  historyParamsV2,
  keyParamsV2,
  namespaceConfigsParamsV2,
  previousParamsV2,
  publishParamsV2,
} from './configSchemas.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV2Refusals, nacosResult } from './nacosRefusal.ts';

const tags = ['nacos config v2'];

/** The Nacos v2 config and history open API: the v1 operations, answered as `{code, message, data}`. */
export function nacosConfigRoutesV2(operations: ConfigOperations): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    answerV2Refusals(app);
    const config = '/nacos/v2/cs/config';
    const history = '/nacos/v2/cs/history';

    app.get(config, { config: { operation: 'registry:client' }, schema: { tags, summary: 'The content of a config' } }, async (request) => {
      const found = await operations.read(nacosParams(keyParamsV2, request));
      return nacosResult(found.content);
    });
    app.post(config, { config: { operation: 'registry:client' }, schema: { tags, summary: 'Publishes a config' } }, async (request) => {
      const params = nacosParams(publishParamsV2, request);
      return nacosResult(await operations.publish(params, request.caller.userName, casMd5Of(request, params.casMd5)));
    });
    app.delete(config, { config: { operation: 'registry:client' }, schema: { tags, summary: 'Removes a config' } }, async (request) =>
      nacosResult(await operations.remove(nacosParams(keyParamsV2, request), request.caller.userName)),
    );

    app.get(
      `${history}/list`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: "A page of a config's versions" } },
      async (request) => nacosResult(await operations.history(nacosParams(historyListParamsV2, request))),
    );
    app.get(history, { config: { operation: 'registry:client' }, schema: { tags, summary: 'One version of a config' } }, async (request) =>
      nacosResult(await operations.version(nacosParams(historyParamsV2, request))),
    );
    app.get(
      `${history}/previous`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'The version before a version' } },
      async (request) => nacosResult(await operations.previousVersion(nacosParams(previousParamsV2, request))),
    );
    app.get(
      `${history}/configs`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Every config of a namespace' } },
      async (request) => nacosResult(await operations.configsOf(nacosParams(namespaceConfigsParamsV2, request).tenant)),
    );
  };
}
