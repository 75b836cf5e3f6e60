import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Sentinel's API groups and gateway flow rules, kept in the database so they survive restarts. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('gw_api_group')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('api_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gw_flow_rule')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('resource_mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('resource', 'varchar(100)', (c) => c.notNull())
    .addColumn('grade', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('interval_sec', 'integer', (c) => c.notNull())
    .addColumn('burst', 'integer', (c) => c.notNull())
    .addColumn('control_behavior', 'varchar(20)', (c) => c.notNull())
    .addColumn('param_strategy', 'varchar(20)', (c) => c.notNull())
    .addColumn('param_field', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gw_flow_rule_resource').on('gw_flow_rule').columns(['resource_mode', 'resource']).execute();
}
