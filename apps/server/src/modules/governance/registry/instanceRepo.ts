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

/** What the sweep knows of beats beyond the database: see Liveness. */
export interface BeatView {
  lastBeat(instance: { service: ServiceName; clusterName: string; ip: string; port: number }): number | undefined;
  /** No instance is taken for silent before this time (a restart, the bus back after a break). */
  heardEverythingSince: number;
}

const noView: BeatView = { lastBeat: () => undefined, heardEverythingSince: 0 };
/** Rows changed by one statement, well under SQLite's and PostgreSQL's limits of bound parameters. */
const chunk = 500;

/**
 * Ephemeral instances without a recent beat turn unhealthy, then go. Beats live in memory (`view`);
 * the database's last beat is a checkpoint, moved on here only for the instances it would otherwise
 * give up for silent, so a beating instance costs a row write every beat timeout at most, in batches.
 * Only the candidates by the checkpoint are read. Answers the instances removed.
 */
export async function sweepInstances(
  db: Kysely<Database>,
  now: number,
  view: BeatView = noView,
): Promise<{ unhealthy: number; removed: { service: ServiceName; clusterName: string; ip: string; port: number }[] }> {
  const candidates = await db
    .selectFrom('reg_instance')
    .innerJoin('reg_service', 'reg_service.id', 'reg_instance.service_id')
    .select([
      'reg_instance.id',
      'reg_service.namespace_id as namespaceId',
      'reg_service.group_name as groupName',
      'reg_service.service_name as serviceName',
      'reg_instance.cluster_name as clusterName',
      'reg_instance.ip',
      'reg_instance.port',
      'reg_instance.healthy',
      'reg_instance.last_beat as lastBeat',
      'reg_instance.beat_timeout as beatTimeout',
      'reg_instance.delete_timeout as deleteTimeout',
    ])
    .where('reg_instance.ephemeral', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('reg_instance.healthy', '=', 1), eb(eb('reg_instance.last_beat', '+', eb.ref('reg_instance.beat_timeout')), '<', now)]),
        eb(eb('reg_instance.last_beat', '+', eb.ref('reg_instance.delete_timeout')), '<', now),
      ]),
    )
    .execute();
  const removed: (typeof candidates)[number][] = [];
  const unhealthy: number[] = [];
  const alive: { id: number; beat: number }[] = [];
  for (const row of candidates) {
    const { namespaceId, groupName, serviceName } = row;
    const beat = Math.max(Number(row.lastBeat), view.lastBeat({ ...row, service: { namespaceId, groupName, serviceName } }) ?? 0);
    const silent = now - Math.max(beat, view.heardEverythingSince);
    if (silent > row.deleteTimeout) removed.push(row);
    else if (silent > row.beatTimeout) {
      if (row.healthy === 1) unhealthy.push(row.id);
    } else if (beat > Number(row.lastBeat)) alive.push({ id: row.id, beat });
  }
  for (let at = 0; at < removed.length; at += chunk) {
    const ids = removed.slice(at, at + chunk).map((row) => row.id);
    // A registration renewed since the read (its checkpoint moved on) stays.
    await db
      .deleteFrom('reg_instance')
      .where('id', 'in', ids)
      .where((eb) => eb(eb('last_beat', '+', eb.ref('delete_timeout')), '<', now))
      .execute();
  }
  for (let at = 0; at < unhealthy.length; at += chunk) {
    await db
      .updateTable('reg_instance')
      .set({ healthy: 0 })
      .where('id', 'in', unhealthy.slice(at, at + chunk))
      .where((eb) => eb(eb('last_beat', '+', eb.ref('beat_timeout')), '<', now))
      .execute();
  }
  // The oldest beat of a batch stands for all of it: one statement, and never a beat that did not happen.
  for (let at = 0; at < alive.length; at += chunk) {
    const batch = alive.slice(at, at + chunk);
    await db
      .updateTable('reg_instance')
      .set({ last_beat: Math.min(...batch.map((entry) => entry.beat)), healthy: 1 })
      .where(
        'id',
        'in',
        batch.map((entry) => entry.id),
      )
      .execute();
  }
  return {
    unhealthy: unhealthy.length,
    removed: removed.map((row) => ({
      service: { namespaceId: row.namespaceId, groupName: row.groupName, serviceName: row.serviceName },
      clusterName: row.clusterName,
      ip: row.ip,
      port: row.port,
    })),
  };
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
