import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';
import { aboutSections, cases, customers, news, positions, products, siteSettings } from './portal/content.ts';

/** China Standard Time, as the content's dates are written. */
const chinaTime = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);

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

  await db
    .insertInto('portal_setting')
    .values(Object.entries(siteSettings).map(([key, value]) => ({ key, value })))
    .execute();
  const services = [
    ...products.map((service, seq) => ({ kind: 'information', seq, ...service })),
    ...cases.map((service, seq) => ({ kind: 'innovation', seq, ...service })),
  ];
  await db
    .insertInto('portal_service')
    .values(
      services.map((service) => ({
        kind: service.kind,
        seq: service.seq,
        name: service.name,
        summary: service.summary,
        features: JSON.stringify(service.features),
      })),
    )
    .execute();
  await db
    .insertInto('portal_news')
    .values(news.map((item) => ({ title: item.title, summary: item.summary, body: item.body, published_at: chinaTime(item.publishedAt) })))
    .execute();
  await db
    .insertInto('portal_customer')
    .values(customers.map((customer, seq) => ({ seq, ...customer })))
    .execute();
  await db
    .insertInto('portal_about_section')
    .values(aboutSections.map((section, seq) => ({ seq, ...section })))
    .execute();
  await db
    .insertInto('portal_position')
    .values(positions.map((position, seq) => ({ seq, ...position })))
    .execute();
}
