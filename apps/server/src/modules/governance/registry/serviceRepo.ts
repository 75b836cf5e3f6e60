import type { PageQuery, RegistryService, ServiceInput, serviceSortable } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import { paginate } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';

export interface ServiceName {
  namespaceId: string;
  groupName: string;
  serviceName: string;
}

export interface ServiceFilter {
  serviceName?: string;
  groupName?: string;
  /** Only services with at least one instance. */
  hideEmpty?: boolean;
}

function services(db: Kysely<Database>, namespaceId: string, filter: ServiceFilter = {}) {
  let query = db.selectFrom('reg_service').where('reg_service.namespace_id', '=', namespaceId);
  if (filter.serviceName) query = query.where(containsText('reg_service.service_name', filter.serviceName));
  if (filter.groupName) query = query.where(containsText('reg_service.group_name', filter.groupName));
  if (filter.hideEmpty) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('reg_instance').select('reg_instance.id').whereRef('reg_instance.service_id', '=', 'reg_service.id')),
    );
  }
  return query;
}

const count = (condition = sql`1 = 1`) => sql<number>`count(case when ${condition} then 1 end)`;

const serviceColumns = (query: ReturnType<typeof services>) =>
  query.select((eb) => [
    'reg_service.id',
    'reg_service.namespace_id as namespaceId',
    'reg_service.group_name as groupName',
    'reg_service.service_name as serviceName',
    'reg_service.protect_threshold as protectThreshold',
    'reg_service.metadata',
    eb
      .selectFrom('reg_instance')
      .select(sql<number>`count(distinct cluster_name)`.as('n'))
      .whereRef('reg_instance.service_id', '=', 'reg_service.id')
      .as('clusterCount'),
    eb.selectFrom('reg_instance').select(count().as('n')).whereRef('reg_instance.service_id', '=', 'reg_service.id').as('instanceCount'),
    eb
      .selectFrom('reg_instance')
      .select(count(sql`healthy = 1`).as('n'))
      .whereRef('reg_instance.service_id', '=', 'reg_service.id')
      .as('healthyCount'),
  ]);

type ServiceRow = Awaited<ReturnType<ReturnType<typeof serviceColumns>['execute']>>[number];

function toService(row: ServiceRow): RegistryService {
  return {
    ...row,
    protectThreshold: Number(row.protectThreshold),
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    clusterCount: Number(row.clusterCount ?? 0),
    instanceCount: Number(row.instanceCount ?? 0),
    healthyCount: Number(row.healthyCount ?? 0),
  };
}

export async function pageServices(
  db: Kysely<Database>,
  namespaceId: string,
  query: PageQuery<(typeof serviceSortable)[number]> & ServiceFilter,
) {
  const page = await paginate(services(db, namespaceId, query), query, {
    columns: { serviceName: 'reg_service.service_name', groupName: 'reg_service.group_name' },
    defaultSort: { column: 'reg_service.service_name', order: 'asc' },
    tieBreaker: 'reg_service.id',
    select: serviceColumns,
  });
  return { total: page.total, records: page.records.map(toService) };
}

/** Service names of a namespace, for the Nacos `service/list` call. */
export async function pageServiceNames(db: Kysely<Database>, namespaceId: string, groupName: string, pageNo: number, pageSize: number) {
  const base = db.selectFrom('reg_service').where('namespace_id', '=', namespaceId).where('group_name', '=', groupName);
  const counted = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const rows = await base
    .select('service_name')
    .orderBy('service_name')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return { count: Number(counted?.n ?? 0), names: rows.map((row) => row.service_name) };
}

export async function findService(db: Kysely<Database>, namespaceId: string, id: number): Promise<RegistryService | undefined> {
  const row = await serviceColumns(services(db, namespaceId)).where('reg_service.id', '=', id).executeTakeFirst();
  return row && toService(row);
}

export async function findServiceThreshold(
  db: Kysely<Database>,
  name: ServiceName,
): Promise<{ id: number; protectThreshold: number } | undefined> {
  const row = await db
    .selectFrom('reg_service')
    .select(['id', 'protect_threshold'])
    .where('namespace_id', '=', name.namespaceId)
    .where('group_name', '=', name.groupName)
    .where('service_name', '=', name.serviceName)
    .executeTakeFirst();
  return row && { id: row.id, protectThreshold: Number(row.protect_threshold) };
}

export async function findServiceId(db: Kysely<Database>, name: ServiceName): Promise<number | undefined> {
  return (await findServiceThreshold(db, name))?.id;
}

export async function insertService(db: Kysely<Database>, namespaceId: string, input: ServiceInput, now: number): Promise<number> {
  const row = await db
    .insertInto('reg_service')
    .values({
      namespace_id: namespaceId,
      group_name: input.groupName,
      service_name: input.serviceName,
      protect_threshold: input.protectThreshold,
      metadata: JSON.stringify(input.metadata),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The service's id, creating it with defaults when a client registers into a service nobody created. */
export async function ensureService(db: Kysely<Database>, name: ServiceName, now: number): Promise<number> {
  const existing = await findServiceId(db, name);
  if (existing !== undefined) return existing;
  try {
    return await insertService(db, name.namespaceId, { ...name, protectThreshold: 0, metadata: {} }, now);
  } catch (error) {
    // Another request or server created it in between.
    if (!isUniqueViolation(error)) throw error;
    const created = await findServiceId(db, name);
    if (created === undefined) throw error;
    return created;
  }
}

export async function updateService(
  db: Kysely<Database>,
  id: number,
  input: Pick<ServiceInput, 'protectThreshold' | 'metadata'>,
  now: number,
) {
  await db
    .updateTable('reg_service')
    .set({ protect_threshold: input.protectThreshold, metadata: JSON.stringify(input.metadata), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteServices(db: Kysely<Database>, namespaceId: string, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('reg_service').where('namespace_id', '=', namespaceId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countAll(db: Kysely<Database>): Promise<{ services: number; instances: number }> {
  const [services, instances] = await Promise.all([
    db.selectFrom('reg_service').select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    db.selectFrom('reg_instance').select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { services: Number(services?.n ?? 0), instances: Number(instances?.n ?? 0) };
}
