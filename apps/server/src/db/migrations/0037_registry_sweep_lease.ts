import type { Kysely } from 'kysely';

/** The registry's health sweep runs on one server of the cluster: the one holding this lease. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('sys_lease').values({ name: 'registry-sweep', holder: '', expires_at: 0 }).execute();
}
