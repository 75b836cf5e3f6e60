import type { DayCount } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

const dayMs = 86_400_000;

/** The last `days` days up to today in the reader's time, as day numbers since the epoch. */
function dayRange(now: number, offsetMs: number, days: number) {
  const today = Math.floor((now + offsetMs) / dayMs);
  return { first: today - days + 1, today, since: (today - days + 1) * dayMs - offsetMs };
}

/**
 * The reader's day number of an instant column. Integer division floors alike in SQLite and PostgreSQL
 * for these positive instants, but only between integers: better-sqlite3 binds every JavaScript number
 * as a float, so the two whole numbers (the offset validated as one) are written into the statement.
 */
function dayOf(column: 'login_time' | 'changed_at', offsetMs: number) {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(dayMs)}`;
}

/** Counts per day, every day present (0 when nothing happened), oldest first. */
function fillDays(rows: { day: number | string; n: number | string }[], first: number, today: number): DayCount[] {
  const counts = new Map(rows.map((row) => [Number(row.day), Number(row.n)]));
  const days: DayCount[] = [];
  for (let day = first; day <= today; day += 1) {
    days.push({ date: new Date(day * dayMs).toISOString().slice(0, 10), count: counts.get(day) ?? 0 });
  }
  return days;
}

export async function signInsByDay(db: Kysely<Database>, now: number, offsetMs: number, days: number) {
  const range = dayRange(now, offsetMs, days);
  const day = dayOf('login_time', offsetMs);
  const rows = await db
    .selectFrom('audit_login_log')
    .select([day.as('day'), sql<boolean>`result = 'success'`.as('ok'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('login_time', '>=', range.since)
    .groupBy([day, sql`result = 'success'`])
    .execute();
  const of = (ok: boolean) =>
    fillDays(
      rows.filter((row) => Boolean(Number(row.ok)) === ok),
      range.first,
      range.today,
    );
  return { succeeded: of(true), failed: of(false) };
}

export async function configChangesByDay(db: Kysely<Database>, now: number, offsetMs: number, days: number) {
  const range = dayRange(now, offsetMs, days);
  const day = dayOf('changed_at', offsetMs);
  const rows = await db
    .selectFrom('cfg_history')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('changed_at', '>=', range.since)
    .groupBy(day)
    .execute();
  const filled = fillDays(rows, range.first, range.today);
  return { days: filled, total: filled.reduce((sum, entry) => sum + entry.count, 0) };
}

/** Instances of every service: healthy and enabled (an administrator's setting first) serve traffic, the rest do not. */
export async function registryHealth(db: Kysely<Database>) {
  const [services, instances] = await Promise.all([
    db
      .selectFrom('reg_service')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reg_instance')
      .select([sql<number>`healthy * coalesce(admin_enabled, enabled)`.as('serving'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql`healthy * coalesce(admin_enabled, enabled)`)
      .execute(),
  ]);
  const serving = instances.filter((row) => Number(row.serving) === 1).reduce((sum, row) => sum + Number(row.n), 0);
  const all = instances.reduce((sum, row) => sum + Number(row.n), 0);
  return { services: Number(services.n), healthy: serving, unhealthy: all - serving };
}

export function recentChanges(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('audit_operation_log')
    .select(['id', 'op_time as opTime', 'user_name as userName', 'operation', 'result'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, opTime: Number(row.opTime) })));
}

/** The caller's tasks not completed, and those of them whose due date has passed in the reader's time. */
export async function openTodos(db: Kysely<Database>, accountId: number, now: number, offsetMs: number) {
  const today = new Date(Math.floor((now + offsetMs) / dayMs) * dayMs).toISOString().slice(0, 10);
  const row = await db
    .selectFrom('todo_task')
    .select([
      (eb) => eb.fn.countAll<number>().as('open'),
      sql<number>`coalesce(sum(case when due_date < ${today} then 1 else 0 end), 0)`.as('overdue'),
    ])
    .where('account_id', '=', accountId)
    .where('status', '!=', 3)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue) };
}
