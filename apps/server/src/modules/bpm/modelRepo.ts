import type { BpmDefinition, BpmDefinitionSearch, BpmModel, BpmModelInput, BpmModelSearch, PageQuery } from '@qiming/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import { placeholder, runCompiled } from '../../db/compiledQuery.ts';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { BpmDefinitionTable, Database } from '../../db/schema.ts';
import type { ReleaseInfo } from './bpmnRelease.ts';
import type { RunnableDefinition } from './engineRunner.ts';

type DefinitionRow = Selectable<BpmDefinitionTable>;

const latestVersion = (db: Kysely<Database>) =>
  db
    .selectFrom('bpm_definition as v')
    .select((eb) => eb.fn.max('v.version').as('latest'))
    .where(sql<boolean>`v.model_id = m.id`);

const modelColumns = [
  'm.id',
  'm.model_key',
  'm.model_name',
  'm.category',
  'm.description',
  'm.created_at',
  'm.updated_at',
  'm.updated_by',
] as const;

type ModelRow = {
  id: number;
  model_key: string;
  model_name: string;
  category: string;
  description: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
  latest: number | null;
  xml?: string;
};

const toModel = (row: ModelRow): BpmModel => ({
  id: row.id,
  key: row.model_key,
  name: row.model_name,
  category: row.category,
  description: row.description,
  ...(row.xml === undefined ? {} : { xml: row.xml }),
  latestVersion: row.latest === null ? null : Number(row.latest),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  updatedBy: row.updated_by,
});

export async function pageModels(db: Kysely<Database>, query: PageQuery & BpmModelSearch) {
  let base = db.selectFrom('bpm_model as m');
  if (query.key) base = base.where(containsText('m.model_key', query.key));
  if (query.name) base = base.where(containsText('m.model_name', query.name));
  const page = await paginate(base, query, {
    columns: { key: 'm.model_key', name: 'm.model_name', updatedAt: 'm.updated_at' },
    defaultSort: { column: 'm.updated_at', order: 'desc' },
    tieBreaker: 'm.id',
    select: (q) => q.select([...modelColumns, (eb) => latestVersion(eb as never).as('latest')]),
  });
  return { total: page.total, records: page.records.map((row) => toModel(row as ModelRow)) };
}

export async function findModel(db: Kysely<Database>, id: number): Promise<BpmModel | undefined> {
  const row = await db
    .selectFrom('bpm_model as m')
    .select([...modelColumns, 'm.xml', (eb) => latestVersion(eb as never).as('latest')])
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row && toModel(row as ModelRow);
}

export async function modelKeyTaken(db: Kysely<Database>, key: string, exceptId = 0): Promise<boolean> {
  const row = await db.selectFrom('bpm_model').select('id').where('model_key', '=', key).where('id', '!=', exceptId).executeTakeFirst();
  return row !== undefined;
}

