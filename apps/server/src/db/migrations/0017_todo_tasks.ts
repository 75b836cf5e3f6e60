import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The personal to-do list (spec section 3, Task): each account's own tasks, ordered within a bucket. */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('todo_task')
    .addColumn('id', context.id, (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)')
    .addColumn('created_at', context.millis, (c) => c.notNull())
    .addColumn('updated_at', context.millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('todo_task_board').on('todo_task').columns(['account_id', 'bucket', 'position']).execute();
}
