import type { Kysely } from 'kysely';

/**
 * The website gets its stories and pictures from the portal: a service or case carries a customer's
 * story and its results, an about-us section an image and its entries (timeline, values, honours,
 * pledges). Lists are JSON arrays of `label|text` lines, as features are.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('portal_service')
    .addColumn('story', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('portal_service')
    .addColumn('results', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('portal_about_section')
    .addColumn('image', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('portal_about_section')
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
