import type { ConfigContentType, ConfigItem, ConfigVersion, configSortable, PageQuery } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import { paginate } from '../../../db/paginate.ts';
import type { ConfigOperation, Database } from '../../../db/schema.ts';

/** A config as clients name it. */
export interface ConfigKey {
  namespaceId: string;
  group: string;
  dataId: string;
}

export interface ConfigValues {
  appName: string;
  tags: string;
  type: ConfigContentType;
  description: string;
  content: string;
  md5: string;
}

export interface ConfigFilter {
  dataId?: string;
  group?: string;
  appName?: string;
  tags?: string;
}

function configs(db: Kysely<Database>, namespaceId: string, filter: ConfigFilter = {}) {
  let query = db.selectFrom('cfg_config').where('namespace_id', '=', namespaceId);
  if (filter.dataId) query = query.where(containsText('data_id', filter.dataId));
  if (filter.group) query = query.where(containsText('group_name', filter.group));
  if (filter.appName) query = query.where(containsText('app_name', filter.appName));
  if (filter.tags) query = query.where(containsText('tags', filter.tags));
  return query;
}

const configColumns = (query: ReturnType<typeof configs>) =>
  query.select([
    'id',
    'namespace_id as namespaceId',
    'data_id as dataId',
    'group_name as group',
    'app_name as appName',
    'tags',
    'type',
    'description',
    'content',
    'md5',
    'updated_by as updatedBy',
    'updated_at as updatedAt',
  ]);

export function pageConfigs(db: Kysely<Database>, namespaceId: string, query: PageQuery<(typeof configSortable)[number]> & ConfigFilter) {
  return paginate(configs(db, namespaceId, query), query, {
    columns: { dataId: 'data_id', group: 'group_name', updatedAt: 'updated_at' },
    defaultSort: { column: 'data_id', order: 'asc' },
    select: configColumns,
  }) as Promise<{ total: number; records: ConfigItem[] }>;
}

/** What a Nacos config search matches: exact names (`accurate`), or names where `*` stands for any text (`blur`). */
export interface ConfigSearch {
  mode: 'accurate' | 'blur';
  dataId: string;
  group: string;
  appName: string;
  tags: string;
}

/** `*` as any text, everything else (`%` and `_` too) literally; lower-cased, as both dialects then compare alike. */
function wildcardPattern(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replaceAll('*', '%');
}

/** One page of configs matching a Nacos search, sorted by group then data id; an empty name matches every config; blur ignores case. */
export async function searchConfigs(
  db: Kysely<Database>,
  namespaceId: string,
  search: ConfigSearch,
  page: { pageNo: number; pageSize: number },
): Promise<{ total: number; records: ConfigItem[] }> {
  let query = db.selectFrom('cfg_config').where('namespace_id', '=', namespaceId);
  for (const [column, value] of [
    ['data_id', search.dataId],
    ['group_name', search.group],
  ] as const) {
    if (!value) continue;
    query =
      search.mode === 'blur'
        ? query.where(sql<boolean>`lower(${sql.ref(column)}) like ${wildcardPattern(value)} escape '\\'`)
        : query.where(column, '=', value);
  }
  if (search.appName) query = query.where('app_name', '=', search.appName);
  if (search.tags) query = query.where(containsText('tags', search.tags));
  const counted = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  const records = await configColumns(query)
    .orderBy('group_name')
    .orderBy('data_id')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { total: Number(counted.total), records: records as ConfigItem[] };
}

export async function listConfigs(db: Kysely<Database>, namespaceId: string, ids?: number[]): Promise<ConfigItem[]> {
  let query = configs(db, namespaceId);
  if (ids) query = query.where('id', 'in', ids);
  return (await configColumns(query).orderBy('group_name').orderBy('data_id').execute()) as ConfigItem[];
}

export async function findConfigById(db: Kysely<Database>, namespaceId: string, id: number): Promise<ConfigItem | undefined> {
  return (await configColumns(configs(db, namespaceId)).where('id', '=', id).executeTakeFirst()) as ConfigItem | undefined;
}

export async function findConfig(db: Kysely<Database>, key: ConfigKey): Promise<ConfigItem | undefined> {
  return (await configColumns(configs(db, key.namespaceId))
    .where('group_name', '=', key.group)
    .where('data_id', '=', key.dataId)
    .executeTakeFirst()) as ConfigItem | undefined;
}

/** The current MD5 of each of `keys` that exists, keyed as `listenerKey` names them. */
export async function currentMd5s(db: Kysely<Database>, keys: ConfigKey[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const key of keys) {
    const row = await db
      .selectFrom('cfg_config')
      .select('md5')
      .where('namespace_id', '=', key.namespaceId)
      .where('group_name', '=', key.group)
      .where('data_id', '=', key.dataId)
      .executeTakeFirst();
    if (row) found.set(configKeyText(key), row.md5);
  }
  return found;
}

