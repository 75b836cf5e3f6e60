import type { GatewayRoute, PageQuery, PageResult, RouteInput, RouteStatus } from '@qiming/shared';
import type { Kysely, Selectable } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import { paginate } from '../../../db/paginate.ts';
import type { Database, GwRouteTable } from '../../../db/schema.ts';

const toRoute = (row: Selectable<GwRouteTable>): GatewayRoute => ({
  id: Number(row.id),
  routeId: row.route_id,
  routeName: row.route_name,
  orderNum: Number(row.order_num),
  uri: row.uri,
  predicates: JSON.parse(row.predicates),
  filters: JSON.parse(row.filters),
  description: row.description,
  status: row.status,
  updatedAt: Number(row.updated_at),
});

export interface RouteFilter extends PageQuery {
  routeId?: string;
  routeName?: string;
  status?: RouteStatus;
}

export async function pageRoutes(db: Kysely<Database>, query: RouteFilter): Promise<PageResult<GatewayRoute>> {
  let base = db.selectFrom('gw_route');
  if (query.routeId) base = base.where(containsText('route_id', query.routeId));
  if (query.routeName) base = base.where(containsText('route_name', query.routeName));
  if (query.status) base = base.where('status', '=', query.status);
  const page = await paginate(base, query, {
    columns: { orderNum: 'order_num', routeId: 'route_id', routeName: 'route_name', updatedAt: 'updated_at' },
    defaultSort: { column: 'order_num', order: 'asc' },
    select: (q) => q.selectAll(),
  });
  return { total: page.total, records: page.records.map(toRoute) };
}

export async function findRoute(db: Kysely<Database>, id: number): Promise<GatewayRoute | undefined> {
  const row = await db.selectFrom('gw_route').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRoute(row);
}

/** Every route, in the order they are tried (an export; routes are a few hundred at most). */
export async function listRoutes(db: Kysely<Database>): Promise<GatewayRoute[]> {
  return (await db.selectFrom('gw_route').selectAll().orderBy('order_num').orderBy('id').execute()).map(toRoute);
}

/** The routes that carry traffic, in the order they are tried. */
export async function releasedRoutes(db: Kysely<Database>): Promise<GatewayRoute[]> {
  const rows = await db.selectFrom('gw_route').selectAll().where('status', '=', 'released').orderBy('order_num').orderBy('id').execute();
  return rows.map(toRoute);
}

const columnsOf = (input: RouteInput, now: number) => ({
  route_id: input.routeId,
  route_name: input.routeName,
  order_num: input.orderNum,
  uri: input.uri.replace(/\/$/, ''),
  predicates: JSON.stringify(input.predicates),
  filters: JSON.stringify(input.filters),
  description: input.description,
  updated_at: now,
});

export async function insertRoute(db: Kysely<Database>, input: RouteInput, now: number): Promise<number> {
  const row = await db
    .insertInto('gw_route')
    .values({ ...columnsOf(input, now), status: 'unreleased', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRoute(db: Kysely<Database>, id: number, input: RouteInput, now: number): Promise<void> {
  await db.updateTable('gw_route').set(columnsOf(input, now)).where('id', '=', id).execute();
}

export async function setRouteStatus(db: Kysely<Database>, id: number, status: RouteStatus, now: number): Promise<void> {
  await db.updateTable('gw_route').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteRoutes(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('gw_route').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
