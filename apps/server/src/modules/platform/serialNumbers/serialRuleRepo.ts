import type { PageQuery, SerialRule, SerialRuleInput, SerialType } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import { paginate } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';
import type { OrganScope } from '../../iam/dataScope.ts';

export interface SerialFilter {
  idId?: string;
  idName?: string;
}

function rules(db: Kysely<Database>) {
  return db.selectFrom('sys_serial_rule as r').leftJoin('iam_organ as o', 'o.id', 'r.organ_id');
}

const ruleColumns = (query: ReturnType<typeof rules>) =>
  query.select([
    'r.id',
    'r.id_code as idId',
    'r.id_name as idName',
    'r.is_global as isGlobal',
    'r.organ_id as organId',
    'o.organ_name as organName',
    'r.id_length as idLength',
    'r.id_value as idValue',
    'r.period',
    'r.is_prefix as isPrefix',
    'r.id_prefix as idPrefix',
    'r.is_suffix as isSuffix',
    'r.id_suffix as idSuffix',
    'r.id_type as idType',
  ]);

type RuleRow = Awaited<ReturnType<ReturnType<typeof ruleColumns>['executeTakeFirstOrThrow']>>;

const toRule = (row: RuleRow): SerialRule => ({
  ...row,
  isGlobal: row.isGlobal === 1,
  isPrefix: row.isPrefix === 1,
  isSuffix: row.isSuffix === 1,
  idValue: Number(row.idValue),
  idType: row.idType as SerialType,
});

/** Global rules and those of the organs in `organs`. */
export async function pageRules(db: Kysely<Database>, query: PageQuery<'idId' | 'idName'> & SerialFilter, organs: OrganScope) {
  let base = rules(db);
  if (organs !== 'all') base = base.where((eb) => eb.or([eb('r.organ_id', 'is', null), eb('r.organ_id', 'in', [...organs, -1])]));
  if (query.idId) base = base.where(containsText('r.id_code', query.idId));
  if (query.idName) base = base.where(containsText('r.id_name', query.idName));
  const page = await paginate(base, query, {
    columns: { idId: 'r.id_code', idName: 'r.id_name' },
    defaultSort: { column: 'r.id_code', order: 'asc' },
    tieBreaker: 'r.id',
    select: ruleColumns,
  });
  return { total: page.total, records: page.records.map(toRule) };
}

export async function findRule(db: Kysely<Database>, id: number): Promise<SerialRule | undefined> {
  const row = await ruleColumns(rules(db)).where('r.id', '=', id).executeTakeFirst();
  return row && toRule(row);
}

/** The rule a code names for an organ: the organ's own, else the global one. */
export async function ruleFor(db: Kysely<Database>, idId: string, organId: number | null): Promise<SerialRule | undefined> {
  const rows = await ruleColumns(rules(db))
    .where('r.id_code', '=', idId)
    .where('r.scope', 'in', [0, organId ?? 0])
    .orderBy('r.scope', 'desc')
    .execute();
  const row = rows[0];
  return row && toRule(row);
}

function values(input: SerialRuleInput, now: number) {
  const organId = input.isGlobal ? null : input.organId;
  return {
    id_code: input.idId,
    id_name: input.idName,
    is_global: input.isGlobal ? 1 : 0,
    organ_id: organId,
    scope: organId ?? 0,
    id_length: input.idLength,
    is_prefix: input.isPrefix ? 1 : 0,
    id_prefix: input.idPrefix,
    is_suffix: input.isSuffix ? 1 : 0,
    id_suffix: input.idSuffix,
    id_type: input.idType,
    updated_at: now,
  };
}

export async function insertRule(db: Kysely<Database>, input: SerialRuleInput, now: number): Promise<number> {
  const row = await db
    .insertInto('sys_serial_rule')
    .values({ ...values(input, now), id_value: 0, period: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A changed kind of counter (type or length) starts again: its old value belongs to another series. */
export async function updateRule(db: Kysely<Database>, id: number, input: SerialRuleInput, restart: boolean, now: number): Promise<void> {
  await db
    .updateTable('sys_serial_rule')
    .set({ ...values(input, now), ...(restart ? { id_value: 0, period: '' } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function deleteRules(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('sys_serial_rule').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/**
 * Moves the counter on in one statement and answers the value it reached: 1 when a new period has
 * begun, else one more, and nothing when the period's numbers are used up. The row is updated in
 * place (PostgreSQL locks it and re-reads it for a waiting writer; SQLite has one writer), so two
 * callers, in one process or several, can never reach the same value.
 */
export async function advanceCounter(
  db: Kysely<Database>,
  id: number,
  period: string,
  max: number,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('sys_serial_rule')
    .set({
      id_value: sql<number>`case when period = ${period} then id_value + 1 else 1 end`,
      period,
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('period', '!=', period), eb('id_value', '<', max)]))
    .returning('id_value')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id_value);
}
