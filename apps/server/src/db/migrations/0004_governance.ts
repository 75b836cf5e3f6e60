import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The registry and config centre: namespaces, services, instances, configs and their history. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('gov_namespace')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('namespace_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.insertInto('gov_namespace').values({ namespace_id: 'public', name: 'public', description: '', created_at: 0 }).execute();

  await db.schema
    .createTable('reg_service')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('namespace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('group_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('service_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('protect_threshold', 'real', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .addUniqueConstraint('reg_service_name', ['namespace_id', 'group_name', 'service_name'])
    .execute();
  await db.schema
    .createTable('reg_instance')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('service_id', 'integer', (c) => c.notNull().references('reg_service.id').onDelete('cascade'))
    .addColumn('cluster_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('weight', 'real', (c) => c.notNull())
    .addColumn('healthy', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('ephemeral', 'integer', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('admin_weight', 'real')
    .addColumn('admin_enabled', 'integer')
    .addColumn('last_beat', millis, (c) => c.notNull())
    .addColumn('beat_interval', 'integer', (c) => c.notNull())
    .addColumn('beat_timeout', 'integer', (c) => c.notNull())
    .addColumn('delete_timeout', 'integer', (c) => c.notNull())
    .addColumn('registered_at', millis, (c) => c.notNull())
    .addUniqueConstraint('reg_instance_address', ['service_id', 'cluster_name', 'ip', 'port'])
    .execute();
  // The health sweep looks only at ephemeral instances, by their last beat.
  await db.schema.createIndex('reg_instance_beat').on('reg_instance').columns(['ephemeral', 'last_beat']).execute();

  await db.schema
    .createTable('cfg_config')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('namespace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('group_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('app_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('tags', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .addUniqueConstraint('cfg_config_key', ['namespace_id', 'group_name', 'data_id'])
    .execute();
  await db.schema
    .createTable('cfg_history')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('config_id', 'integer', (c) => c.notNull())
    .addColumn('namespace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('group_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('app_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('tags', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('operation', 'varchar(10)', (c) => c.notNull())
    .addColumn('changed_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('changed_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cfg_history_config').on('cfg_history').columns(['config_id', 'changed_at']).execute();
}
