import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Sign-in attempts counted per account and source address, reserved before the password is checked;
 * and each session's previous refresh hash, so that only a genuine rotated-out token ends a session.
 */
export async function up(db: Kysely<unknown>, { millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('auth_sign_in_attempt')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_at', millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('auth_sign_in_attempt_pk', ['account_id', 'source'])
    .execute();
  await db.schema.alterTable('auth_session').addColumn('previous_refresh_hash', 'varchar(64)').execute();
}
