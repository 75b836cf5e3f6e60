import type { InstanceEdit, instanceSortable, PageQuery, RegistryInstance } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { paginate } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';
import type { ServiceName } from './serviceRepo.ts';

/** An instance as clients name it. */
export interface InstanceAddress {
  serviceId: number;
  clusterName: string;
  ip: string;
  port: number;
}

export interface InstanceRegistration extends InstanceAddress {
  weight: number;
  healthy: boolean;
  enabled: boolean;
  ephemeral: boolean;
  metadata: Record<string, string>;
  beatInterval: number;
  beatTimeout: number;
  deleteTimeout: number;
}

const instanceColumns = (query: ReturnType<typeof instances>) =>
  query.select((eb) => [
    'id',
    'service_id as serviceId',
    'cluster_name as clusterName',
    'ip',
    'port',
    eb.fn.coalesce('admin_weight', 'weight').as('weight'),
    'healthy',
    eb.fn.coalesce('admin_enabled', 'enabled').as('enabled'),
    'ephemeral',
    'metadata',
    'last_beat as lastBeat',
    'beat_interval as beatInterval',
    'beat_timeout as beatTimeout',
    'delete_timeout as deleteTimeout',
  ]);

function instances(db: Kysely<Database>, serviceId: number) {
  return db.selectFrom('reg_instance').where('service_id', '=', serviceId);
}

type InstanceRow = Awaited<ReturnType<ReturnType<typeof instanceColumns>['execute']>>[number];

export interface StoredInstance extends RegistryInstance {
  beatInterval: number;
  beatTimeout: number;
  deleteTimeout: number;
}

function toInstance(row: InstanceRow): StoredInstance {
  return {
    ...row,
    weight: Number(row.weight),
    healthy: row.healthy === 1,
    enabled: row.enabled === 1,
    ephemeral: row.ephemeral === 1,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  };
}

export async function listInstances(db: Kysely<Database>, serviceId: number, clusters: string[] = []): Promise<StoredInstance[]> {
  let query = instances(db, serviceId);
  if (clusters.length > 0) query = query.where('cluster_name', 'in', clusters);
  return (await instanceColumns(query).orderBy('ip').orderBy('port').execute()).map(toInstance);
}

export async function pageInstances(
  db: Kysely<Database>,
  serviceId: number,
  query: PageQuery<(typeof instanceSortable)[number]> & { clusterName?: string },
) {
  let base = instances(db, serviceId);
  if (query.clusterName) base = base.where('cluster_name', '=', query.clusterName);
  const page = await paginate(base, query, {
    columns: { ip: 'ip', port: 'port', weight: 'weight', clusterName: 'cluster_name' },
    defaultSort: { column: 'ip', order: 'asc' },
    select: instanceColumns,
  });
  return { total: page.total, records: page.records.map(toInstance) };
}

export async function findInstance(db: Kysely<Database>, serviceId: number, id: number): Promise<StoredInstance | undefined> {
  const row = await instanceColumns(instances(db, serviceId)).where('id', '=', id).executeTakeFirst();
  return row && toInstance(row);
}

/** Registers an instance, or refreshes the registration of one already there; an administrator's edits stay. */
export async function upsertInstance(db: Kysely<Database>, registration: InstanceRegistration, now: number): Promise<void> {
  const values = {
    weight: registration.weight,
    healthy: registration.healthy ? 1 : 0,
    enabled: registration.enabled ? 1 : 0,
    ephemeral: registration.ephemeral ? 1 : 0,
    metadata: JSON.stringify(registration.metadata),
    last_beat: now,
    beat_interval: registration.beatInterval,
    beat_timeout: registration.beatTimeout,
    delete_timeout: registration.deleteTimeout,
  };
  await db
    .insertInto('reg_instance')
    .values({
      service_id: registration.serviceId,
      cluster_name: registration.clusterName,
      ip: registration.ip,
      port: registration.port,
      ...values,
      admin_weight: null,
      admin_enabled: null,
      registered_at: now,
    })
    .onConflict((conflict) => conflict.columns(['service_id', 'cluster_name', 'ip', 'port']).doUpdateSet(values))
    .execute();
}

/**
 * Records a heartbeat in one statement, the service found by its name; false when no such instance is
 * registered. Beats are most of the registry's traffic.
 */
export async function recordBeat(
  db: Kysely<Database>,
  address: Omit<InstanceAddress, 'serviceId'> & { service: ServiceName },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('reg_instance')
    .set({ last_beat: now, healthy: 1 })
    .where('service_id', '=', (eb) =>
      eb
        .selectFrom('reg_service')
        .select('reg_service.id')
        .where('reg_service.namespace_id', '=', address.service.namespaceId)
        .where('reg_service.group_name', '=', address.service.groupName)
        .where('reg_service.service_name', '=', address.service.serviceName),
    )
    .where('cluster_name', '=', address.clusterName)
    .where('ip', '=', address.ip)
    .where('port', '=', address.port)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteInstance(db: Kysely<Database>, address: InstanceAddress): Promise<number> {
  const result = await db
    .deleteFrom('reg_instance')
    .where('service_id', '=', address.serviceId)
    .where('cluster_name', '=', address.clusterName)
    .where('ip', '=', address.ip)
    .where('port', '=', address.port)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteInstances(db: Kysely<Database>, serviceId: number, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('reg_instance').where('service_id', '=', serviceId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function editInstance(db: Kysely<Database>, serviceId: number, id: number, edit: InstanceEdit): Promise<void> {
  await db
    .updateTable('reg_instance')
    .set({ admin_weight: edit.weight, admin_enabled: edit.enabled ? 1 : 0 })
    .where('service_id', '=', serviceId)
    .where('id', '=', id)
    .execute();
}

/**
 * Ephemeral instances without a recent beat turn unhealthy, then go. Every server may run this at
 * once: both statements are idempotent.
 */
export async function sweepInstances(db: Kysely<Database>, now: number): Promise<{ unhealthy: number; removed: number }> {
  const removed = await db
    .deleteFrom('reg_instance')
    .where('ephemeral', '=', 1)
    .where((eb) => eb(eb('last_beat', '+', eb.ref('delete_timeout')), '<', now))
    .executeTakeFirst();
  const unhealthy = await db
    .updateTable('reg_instance')
    .set({ healthy: 0 })
    .where('ephemeral', '=', 1)
    .where('healthy', '=', 1)
    .where((eb) => eb(eb('last_beat', '+', eb.ref('beat_timeout')), '<', now))
    .executeTakeFirst();
  return { unhealthy: Number(unhealthy.numUpdatedRows), removed: Number(removed.numDeletedRows) };
}

/**
 * Sets the health of a persistent instance, which no beat or sweep touches (Nacos's health API); false
 * when the address holds no persistent instance.
 */
export async function setPersistentHealth(db: Kysely<Database>, address: InstanceAddress, healthy: boolean): Promise<boolean> {
  const result = await db
    .updateTable('reg_instance')
    .set({ healthy: healthy ? 1 : 0 })
    .where('service_id', '=', address.serviceId)
    .where('cluster_name', '=', address.clusterName)
    .where('ip', '=', address.ip)
    .where('port', '=', address.port)
    .where('ephemeral', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceMetadata(
  db: Kysely<Database>,
  serviceId: number,
  id: number,
  metadata: Record<string, string>,
): Promise<void> {
  await db
    .updateTable('reg_instance')
    .set({ metadata: JSON.stringify(metadata) })
    .where('service_id', '=', serviceId)
    .where('id', '=', id)
    .execute();
}
