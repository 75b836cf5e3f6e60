import type { ModelLevel } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { type LevelTable, levelTables, type ModelRow } from './modelLevels.ts';

// The five levels share one shape (id, parent column, code, name); Kysely types each table apart, so
// the queries below name a level's table through this one widening.
type AnyTableDb = Kysely<Record<LevelTable, ModelRow & { id: number }>>;
const widen = (db: Kysely<Database>) => db as unknown as AnyTableDb;

/** Every row of every level, in the order the tree shows them. */
export async function modelRows(db: Kysely<Database>): Promise<Record<ModelLevel, ModelRow[]>> {
  const read = (level: ModelLevel) => {
    const query = widen(db).selectFrom(levelTables[level].table).selectAll();
    return (level === 'url' ? query.orderBy('method').orderBy('url_content') : query.orderBy('seq').orderBy('id')).execute();
  };
  const [app, module, fn, operation, url] = await Promise.all(
    ['app', 'module', 'function', 'operation', 'url'].map((level) => read(level as ModelLevel)),
  );
  return { app: app ?? [], module: module ?? [], function: fn ?? [], operation: operation ?? [], url: url ?? [] };
}

export function findRows(db: Kysely<Database>, level: ModelLevel, ids: number[]): Promise<ModelRow[]> {
  return widen(db).selectFrom(levelTables[level].table).selectAll().where('id', 'in', ids).execute();
}

/** The code of the app a row belongs to, found by walking up its parents. */
export async function appCodeOf(db: Kysely<Database>, level: ModelLevel, id: number): Promise<string | undefined> {
  let at: { level: ModelLevel; id: number } = { level, id };
  for (;;) {
    const [row] = await findRows(db, at.level, [at.id]);
    if (!row) return undefined;
    const parentColumn = levelTables[at.level].parentColumn;
    if (parentColumn === null) return String(row.app_code);
    at = { level: parentLevel(at.level), id: Number(row[parentColumn]) };
  }
}

export function parentLevel(level: ModelLevel): ModelLevel {
  const parent = (Object.keys(levelTables) as ModelLevel[]).find((candidate) => levelTables[candidate].child === level);
  if (!parent) throw new Error(`${level} has no parent level`);
  return parent;
}

export async function insertRow(db: Kysely<Database>, level: ModelLevel, row: ModelRow): Promise<number> {
  const inserted = await widen(db).insertInto(levelTables[level].table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateRow(db: Kysely<Database>, level: ModelLevel, id: number, row: ModelRow): Promise<void> {
  await widen(db).updateTable(levelTables[level].table).set(row).where('id', '=', id).execute();
}

/** The first of the rows that still holds rows of the level below, if any. */
export async function firstWithChildren(db: Kysely<Database>, level: ModelLevel, ids: number[]): Promise<number | undefined> {
  const child = levelTables[level].child;
  if (child === null) return undefined;
  const parentColumn = levelTables[child].parentColumn;
  const row = await widen(db).selectFrom(levelTables[child].table).select(parentColumn).where(parentColumn, 'in', ids).executeTakeFirst();
  return row === undefined ? undefined : Number(row[parentColumn]);
}

export async function deleteRows(db: Kysely<Database>, level: ModelLevel, ids: number[]): Promise<number> {
  const result = await widen(db).deleteFrom(levelTables[level].table).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The ids of rows with the given codes at a level, keyed by code. */
export async function idsByCode(db: Kysely<Database>, level: ModelLevel, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const column = levelTables[level].code;
  const rows = await widen(db).selectFrom(levelTables[level].table).select(['id', column]).where(column, 'in', codes).execute();
  return new Map(rows.map((row) => [String(row[column]), Number(row.id)]));
}
