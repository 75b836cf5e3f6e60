import type { RouteTestInput, RouteTestResult } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { DescribedRequest } from './compiledRoute.ts';
import { releasedRoutes } from './routeRepo.ts';
import { compileTable, firstMatch } from './routeTable.ts';

/** Which released route would take the request, and where it would send it, as the gateway decides. */
export async function testRoute(db: Kysely<Database>, input: RouteTestInput): Promise<RouteTestResult> {
  const headers: Record<string, string> = {};
  for (const line of input.headers.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  if (input.host) headers.host = input.host;
  const request = new DescribedRequest(input.method, input.url, headers, input.remoteAddress);
  const found = firstMatch(compileTable(await releasedRoutes(db)), request);
  if (!found) return { matched: false };
  const { route } = found.route;
  const rewrites = found.route.rewrite(request.path, found.variables);
  const query = request.query.toString();
  return {
    matched: true,
    id: route.id,
    routeId: route.routeId,
    routeName: route.routeName,
    target: `${route.uri}${rewrites.path}${query ? `?${query}` : ''}`,
    variables: found.variables,
  };
}
