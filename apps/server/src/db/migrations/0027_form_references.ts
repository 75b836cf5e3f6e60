import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Cloud forms, running (issue 11): where posting each submission on stands, and who uploaded each
 * attachment. An attachment is stored once per content, so its first uploader alone cannot say whether
 * a later submitter uploaded it too: every uploader gets a row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { millis }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('form_submission')
    .addColumn('post_status', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.alterTable('form_submission').addColumn('post_error', 'varchar(500)').execute();
  await db.schema
    .createTable('sys_attachment_uploader')
    .addColumn('attachment_id', 'integer', (c) => c.notNull().references('sys_attachment.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('uploaded_at', millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_attachment_uploader_pk', ['attachment_id', 'account_id'])
    .execute();
  await db
    .insertInto('sys_attachment_uploader')
    .columns(['attachment_id', 'account_id', 'uploaded_at'])
    .expression(
      db
        .selectFrom('sys_attachment')
        .select(['id', 'uploaded_by', 'uploaded_at'])
        .where('uploaded_by', 'in', db.selectFrom('iam_account').select('id')),
    )
    .execute();
}
