import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestParams } from '../../http/accessGuard.ts';
import { AppError } from '../../http/errors.ts';
import { type NamespaceAccess, reachesNamespaces } from '../iam/policy.ts';
import { parseListeningConfigs } from './nacos/listeningConfigs.ts';
import { NacosRefusal, nacosErrorCodes } from './nacos/nacosRefusal.ts';
import { namespaceOf } from './namespaces/namespaceService.ts';

/** What a request does to which namespaces. */
export interface NamespaceUse {
  namespaceIds: string[];
  need: NamespaceAccess;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The namespaces a listener watches, as its route reads them; a malformed list is the route's 400 to answer. */
function watchedNamespaces(params: Record<string, unknown>): string[] {
  const watched = parseListeningConfigs(text(params['Listening-Configs']), text(params.tenant)) ?? [];
  return [...new Set(watched.map((config) => config.namespaceId))];
}

/** Routes that read with POST, or name more than one namespace: Nacos's `@Secured` actions on them. */
const specialRoutes: Record<string, (params: Record<string, unknown>, pathParams: Record<string, unknown>) => NamespaceUse[]> = {
  'POST /nacos/v1/cs/configs/listener': (params) => [{ namespaceIds: watchedNamespaces(params), need: 'read' }],
  'POST /nacos/v1/cs/configs/batchGet': (params) => [{ namespaceIds: [namespaceOf(text(params.tenant))], need: 'read' }],
  // Cloning reads its source and writes its target.
  'POST /api/admin/configs/:namespaceId/clone': (params, pathParams) => [
    { namespaceIds: [text(pathParams.namespaceId)], need: 'read' },
    { namespaceIds: [text(params.target)], need: 'write' },
  ],
};

const nacosNamespaced = /^\/nacos\/v[12]\/(ns|cs)\//;
const nacosUnnamespaced = /^\/nacos\/v[12]\/ns\/operator\//;
const pageNamespaced = /^\/api\/admin\/(registry|configs)\/:namespaceId\//;

/**
 * What a route of the registry or config centre does to namespaces, as Nacos's resource parsers read it:
 * config calls name theirs `tenant` (v1) or `namespaceId` (v2), naming calls `namespaceId`, the pages
 * `:namespaceId` in the path; none names `public`. GET reads, anything else writes. Undefined for routes
 * about no namespace (operator switches, login, the namespaces themselves, which have grants of their own).
 */
export function namespaceUsesOf(method: string, pattern: string, request: FastifyRequest): NamespaceUse[] | undefined {
  const special = specialRoutes[`${method} ${pattern}`];
  const params = requestParams(request);
  const pathParams = (request.params ?? {}) as Record<string, unknown>;
  if (special) return special(params, pathParams);
  const need: NamespaceAccess = method === 'GET' ? 'read' : 'write';
  if (pageNamespaced.test(pattern)) return [{ namespaceIds: [text(pathParams.namespaceId)], need }];
  if (!nacosNamespaced.test(pattern) || nacosUnnamespaced.test(pattern)) return undefined;
  const named = pattern.includes('/cs/') ? text(params.tenant) || text(params.namespaceId) : text(params.namespaceId);
  return [{ namespaceIds: [namespaceOf(named)], need }];
}

/**
 * Every registry and config route asks the policy module whether the caller's roles grant the namespaces
 * it touches, once the caller is known and the body parsed. Nacos routes refuse as Nacos's auth filter
 * does (403 `authorization failed!`, code 10001 in v2), the pages in the caller's language.
 */
export function guardNamespaces(app: FastifyInstance, context: AppContext): void {
  const check = async (request: FastifyRequest, pattern: string) => {
    const uses = namespaceUsesOf(request.method, pattern, request);
    for (const use of uses ?? []) {
      if (await reachesNamespaces(request.caller, context.db, use.namespaceIds, use.need)) continue;
      if (pattern.startsWith('/nacos/')) throw new NacosRefusal(403, nacosErrorCodes.accessDenied, 'authorization failed!');
      throw new AppError(403, 'error.namespaceNotGranted', { namespace: use.namespaceIds.join(', ') });
    }
  };
  // A callback hook, so that the calls passed at once (a beat of the super administrator's) cost no promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const pattern = request.routeOptions.url;
    // The super administrator reaches every namespace: beats and polls skip the reading of their parameters.
    if (!pattern || !request.caller?.session || request.caller.isSuper) return done();
    check(request, pattern).then(() => done(), done);
  });
}