export async function insertModel(db: Kysely<Database>, input: BpmModelInput, userName: string, now: number): Promise<number> {
  const row = await db
    .insertInto('bpm_model')
    .values({
      model_key: input.key,
      model_name: input.name,
      category: input.category,
      description: input.description,
      xml: input.xml,
      created_at: now,
      updated_at: now,
      updated_by: userName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateModel(db: Kysely<Database>, id: number, input: BpmModelInput, userName: string, now: number) {
  await db
    .updateTable('bpm_model')
    .set({
      model_key: input.key,
      model_name: input.name,
      category: input.category,
      description: input.description,
      xml: input.xml,
      updated_at: now,
      updated_by: userName,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteModels(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('bpm_model').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------- definitions

export function toDefinition(row: DefinitionRow): BpmDefinition {
  const info = JSON.parse(row.release_info) as ReleaseInfo;
  return {
    id: row.id,
    key: row.def_key,
    name: row.def_name,
    version: row.version,
    modelId: row.model_id,
    category: row.category,
    suspended: row.suspended === 1,
    deployedAt: Number(row.deployed_at),
    deployedBy: row.deployed_by,
    userTasks: info.userTasks,
  };
}

/** A released definition whose user tasks use the form (`form:<id>`), if any: the form must outlive it. */
export async function definitionUsingForm(db: Kysely<Database>, formId: number): Promise<{ def_key: string; version: number } | undefined> {
  // The form key is a whole JSON string in the release info, so its closing quote keeps form:1 from matching form:12.
  return db
    .selectFrom('bpm_definition')
    .select(['def_key', 'version'])
    .where('release_info', 'like', `%"form:${formId}"%`)
    .executeTakeFirst();
}

export function toRunnable(row: Pick<DefinitionRow, 'id' | 'xml' | 'release_info'>): RunnableDefinition {
  return { id: row.id, xml: row.xml, info: JSON.parse(row.release_info) as ReleaseInfo };
}

export async function findDefinition(db: Kysely<Database>, id: number): Promise<DefinitionRow | undefined> {
  return db.selectFrom('bpm_definition').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function latestDefinition(db: Kysely<Database>, key: string): Promise<DefinitionRow | undefined> {
  return db.selectFrom('bpm_definition').selectAll().where('def_key', '=', key).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** What an instance needs of its definition's row besides the model: the model itself the runtime reads once per process. */
export type DefinitionHead = Pick<DefinitionRow, 'id' | 'def_key' | 'def_name' | 'version' | 'suspended'>;

/** The newest version of a key without its XML and release info: a start reads it on every call, the model never changes. */
export async function latestDefinitionHead(db: Kysely<Database>, key: string): Promise<DefinitionHead | undefined> {
  const build = () =>
    db
      .selectFrom('bpm_definition')
      .select(['id', 'def_key', 'def_name', 'version', 'suspended'])
      .where('def_key', '=', placeholder<string>('key'))
      .orderBy('version', 'desc')
      .limit(1);
  const [row] = await runCompiled(db, 'bpm_definition newest head of key', build, { key });
  return row;
}

export async function nextVersion(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db
    .selectFrom('bpm_definition')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('def_key', '=', key)
    .executeTakeFirst();
  return Number(row?.latest ?? 0) + 1;
}

export async function insertDefinition(db: Kysely<Database>, row: Omit<DefinitionRow, 'id'>): Promise<number> {
  const inserted = await db.insertInto('bpm_definition').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setSuspended(db: Kysely<Database>, id: number, suspended: boolean) {
  await db
    .updateTable('bpm_definition')
    .set({ suspended: suspended ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function pageDefinitions(db: Kysely<Database>, query: PageQuery & BpmDefinitionSearch) {
  let base = db.selectFrom('bpm_definition as d');
  if (query.key) base = base.where(containsText('d.def_key', query.key));
  if (query.name) base = base.where(containsText('d.def_name', query.name));
  if (query.suspended !== undefined) base = base.where('d.suspended', '=', query.suspended ? 1 : 0);
  if (query.latestOnly) {
    base = base.where(
      'd.version',
      '=',
      db.selectFrom('bpm_definition as l').select(sql<number>`max(l.version)`.as('latest')).where(sql<boolean>`l.def_key = d.def_key`),
    );
  }
  const page = await paginate(base, query, {
    columns: { key: 'd.def_key', version: 'd.version', deployedAt: 'd.deployed_at' },
    defaultSort: { column: 'd.deployed_at', order: 'desc' },
    tieBreaker: 'd.id',
    select: (q) => q.selectAll('d'),
  });
  return { total: page.total, records: page.records.map((row) => toDefinition(row as DefinitionRow)) };
}

/** Newest version of every key the filter lets through, for the start page. */
export async function latestDefinitions(db: Kysely<Database>): Promise<DefinitionRow[]> {
  return db
    .selectFrom('bpm_definition as d')
    .selectAll('d')
    .where('d.suspended', '=', 0)
    .where(
      'd.version',
      '=',
      db.selectFrom('bpm_definition as l').select(sql<number>`max(l.version)`.as('latest')).where(sql<boolean>`l.def_key = d.def_key`),
    )
    .orderBy('d.def_name')
    .execute();
}
