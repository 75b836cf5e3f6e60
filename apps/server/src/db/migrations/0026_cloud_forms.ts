import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Cloud forms (issue 11): a form with its draft schema, the versions publishing froze, and the
 * submissions, each kept with the version it was checked against.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('form_def')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('form_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('action', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('model_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('form_version')
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form_def.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('published_at', millis, (c) => c.notNull())
    .addColumn('published_by', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_version_pk', ['form_id', 'version'])
    .execute();
  await db.schema
    .createTable('form_submission')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('field_values', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('submitted_at', millis, (c) => c.notNull())
    .addForeignKeyConstraint('form_submission_version', ['form_id', 'version'], 'form_version', ['form_id', 'version'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('form_submission_form').on('form_submission').columns(['form_id', 'submitted_at']).execute();
}
