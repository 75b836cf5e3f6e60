import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Administrative regions (spec section 3: cantCode, cantName, shortName, cantType, superCode). */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('pf_region')
    .addColumn('cant_code', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('cant_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('cant_type', 'integer', (c) => c.notNull())
    .addColumn('super_code', 'varchar(12)', (c) => c.references('pf_region.cant_code'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('local', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pf_region_super').on('pf_region').columns(['super_code', 'cant_code']).execute();
}
