import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Serial-number rules (spec section 3) with their counters. `scope` is the owning organ's id, or 0 for
 * a global rule, so that a code is unique per organ and once globally (NULLs would never collide).
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sys_serial_rule')
    .addColumn('id', context.id, (c) => c.primaryKey())
    .addColumn('id_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('id_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_global', 'integer', (c) => c.notNull())
    .addColumn('organ_id', 'integer', (c) => c.references('iam_organ.id').onDelete('cascade'))
    .addColumn('scope', 'integer', (c) => c.notNull())
    .addColumn('id_length', 'integer', (c) => c.notNull())
    // Counters of up to twelve digits need 64 bits: the dialect's epoch-milliseconds type has them.
    .addColumn('id_value', context.millis, (c) => c.notNull().defaultTo(0))
    .addColumn('period', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_prefix', 'integer', (c) => c.notNull())
    .addColumn('id_prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_suffix', 'integer', (c) => c.notNull())
    .addColumn('id_suffix', 'varchar(20)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('updated_at', context.millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_serial_rule_code').on('sys_serial_rule').columns(['id_code', 'scope']).unique().execute();
}
