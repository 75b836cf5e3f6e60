import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The row the readiness check rewrites, so that a database refusing writes reads as not ready; and an
 * index to keep each account's newest client-error reports and drop older ones cheaply.
 */
export async function up(db: Kysely<unknown>, { millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sys_health_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_client_error_account').on('audit_client_error').columns(['account_id', 'id']).execute();
}
