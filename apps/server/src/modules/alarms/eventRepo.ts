import type {
  AlarmDelivery,
  AlarmEvent,
  AlarmEventFilter,
  AlarmNotification,
  AlarmNotifications,
  PageQuery,
  PageResult,
} from '@qiming/shared';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../db/paginate.ts';
import type { AlarmDeliveryTable, AlarmEventTable, Database } from '../../db/schema.ts';

type EventRow = Selectable<AlarmEventTable>;

const toDelivery = (row: Selectable<AlarmDeliveryTable>): AlarmDelivery => ({
  receiverName: row.receiver_name,
  kind: row.kind,
  phase: row.phase,
  status: row.status,
  attempts: Number(row.attempts),
  error: row.error,
  updatedAt: Number(row.updated_at),
});

const toEvent = (row: EventRow, deliveries: AlarmDelivery[]): AlarmEvent => ({
  id: Number(row.id),
  ruleId: Number(row.rule_id),
  ruleName: row.rule_name,
  level: row.level,
  targetKind: row.target_kind,
  target: row.target,
  metric: row.metric,
  comparison: row.comparison,
  threshold: Number(row.threshold),
  firedValue: Number(row.fired_value),
  lastValue: Number(row.last_value),
  status: row.status,
  firedAt: Number(row.fired_at),
  resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
  acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
  acknowledgedBy: row.acknowledged_by,
  deliveries,
});

async function withDeliveries(db: Kysely<Database>, rows: EventRow[]): Promise<AlarmEvent[]> {
  if (rows.length === 0) return [];
  const deliveries = await db
    .selectFrom('alarm_delivery')
    .selectAll()
    .where(
      'event_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => toEvent(row, deliveries.filter((delivery) => Number(delivery.event_id) === Number(row.id)).map(toDelivery)));
}

/** Events newest first, with what was told to whom. */
export async function pageEvents(db: Kysely<Database>, query: PageQuery & AlarmEventFilter): Promise<PageResult<AlarmEvent>> {
  let base = db.selectFrom('alarm_event');
  if (query.status) base = base.where('status', '=', query.status);
  if (query.level) base = base.where('level', '=', query.level);
  if (query.ruleId) base = base.where('rule_id', '=', query.ruleId);
  const page = await paginate(base, query, {
    columns: { firedAt: 'fired_at' },
    defaultSort: { column: 'fired_at', order: 'desc' },
    select: (select) => select.selectAll(),
  });
  return { total: page.total, records: await withDeliveries(db, page.records) };
}

export async function findEvent(db: Kysely<Database>, id: number): Promise<AlarmEvent | undefined> {
  const row = await db.selectFrom('alarm_event').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await withDeliveries(db, [row]))[0];
}

export async function firingEvents(db: Kysely<Database>): Promise<EventRow[]> {
  return db.selectFrom('alarm_event').selectAll().where('status', '=', 'firing').execute();
}

export type NewEvent = Omit<EventRow, 'id' | 'status' | 'resolved_at' | 'acknowledged_at' | 'acknowledged_by' | 'last_value'>;

export async function insertEvent(db: Kysely<Database>, event: NewEvent): Promise<number> {
  const row = await db
    .insertInto('alarm_event')
    .values({ ...event, last_value: event.fired_value, status: 'firing' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateLastValue(db: Kysely<Database>, id: number, value: number): Promise<void> {
  await db.updateTable('alarm_event').set({ last_value: value }).where('id', '=', id).execute();
}

/** Resolves a firing event: true when this call did (so the resolution is told once). */
export async function resolveEvent(db: Kysely<Database>, id: number, value: number | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('alarm_event')
    .set(value === null ? { status: 'resolved', resolved_at: now } : { status: 'resolved', resolved_at: now, last_value: value })
    .where('id', '=', id)
    .where('status', '=', 'firing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function acknowledgeEvent(db: Kysely<Database>, id: number, userName: string, now: number): Promise<void> {
  await db
    .updateTable('alarm_event')
    .set({ acknowledged_at: now, acknowledged_by: userName })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .execute();
}

export async function insertDeliveries(db: Kysely<Database>, deliveries: Array<Omit<Selectable<AlarmDeliveryTable>, 'id'>>): Promise<void> {
  if (deliveries.length > 0) await db.insertInto('alarm_delivery').values(deliveries).execute();
}

/** Deliveries due by `now`, oldest first. */
export async function dueDeliveries(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('alarm_delivery')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function updateDelivery(
  db: Kysely<Database>,
  id: number,
  change: Pick<Selectable<AlarmDeliveryTable>, 'status' | 'attempts' | 'error' | 'next_attempt_at' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('alarm_delivery').set(change).where('id', '=', id).execute();
}

/** The accounts an in-app receiver names: by role code and by user name, each once. */
export async function accountsNamed(db: Kysely<Database>, roleCodes: string[], userNames: string[]): Promise<number[]> {
  const ids = new Set<number>();
  if (roleCodes.length > 0) {
    const rows = await db
      .selectFrom('iam_account_role as ar')
      .innerJoin('iam_role as r', 'r.id', 'ar.role_id')
      .select('ar.account_id')
      .where('r.role_code', 'in', roleCodes)
      .execute();
    for (const row of rows) ids.add(Number(row.account_id));
  }
  if (userNames.length > 0) {
    const rows = await db.selectFrom('iam_account').select('id').where('user_name', 'in', userNames).execute();
    for (const row of rows) ids.add(Number(row.id));
  }
  return [...ids];
}

export async function insertNotifications(
  db: Kysely<Database>,
  eventId: number,
  accountIds: number[],
  phase: 'firing' | 'resolved',
  now: number,
): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .insertInto('alarm_notification')
    .values(accountIds.map((accountId) => ({ event_id: eventId, account_id: accountId, phase, created_at: now, read_at: null })))
    .execute();
}

const shownNotifications = 20;

/** The account's unread count and latest notifications. */
export async function notificationsOf(db: Kysely<Database>, accountId: number): Promise<AlarmNotifications> {
  const rows = await db
    .selectFrom('alarm_notification as n')
    .innerJoin('alarm_event as e', 'e.id', 'n.event_id')
    .select(['n.id', 'n.event_id', 'n.phase', 'n.created_at', 'n.read_at', 'e.rule_name', 'e.level', 'e.target'])
    .where('n.account_id', '=', accountId)
    .orderBy('n.id', 'desc')
    .limit(shownNotifications)
    .execute();
  const unread = await db
    .selectFrom('alarm_notification')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  const records: AlarmNotification[] = rows.map((row) => ({
    id: Number(row.id),
    eventId: Number(row.event_id),
    ruleName: row.rule_name,
    level: row.level,
    target: row.target,
    phase: row.phase,
    createdAt: Number(row.created_at),
    read: row.read_at !== null,
  }));
  return { unread: Number(unread.count), records };
}

/** Marks the account's own notifications read: `ids`, or all of them. */
export async function markRead(db: Kysely<Database>, accountId: number, ids: number[] | 'all', now: number): Promise<void> {
  let query = db.updateTable('alarm_notification').set({ read_at: now }).where('account_id', '=', accountId).where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  await query.execute();
}
