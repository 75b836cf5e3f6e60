import type { Kysely } from 'kysely';

/** Apps, modules, functions and operations keep the order the administrator gives them (spec: function model upkeep). */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pf_app', 'pf_module', 'pf_function', 'pf_operation']) {
    await db.schema
      .alterTable(table)
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
