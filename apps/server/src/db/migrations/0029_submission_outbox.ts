import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Posting submissions on becomes durable: a pending submission is work any process may claim until
 * `post_claimed_until`, so one a restart interrupted is posted by the next poll instead of staying pending.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { millis }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('form_submission')
    .addColumn('post_claimed_until', millis, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('form_submission_outbox').on('form_submission').columns(['post_status', 'post_claimed_until']).execute();
}
