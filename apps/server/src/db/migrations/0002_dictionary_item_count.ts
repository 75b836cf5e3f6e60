import { type Kysely, sql } from 'kysely';

/** Keeps each dictionary's item count, so its item pages and the dictionary list need not count rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pf_dict')
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update pf_dict set item_count = (select count(*) from pf_dict_item where pf_dict_item.dict_id = pf_dict.id)`.execute(db);
}
