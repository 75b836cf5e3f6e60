import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Sentinel's degrade rules (circuit breakers) for gateway routes and API groups. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('gw_degrade_rule')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('resource_mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('resource', 'varchar(100)', (c) => c.notNull())
    .addColumn('grade', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'real', (c) => c.notNull())
    .addColumn('slow_ratio_threshold', 'real', (c) => c.notNull())
    .addColumn('min_request_amount', 'integer', (c) => c.notNull())
    .addColumn('stat_interval_ms', 'integer', (c) => c.notNull())
    .addColumn('time_window', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gw_degrade_rule_resource').on('gw_degrade_rule').columns(['resource_mode', 'resource']).execute();
}
