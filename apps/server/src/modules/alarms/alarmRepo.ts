import type { AlarmReceiver, AlarmReceiverInput, AlarmRule, AlarmRuleInput } from '@qiming/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AlarmReceiverTable, AlarmRuleTable, Database } from '../../db/schema.ts';

const toRule = (row: Selectable<AlarmRuleTable>, receiverIds: number[]): AlarmRule => ({
  id: Number(row.id),
  ruleName: row.rule_name,
  targetKind: row.target_kind,
  target: row.target,
  metric: row.metric,
  comparison: row.comparison,
  threshold: Number(row.threshold),
  durationSec: Number(row.duration_sec),
  level: row.level,
  receiverIds,
  enabled: Number(row.enabled) === 1,
  updatedAt: Number(row.updated_at),
});

/** A receiver with its secret, for the server's own use; the pages get `publicReceiver`. */
export interface StoredReceiver extends AlarmReceiverInput {
  id: number;
  updatedAt: number;
}

const toReceiver = (row: Selectable<AlarmReceiverTable>): StoredReceiver => ({
  id: Number(row.id),
  receiverName: row.receiver_name,
  kind: row.kind,
  emails: JSON.parse(row.emails),
  url: row.url,
  secret: row.secret,
  roleCodes: JSON.parse(row.role_codes),
  userNames: JSON.parse(row.user_names),
  enabled: Number(row.enabled) === 1,
  updatedAt: Number(row.updated_at),
});

export function publicReceiver({ secret, ...receiver }: StoredReceiver): AlarmReceiver {
  return { ...receiver, hasSecret: secret !== '' };
}

export async function listRules(db: Kysely<Database>, ids?: number[]): Promise<AlarmRule[]> {
  let query = db.selectFrom('alarm_rule').selectAll().orderBy('rule_name');
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  const rows = await query.execute();
  const links = rows.length
    ? await db
        .selectFrom('alarm_rule_receiver')
        .selectAll()
        .where(
          'rule_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('receiver_id')
        .execute()
    : [];
  return rows.map((row) =>
    toRule(
      row,
      links.filter((link) => Number(link.rule_id) === Number(row.id)).map((link) => Number(link.receiver_id)),
    ),
  );
}

export async function findRule(db: Kysely<Database>, id: number): Promise<AlarmRule | undefined> {
  return (await listRules(db, [id]))[0];
}

const ruleColumns = (input: AlarmRuleInput, now: number) => ({
  rule_name: input.ruleName,
  target_kind: input.targetKind,
  target: input.target,
  metric: input.metric,
  comparison: input.comparison,
  threshold: input.threshold,
  duration_sec: input.durationSec,
  level: input.level,
  enabled: input.enabled ? 1 : 0,
  updated_at: now,
});

export async function saveRule(db: Kysely<Database>, id: number | null, input: AlarmRuleInput, now: number): Promise<number> {
  if (id === null) {
    id = Number((await db.insertInto('alarm_rule').values(ruleColumns(input, now)).returning('id').executeTakeFirstOrThrow()).id);
  } else {
    await db.updateTable('alarm_rule').set(ruleColumns(input, now)).where('id', '=', id).execute();
    await db.deleteFrom('alarm_rule_receiver').where('rule_id', '=', id).execute();
  }
  const receiverIds = [...new Set(input.receiverIds)];
  if (receiverIds.length > 0) {
    await db
      .insertInto('alarm_rule_receiver')
      .values(receiverIds.map((receiverId) => ({ rule_id: id, receiver_id: receiverId })))
      .execute();
  }
  return id;
}

export async function setRuleEnabled(db: Kysely<Database>, id: number, enabled: boolean, now: number): Promise<void> {
  await db
    .updateTable('alarm_rule')
    .set({ enabled: enabled ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteRules(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('alarm_rule').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

export async function listReceivers(db: Kysely<Database>, ids?: number[]): Promise<StoredReceiver[]> {
  let query = db.selectFrom('alarm_receiver').selectAll().orderBy('receiver_name');
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  return (await query.execute()).map(toReceiver);
}

export async function findReceiver(db: Kysely<Database>, id: number): Promise<StoredReceiver | undefined> {
  return (await listReceivers(db, [id]))[0];
}

/** Saves a receiver; an empty secret keeps the one stored (the pages never see it). */
export async function saveReceiver(db: Kysely<Database>, id: number | null, input: AlarmReceiverInput, now: number): Promise<number> {
  const columns = {
    receiver_name: input.receiverName,
    kind: input.kind,
    emails: JSON.stringify(input.emails),
    url: input.url,
    role_codes: JSON.stringify(input.roleCodes),
    user_names: JSON.stringify(input.userNames),
    enabled: input.enabled ? 1 : 0,
    updated_at: now,
  };
  if (id === null) {
    const row = await db
      .insertInto('alarm_receiver')
      .values({ ...columns, secret: input.secret })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
  await db
    .updateTable('alarm_receiver')
    .set(input.secret ? { ...columns, secret: input.secret } : columns)
    .where('id', '=', id)
    .execute();
  return id;
}

export async function deleteReceivers(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('alarm_receiver').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** Ids among `ids` that name no receiver. */
export async function missingReceivers(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.selectFrom('alarm_receiver').select('id').where('id', 'in', ids).execute()).map((row) => Number(row.id)));
  return ids.filter((id) => !found.has(id));
}
