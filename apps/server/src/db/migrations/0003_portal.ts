import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The website's content tables. Until this release the migration also wrote the demo website into
 * them; it writes structure only now, and the demo content is seeded with the rest of the demo, so a
 * production installation starts with an empty site. Databases created before keep what they hold.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('portal_setting')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('portal_service')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addUniqueConstraint('portal_service_kind_seq', ['kind', 'seq'])
    .execute();
  await db.schema
    .createTable('portal_news')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_news_published').on('portal_news').columns(['published_at', 'id']).execute();
  await db.schema
    .createTable('portal_customer')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('region', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('portal_about_section')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('portal_position')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('department', 'varchar(100)', (c) => c.notNull())
    .addColumn('location', 'varchar(100)', (c) => c.notNull())
    .addColumn('headcount', 'integer', (c) => c.notNull())
    .addColumn('duties', 'text', (c) => c.notNull())
    .addColumn('requirements', 'text', (c) => c.notNull())
    .execute();
}
