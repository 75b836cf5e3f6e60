import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Gateway routes as Spring Cloud Gateway's RouteDefinition, with the release cycle of the spec. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('gw_route')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('route_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('route_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('order_num', 'integer', (c) => c.notNull())
    .addColumn('uri', 'varchar(300)', (c) => c.notNull())
    .addColumn('predicates', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gw_route_released').on('gw_route').columns(['status', 'order_num', 'id']).execute();
}
