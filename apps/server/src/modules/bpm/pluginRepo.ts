import type { BpmPluginButton, BpmPluginType, PageQuery, PluginButtonInput, PluginSearch, PluginTypeInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';

/** Plugin types group the buttons a user task may offer (agree, reject, return, transfer, ...). */
export async function pageTypes(db: Kysely<Database>, query: PageQuery & PluginSearch) {
  let base = db.selectFrom('bpm_plugin_type');
  if (query.code) base = base.where(containsText('code', query.code));
  if (query.name) base = base.where(containsText('type_name', query.name));
  const page = await paginate(base, query, {
    columns: { sort: 'sort', code: 'code' },
    defaultSort: { column: 'sort', order: 'asc' },
    select: (q) => q.selectAll(),
  });
  return {
    total: page.total,
    records: page.records.map(
      (row): BpmPluginType => ({ id: row.id, code: row.code, name: row.type_name, description: row.description, sort: row.sort }),
    ),
  };
}

const typeValues = (input: PluginTypeInput) => ({
  code: input.code,
  type_name: input.name,
  description: input.description,
  sort: input.sort,
});

export async function insertType(db: Kysely<Database>, input: PluginTypeInput) {
  return (await db.insertInto('bpm_plugin_type').values(typeValues(input)).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateType(db: Kysely<Database>, id: number, input: PluginTypeInput) {
  return Number((await db.updateTable('bpm_plugin_type').set(typeValues(input)).where('id', '=', id).executeTakeFirst()).numUpdatedRows);
}

export async function deleteTypes(db: Kysely<Database>, ids: number[]) {
  return Number((await db.deleteFrom('bpm_plugin_type').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

export async function typeExists(db: Kysely<Database>, code: string) {
  return (await db.selectFrom('bpm_plugin_type').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

type ButtonRow = {
  id: number;
  code: string;
  button_name: string;
  type_code: string;
  action: string;
  variables: string;
  sort: number;
  enabled: number;
};

const toButton = (row: ButtonRow): BpmPluginButton => ({
  id: row.id,
  code: row.code,
  name: row.button_name,
  typeCode: row.type_code,
  action: row.action as BpmPluginButton['action'],
  variables: JSON.parse(row.variables) as Record<string, unknown>,
  sort: row.sort,
  enabled: row.enabled === 1,
});

export async function pageButtons(db: Kysely<Database>, query: PageQuery & PluginSearch) {
  let base = db.selectFrom('bpm_plugin_button');
  if (query.code) base = base.where(containsText('code', query.code));
  if (query.name) base = base.where(containsText('button_name', query.name));
  const page = await paginate(base, query, {
    columns: { sort: 'sort', code: 'code' },
    defaultSort: { column: 'sort', order: 'asc' },
    select: (q) => q.selectAll(),
  });
  return { total: page.total, records: page.records.map(toButton) };
}

const buttonValues = (input: PluginButtonInput) => ({
  code: input.code,
  button_name: input.name,
  type_code: input.typeCode,
  action: input.action,
  variables: JSON.stringify(input.variables),
  sort: input.sort,
  enabled: input.enabled ? 1 : 0,
});

export async function insertButton(db: Kysely<Database>, input: PluginButtonInput) {
  return (await db.insertInto('bpm_plugin_button').values(buttonValues(input)).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateButton(db: Kysely<Database>, id: number, input: PluginButtonInput) {
  return Number(
    (await db.updateTable('bpm_plugin_button').set(buttonValues(input)).where('id', '=', id).executeTakeFirst()).numUpdatedRows,
  );
}

export async function deleteButtons(db: Kysely<Database>, ids: number[]) {
  return Number((await db.deleteFrom('bpm_plugin_button').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

export async function enabledButtonCodes(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('bpm_plugin_button').select('code').where('enabled', '=', 1).execute();
  return new Set(rows.map((row) => row.code));
}

/** The enabled buttons among `codes`, in the order the task lists them. */
export async function buttonsByCode(db: Kysely<Database>, codes: string[]): Promise<BpmPluginButton[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('bpm_plugin_button').selectAll().where('code', 'in', codes).where('enabled', '=', 1).execute();
  const byCode = new Map(rows.map((row) => [row.code, toButton(row)]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}
