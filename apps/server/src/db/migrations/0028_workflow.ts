import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Workflow (issue 10): draft models, immutable definitions (key + version), running instances with the
 * engine's saved state and an optimistic version, their activity history, user tasks with candidates,
 * comments, due timers for the durable scheduler, and what is kept per definition key (participants,
 * listeners) or globally (plugin types and buttons).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bpm_model')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('model_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('model_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(50)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bpm_definition')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('def_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('def_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('model_id', 'integer', (c) => c.references('bpm_model.id').onDelete('set null'))
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('release_info', 'text', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deployed_at', millis, (c) => c.notNull())
    .addColumn('deployed_by', 'varchar(50)', (c) => c.notNull())
    .addUniqueConstraint('bpm_definition_key_version', ['def_key', 'version'])
    .execute();
  await db.schema
    .createTable('bpm_instance')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('definition_id', 'integer', (c) => c.notNull().references('bpm_definition.id'))
    .addColumn('def_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('business_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('engine_state', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('started_by', 'varchar(50)', (c) => c.notNull())
    .addColumn('started_at', millis, (c) => c.notNull())
    .addColumn('ended_at', millis)
    .execute();
  await db.schema.createIndex('bpm_instance_key').on('bpm_instance').columns(['def_key', 'started_at']).execute();
  await db.schema
    .createTable('bpm_activity')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('execution_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('activity_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('activity_type', 'varchar(60)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('started_at', millis, (c) => c.notNull())
    .addColumn('ended_at', millis)
    .execute();
  await db.schema.createIndex('bpm_activity_instance').on('bpm_activity').columns(['instance_id', 'execution_id']).execute();
  await db.schema
    .createTable('bpm_task')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('execution_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('task_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('assignee', 'varchar(50)')
    .addColumn('candidate_users', 'text', (c) => c.notNull())
    .addColumn('candidate_groups', 'text', (c) => c.notNull())
    .addColumn('form_key', 'varchar(100)')
    .addColumn('form_id', 'integer')
    .addColumn('form_version', 'integer')
    .addColumn('due_at', millis)
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('claimed_at', millis)
    .addColumn('ended_at', millis)
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(12)')
    .addColumn('button', 'varchar(64)')
    .addColumn('completed_by', 'varchar(50)')
    .addColumn('previous_task_id', 'integer')
    .addColumn('engine_snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bpm_task_assignee').on('bpm_task').columns(['status', 'assignee']).execute();
  await db.schema.createIndex('bpm_task_instance').on('bpm_task').columns(['instance_id', 'status']).execute();
  await db.schema.createIndex('bpm_task_done').on('bpm_task').columns(['completed_by', 'ended_at']).execute();
  await db.schema
    .createTable('bpm_task_candidate')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('bpm_task.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(5)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bpm_task_candidate_pk', ['task_id', 'kind', 'ref'])
    .execute();
  await db.schema.createIndex('bpm_task_candidate_ref').on('bpm_task_candidate').columns(['kind', 'ref']).execute();
  await db.schema
    .createTable('bpm_comment')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('task_id', 'integer')
    .addColumn('activity_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bpm_comment_instance').on('bpm_comment').column('instance_id').execute();
  await db.schema
    .createTable('bpm_timer')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('execution_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('due_at', millis, (c) => c.notNull())
    .addColumn('claimed_until', millis, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('bpm_timer_due').on('bpm_timer').column('due_at').execute();
  await db.schema
    .createTable('bpm_participant')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('def_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addUniqueConstraint('bpm_participant_unique', ['def_key', 'kind', 'ref'])
    .execute();
  await db.schema
    .createTable('bpm_listener')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('def_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('event', 'varchar(12)', (c) => c.notNull())
    .addColumn('kind', 'varchar(5)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bpm_listener_key').on('bpm_listener').column('def_key').execute();
  await db.schema
    .createTable('bpm_listener_log')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('listener_id', 'integer', (c) => c.references('bpm_listener.id').onDelete('set null'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event', 'varchar(12)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bpm_plugin_type')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('type_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bpm_plugin_button')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('button_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('type_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .execute();
}
