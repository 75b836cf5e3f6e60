import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The workflow's runtime (issue 25): incidents (an engine error at run time, kept on the instance at its
 * element until retried or resolved, with the command that failed so a retry can run it again), the
 * parent of an instance a call activity started, the messages and signals an instance waits for (so a
 * correlation finds its instances without loading them), and timer start events scheduled per definition.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bpm_incident')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('definition_id', 'integer', (c) => c.notNull())
    .addColumn('def_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('element_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('element_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(120)')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('command', 'text')
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('resolved_at', millis)
    .addColumn('resolved_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('bpm_incident_instance').on('bpm_incident').columns(['instance_id', 'state']).execute();
  await db.schema.createIndex('bpm_incident_state').on('bpm_incident').columns(['state', 'created_at']).execute();
  await db.schema.alterTable('bpm_instance').addColumn('parent_instance_id', 'integer').execute();
  await db.schema.alterTable('bpm_instance').addColumn('parent_execution_id', 'varchar(120)').execute();
  await db.schema.createIndex('bpm_instance_parent').on('bpm_instance').column('parent_instance_id').execute();
  await db.schema
    .createTable('bpm_start_timer')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('definition_id', 'integer', (c) => c.notNull().references('bpm_definition.id').onDelete('cascade'))
    .addColumn('element_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('spec', 'varchar(200)', (c) => c.notNull())
    .addColumn('fired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', millis, (c) => c.notNull())
    .addColumn('claimed_until', millis, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('bpm_subscription')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('bpm_instance.id').onDelete('cascade'))
    .addColumn('execution_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('element_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('event_name', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bpm_subscription_name').on('bpm_subscription').columns(['kind', 'event_name']).execute();
  await db.schema.createIndex('bpm_subscription_instance').on('bpm_subscription').column('instance_id').execute();
  await db.schema.createIndex('bpm_start_timer_due').on('bpm_start_timer').columns(['due_at', 'claimed_until']).execute();
}
