import type {
  Dictionary,
  DictionaryInput,
  DictionaryItem,
  DictionaryItemInput,
  dictionaryItemSortable,
  dictionarySortable,
  PageQuery,
} from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { placeholder, readCompiledAtOnce, runCompiled } from '../../../db/compiledQuery.ts';
import { containsText } from '../../../db/containsText.ts';
import { runsOnSqlite } from '../../../db/dialectOf.ts';
import { inTransaction } from '../../../db/inTransaction.ts';
import { paginate } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';

export interface DictionaryFilter {
  dictCode?: string;
  dictName?: string;
}

export interface ItemFilter {
  itemCode?: string;
  itemValue?: string;
}

function dictionaries(db: Kysely<Database>, filter: DictionaryFilter) {
  let query = db.selectFrom('pf_dict');
  if (filter.dictCode) query = query.where(containsText('dict_code', filter.dictCode));
  if (filter.dictName) query = query.where(containsText('dict_name', filter.dictName));
  return query;
}

const dictionaryColumns = (query: ReturnType<typeof dictionaries>) =>
  query.select(['id', 'dict_code as dictCode', 'dict_name as dictName', 'note', 'item_count as itemCount', 'updated_at as updatedAt']);

export function pageDictionaries(db: Kysely<Database>, query: PageQuery<(typeof dictionarySortable)[number]> & DictionaryFilter) {
  return paginate(dictionaries(db, query), query, {
    columns: { dictCode: 'dict_code', dictName: 'dict_name', updatedAt: 'updated_at' },
    defaultSort: { column: 'dict_code', order: 'asc' },
    select: dictionaryColumns,
  });
}

export function listDictionaries(db: Kysely<Database>, filter: DictionaryFilter, limit: number): Promise<Dictionary[]> {
  return dictionaryColumns(dictionaries(db, filter)).orderBy('dict_code').limit(limit).execute();
}

export function findDictionary(db: Kysely<Database>, id: number): Promise<Dictionary | undefined> {
  return dictionaryColumns(db.selectFrom('pf_dict')).where('id', '=', id).executeTakeFirst();
}

export function findDictionaryByCode(db: Kysely<Database>, dictCode: string): Promise<Dictionary | undefined> {
  return dictionaryColumns(db.selectFrom('pf_dict')).where('dict_code', '=', dictCode).executeTakeFirst();
}

/** The items of a dictionary whose codes are among `codes`. */
export function itemsWithCodes(db: Kysely<Database>, dictId: number, codes: string[]): Promise<DictionaryItem[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return itemColumns(db.selectFrom('pf_dict_item').where('dict_id', '=', dictId))
    .where('item_code', 'in', codes)
    .execute();
}

