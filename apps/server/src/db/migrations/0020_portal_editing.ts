import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The back-office edits the website: news gains a cover, a status and a pin, services and customers an
 * image, and uploaded images live in an attachment store. News written before this release was
 * already on the site, so it stays published. A preview is the editor's unsaved content behind a token.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('portal_news')
    .addColumn('cover', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('portal_news')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
    .execute();
  await db.schema
    .alterTable('portal_news')
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('portal_news')
    .addColumn('updated_at', millis, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('portal_news_site_order').on('portal_news').columns(['status', 'pinned', 'published_at', 'id']).execute();
  await db.schema
    .alterTable('portal_service')
    .addColumn('image', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('portal_customer')
    .addColumn('logo', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('sys_attachment')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('portal_preview')
    .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('expires_at', millis, (c) => c.notNull())
    .execute();
}
