import type { TodoBucket, TodoCounts, TodoFilter, TodoInput, TodoLevel, TodoStatus, TodoTask } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import type { Database } from '../../db/schema.ts';

const columns = [
  'id',
  'title',
  'description',
  'level',
  'status',
  'bucket',
  'position',
  'due_date as dueDate',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

type TaskRow = Omit<TodoTask, 'level' | 'status' | 'bucket'> & { level: number; status: number; bucket: number };

const toTask = (row: TaskRow): TodoTask => ({
  ...row,
  level: row.level as TodoLevel,
  status: row.status as TodoStatus,
  bucket: row.bucket as TodoBucket,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
});

function filtered(db: Kysely<Database>, accountId: number, filter: Omit<TodoFilter, 'bucket'>) {
  let query = db.selectFrom('todo_task').where('account_id', '=', accountId);
  if (filter.level !== undefined) query = query.where('level', '=', filter.level);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.title) query = query.where(containsText('title', filter.title));
  return query;
}

/** The account's tasks matching the filter, bucket by bucket in their order. */
export async function listTasks(db: Kysely<Database>, accountId: number, filter: TodoFilter): Promise<TodoTask[]> {
  let query = filtered(db, accountId, filter);
  if (filter.bucket !== undefined) query = query.where('bucket', '=', filter.bucket);
  const rows = await query.select(columns).orderBy('bucket').orderBy('position').orderBy('id').execute();
  return rows.map(toTask);
}

/** How many tasks each bucket holds under the level, status and title filters. */
export async function countTasks(db: Kysely<Database>, accountId: number, filter: TodoFilter): Promise<TodoCounts> {
  const rows = await filtered(db, accountId, filter)
    .select(['bucket', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('bucket')
    .execute();
  const counts: TodoCounts = { all: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of rows) {
    counts[row.bucket as TodoBucket] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

export async function countAll(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('todo_task')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findTask(db: Kysely<Database>, accountId: number, id: number): Promise<TodoTask | undefined> {
  const row = await db.selectFrom('todo_task').select(columns).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return row && toTask(row);
}

export async function findTasks(db: Kysely<Database>, accountId: number, ids: number[]): Promise<TodoTask[]> {
  const rows = await db.selectFrom('todo_task').select(columns).where('account_id', '=', accountId).where('id', 'in', ids).execute();
  return rows.map(toTask);
}

/** A bucket's tasks in their order. */
export async function bucketOrder(
  db: Kysely<Database>,
  accountId: number,
  bucket: number,
): Promise<Array<{ id: number; position: number }>> {
  return db
    .selectFrom('todo_task')
    .select(['id', 'position'])
    .where('account_id', '=', accountId)
    .where('bucket', '=', bucket)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Moves the bucket's tasks placed from `from` up to (not including) `to` by `by` places, in one statement:
 * a drag in a long list must not cost a write per task.
 */
export async function shiftPositions(
  db: Kysely<Database>,
  accountId: number,
  bucket: number,
  range: { from: number; to?: number; except?: number },
  by: number,
): Promise<void> {
  let query = db
    .updateTable('todo_task')
    .set((eb) => ({ position: eb('position', '+', by) }))
    .where('account_id', '=', accountId)
    .where('bucket', '=', bucket)
    .where('position', '>=', range.from);
  if (range.to !== undefined) query = query.where('position', '<', range.to);
  if (range.except !== undefined) query = query.where('id', '!=', range.except);
  await query.execute();
}

export async function setPlace(db: Kysely<Database>, accountId: number, id: number, bucket: number, position: number, now: number) {
  await db
    .updateTable('todo_task')
    .set({ bucket, position, updated_at: now })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .execute();
}

export async function insertTask(
  db: Kysely<Database>,
  accountId: number,
  input: TodoInput,
  position: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('todo_task')
    .values({
      account_id: accountId,
      title: input.title,
      description: input.description,
      level: input.level,
      status: input.status,
      bucket: input.bucket,
      position,
      due_date: input.dueDate,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTask(db: Kysely<Database>, accountId: number, id: number, input: Omit<TodoInput, 'bucket'>, now: number) {
  await db
    .updateTable('todo_task')
    .set({
      title: input.title,
      description: input.description,
      level: input.level,
      status: input.status,
      due_date: input.dueDate,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .execute();
}

export async function deleteTasks(db: Kysely<Database>, accountId: number, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('todo_task').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
