import { governanceRules, optionalText, ruledString } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV1Refusals, NacosRefusal } from './nacosRefusal.ts';
import type { NamespaceOperations } from './namespaceOperations.ts';

const tags = ['nacos console'];
const idParam = ruledString(optionalText({ max: 128 }));
const nameParam = ruledString(governanceRules.namespaceName);
const descriptionParam = ruledString(governanceRules.description);

export const createParams = z.object({ customNamespaceId: idParam, namespaceName: nameParam, namespaceDesc: descriptionParam });
export const editParams = z.object({ namespace: idParam, namespaceShowName: nameParam, namespaceDesc: descriptionParam });
export const namespaceIdParams = z.object({ namespaceId: idParam });

/** Nacos's v1 console answers false, not an error, where its v2 names what is wrong with the namespace. */
async function trueOrFalse(change: () => Promise<true>): Promise<boolean> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof NacosRefusal) return false;
    throw error;
  }
}

/** The Nacos console's namespaces (v1): the list clients read to choose a tenant, one namespace, and changes. */
export function nacosConsoleRoutes(namespaces: NamespaceOperations): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    answerV1Refusals(app);
    app.get(
      '/nacos/v1/console/namespaces',
      {
        config: { operation: 'registry:client' },
        schema: { tags, summary: 'Every namespace, one with show=all, or whether an id is taken' },
      },
      async (request) => {
        const params = requestParams(request);
        if (params.show === 'all') return namespaces.detail(nacosParams(namespaceIdParams, request).namespaceId);
        if (params.checkNamespaceIdExist === 'true')
          return namespaces.exists(nacosParams(createParams.pick({ customNamespaceId: true }), request).customNamespaceId);
        return { code: 200, message: null, data: await namespaces.list() };
      },
    );
    app.post(
      '/nacos/v1/console/namespaces',
      { config: { operation: 'namespace:add' }, schema: { tags, summary: 'Creates a namespace' } },
      (request) => {
        const params = nacosParams(createParams, request);
        const input = { namespaceId: params.customNamespaceId, name: params.namespaceName, description: params.namespaceDesc };
        return trueOrFalse(() => namespaces.create(request.caller, input));
      },
    );
    app.put(
      '/nacos/v1/console/namespaces',
      { config: { operation: 'namespace:edit' }, schema: { tags, summary: 'Renames a namespace' } },
      (request) => {
        const params = nacosParams(editParams, request);
        const input = { namespaceId: params.namespace, name: params.namespaceShowName, description: params.namespaceDesc };
        return trueOrFalse(() => namespaces.edit(request.caller, input));
      },
    );
    app.delete(
      '/nacos/v1/console/namespaces',
      { config: { operation: 'namespace:delete' }, schema: { tags, summary: 'Removes an empty namespace' } },
      (request) => namespaces.remove(request.caller, nacosParams(namespaceIdParams, request).namespaceId),
    );
  };
}