export async function dictionaryCodeTaken(db: Kysely<Database>, dictCode: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('pf_dict').select('id').where('dict_code', '=', dictCode);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertDictionary(db: Kysely<Database>, input: DictionaryInput, now: number): Promise<number> {
  const row = await db
    .insertInto('pf_dict')
    .values({ dict_code: input.dictCode, dict_name: input.dictName, note: input.note ?? '', item_count: 0, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDictionary(db: Kysely<Database>, id: number, input: DictionaryInput, now: number): Promise<void> {
  await db
    .updateTable('pf_dict')
    .set({ dict_code: input.dictCode, dict_name: input.dictName, note: input.note ?? '', updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteDictionaries(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('pf_dict').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The shortest text the trigram index can find; shorter filters scan the dictionary's rows. */
const trigram = 3;

/**
 * Item codes or values containing the text, through the trigram index: on PostgreSQL `lower(column)
 * like` uses the GIN index as it stands; on SQLite the full-text table finds the candidates and the
 * same `like` confirms them, so both answer exactly what a scan would.
 */
function itemContains(db: Kysely<Database>, column: 'item_code' | 'item_value', text: string) {
  const contains = containsText(column, text);
  if (!runsOnSqlite(db) || [...text].length < trigram) return contains;
  const phrase = `${column}:"${text.replaceAll('"', '""')}"`;
  return sql<boolean>`${contains} and pf_dict_item.id in (select rowid from pf_dict_item_fts where pf_dict_item_fts match ${phrase})`;
}

function items(db: Kysely<Database>, dictId: number, filter: ItemFilter) {
  const filtered = Boolean(filter.itemCode || filter.itemValue);
  // Filtered, the index finds the few matching rows first: `+dict_id` keeps SQLite from walking the dictionary's rows instead.
  let query = db.selectFrom('pf_dict_item').where(filtered && runsOnSqlite(db) ? sql.raw('+dict_id') : sql.ref('dict_id'), '=', dictId);
  if (filter.itemCode) query = query.where(itemContains(db, 'item_code', filter.itemCode));
  if (filter.itemValue) query = query.where(itemContains(db, 'item_value', filter.itemValue));
  return query;
}

const itemColumns = (query: ReturnType<typeof items>) =>
  query.select(['id', 'dict_id as dictId', 'item_code as itemCode', 'item_value as itemValue', 'item_index as index']);

type KeptCount = Array<{ item_count: number; updated_at: number }>;

const itemCount = (rows: KeptCount) => rows[0]?.item_count ?? 0;

/** The dictionary's kept item count and version: at once when the connection is free, else their promise. */
function keptCount(db: Kysely<Database>, dictId: number): KeptCount | Promise<KeptCount> {
  const build = () => db.selectFrom('pf_dict').select(['item_count', 'updated_at']).where('id', '=', placeholder<number>('dictId'));
  return readCompiledAtOnce(db, 'pf_dict kept count', build, { dictId }) ?? runCompiled(db, 'pf_dict kept count', build, { dictId });
}

export async function pageItems(
  db: Kysely<Database>,
  dictId: number,
  query: PageQuery<(typeof dictionaryItemSortable)[number]> & ItemFilter,
) {
  // Unfiltered, the dictionary's kept count is the total: a large dictionary's rows are not counted.
  const filtered = Boolean(query.itemCode || query.itemValue);
  const kept = filtered ? undefined : keptCount(db, dictId);
  return paginate(() => items(db, dictId, query), query, {
    columns: { itemCode: 'item_code', itemValue: 'item_value', index: 'item_index' },
    defaultSort: { column: 'item_index', order: 'asc' },
    // A number when read at once, so that page 1 waits on no promise.
    knownTotal: kept && (kept instanceof Promise ? kept.then(itemCount) : itemCount(kept)),
    countAlongside: filtered,
    select: itemColumns,
    byKeys: (keys) => itemColumns(db.selectFrom('pf_dict_item').where('id', 'in', keys as never)),
    // updated_at moves on with every item write (see changeDictionary), so it versions the list.
    anchors: kept && { db, version: async () => `pf_dict_item ${dictId} ${(await kept)[0]?.updated_at}` },
    compiled: filtered ? undefined : { db, key: 'pf_dict_item page', base: () => items(db, placeholder('dictId'), {}), values: { dictId } },
  });
}

export function listItems(db: Kysely<Database>, dictId: number, filter: ItemFilter, limit: number): Promise<DictionaryItem[]> {
  return itemColumns(items(db, dictId, filter))
    .orderBy('item_index')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findItem(db: Kysely<Database>, dictId: number, id: number): Promise<DictionaryItem | undefined> {
  return itemColumns(db.selectFrom('pf_dict_item').where('dict_id', '=', dictId))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function itemCodeTaken(db: Kysely<Database>, dictId: number, itemCode: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('pf_dict_item').select('id').where('dict_id', '=', dictId).where('item_code', '=', itemCode);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Item writes change the dictionary's kept count and its update time in the same transaction. The time
 * moves on by at least a millisecond each time, so it also versions the list (page anchors are kept by it).
 */
async function changeDictionary(db: Kysely<Database>, dictId: number, itemDelta: number, now: number): Promise<void> {
  await db
    .updateTable('pf_dict')
    .set((eb) => ({
      item_count: eb('item_count', '+', itemDelta),
      updated_at: sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end`,
    }))
    .where('id', '=', dictId)
    .execute();
}

export function insertItem(db: Kysely<Database>, dictId: number, input: DictionaryItemInput, now: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('pf_dict_item')
      .values({ dict_id: dictId, item_code: input.itemCode, item_value: input.itemValue, item_index: input.index })
      .returning('id')
      .executeTakeFirstOrThrow();
    await changeDictionary(trx, dictId, 1, now);
    return row.id;
  });
}

export function updateItem(db: Kysely<Database>, dictId: number, id: number, input: DictionaryItemInput, now: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('pf_dict_item')
      .set({ item_code: input.itemCode, item_value: input.itemValue, item_index: input.index })
      .where('dict_id', '=', dictId)
      .where('id', '=', id)
      .execute();
    await changeDictionary(trx, dictId, 0, now);
  });
}

export function deleteItems(db: Kysely<Database>, dictId: number, ids: number[], now: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('pf_dict_item').where('dict_id', '=', dictId).where('id', 'in', ids).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    await changeDictionary(trx, dictId, -deleted, now);
    return deleted;
  });
}
