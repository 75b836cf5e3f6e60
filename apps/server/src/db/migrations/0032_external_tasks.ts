import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * External tasks (issue 25): a service task with `camunda:type="external"` waits as a row that workers fetch
 * and lock by topic over Camunda's REST API, then complete, fail (retries counted down) or end with a BPMN error.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bpm_external_task')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('execution_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('topic', 'varchar(255)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retries', 'integer')
    .addColumn('worker_id', 'varchar(255)')
    .addColumn('lock_expires_at', millis)
    .addColumn('error_message', 'varchar(1000)')
    .addColumn('error_details', 'text')
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bpm_external_task_execution')
    .on('bpm_external_task')
    .columns(['instance_id', 'execution_id'])
    .unique()
    .execute();
  await db.schema.createIndex('bpm_external_task_topic').on('bpm_external_task').columns(['topic', 'lock_expires_at']).execute();
}