export function configKeyText(key: ConfigKey): string {
  return `${key.namespaceId}\u0002${key.group}\u0002${key.dataId}`;
}

/** The columns a config and each of its versions hold alike. */
function valueColumns(values: ConfigValues) {
  return {
    app_name: values.appName,
    tags: values.tags,
    type: values.type,
    description: values.description,
    content: values.content,
    md5: values.md5,
  };
}

export async function insertConfig(db: Kysely<Database>, key: ConfigKey, values: ConfigValues, by: string, now: number): Promise<number> {
  const row = await db
    .insertInto('cfg_config')
    .values({
      namespace_id: key.namespaceId,
      group_name: key.group,
      data_id: key.dataId,
      ...valueColumns(values),
      updated_by: by,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfig(db: Kysely<Database>, id: number, values: ConfigValues, by: string, now: number): Promise<void> {
  await db
    .updateTable('cfg_config')
    .set({
      ...valueColumns(values),
      updated_by: by,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the config's row when its MD5 is `md5`, so a concurrent publish waits until this transaction
 * ends and then sees the new MD5; false when it is missing or has another MD5.
 */
export async function claimConfigAtMd5(db: Kysely<Database>, key: ConfigKey, md5: string): Promise<boolean> {
  const result = await db
    .updateTable('cfg_config')
    .set((eb) => ({ md5: eb.ref('md5') }))
    .where('namespace_id', '=', key.namespaceId)
    .where('group_name', '=', key.group)
    .where('data_id', '=', key.dataId)
    .where('md5', '=', md5.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConfig(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('cfg_config').where('id', '=', id).execute();
}

export async function insertVersion(
  db: Kysely<Database>,
  config: ConfigKey & ConfigValues & { id: number },
  operation: ConfigOperation,
  by: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('cfg_history')
    .values({
      config_id: config.id,
      namespace_id: config.namespaceId,
      data_id: config.dataId,
      group_name: config.group,
      ...valueColumns(config),
      operation,
      changed_by: by,
      changed_at: now,
    })
    .execute();
}

/** History follows the config's name, so it spans a delete and a later re-creation. */
function versions(db: Kysely<Database>, key: ConfigKey) {
  return db
    .selectFrom('cfg_history')
    .where('namespace_id', '=', key.namespaceId)
    .where('group_name', '=', key.group)
    .where('data_id', '=', key.dataId);
}

const versionColumns = (query: ReturnType<typeof versions>) =>
  query.select([
    'id',
    'config_id as configId',
    'data_id as dataId',
    'group_name as group',
    'operation',
    'type',
    'content',
    'md5',
    'changed_by as changedBy',
    'changed_at as changedAt',
    'app_name as appName',
    'namespace_id as namespaceId',
  ]);

/** A version with the config's app and namespace, as Nacos's history API answers it. */
export interface StoredVersion extends ConfigVersion {
  appName: string;
  namespaceId: string;
}

export function pageVersions(db: Kysely<Database>, key: ConfigKey, query: PageQuery) {
  return paginate(versions(db, key), query, {
    columns: { changedAt: 'changed_at' },
    defaultSort: { column: 'changed_at', order: 'desc' },
    select: versionColumns,
  }) as Promise<{ total: number; records: StoredVersion[] }>;
}

export async function findVersion(db: Kysely<Database>, key: ConfigKey, id: number): Promise<StoredVersion | undefined> {
  return (await versionColumns(versions(db, key)).where('id', '=', id).executeTakeFirst()) as StoredVersion | undefined;
}

/** A version by its id alone, whichever config it belongs to. */
export async function findVersionById(db: Kysely<Database>, id: number): Promise<StoredVersion | undefined> {
  return (await versionColumns(db.selectFrom('cfg_history')).where('id', '=', id).executeTakeFirst()) as StoredVersion | undefined;
}

/** The version of the same config written just before version `id`; undefined when `id` is its first. */
export async function findPreviousVersion(db: Kysely<Database>, key: ConfigKey, id: number): Promise<StoredVersion | undefined> {
  const row = await versionColumns(versions(db, key)).where('id', '<', id).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row as StoredVersion | undefined;
}

/** The highest version id written so far: where reading the change log starts. */
export async function latestVersionId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('cfg_history')
    .select((select) => select.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The configs changed by versions after `afterId`, and the highest version id read. */
export async function changedSince(db: Kysely<Database>, afterId: number): Promise<{ keys: ConfigKey[]; lastId: number }> {
  const rows = await db
    .selectFrom('cfg_history')
    .select(['id', 'namespace_id as namespaceId', 'group_name as group', 'data_id as dataId'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  const keys = new Map(
    rows.map(({ namespaceId, group, dataId }) => [configKeyText({ namespaceId, group, dataId }), { namespaceId, group, dataId }]),
  );
  return { keys: [...keys.values()], lastId: rows.reduce((last, row) => Math.max(last, Number(row.id)), afterId) };
}
