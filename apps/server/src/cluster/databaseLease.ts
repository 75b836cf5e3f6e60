import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes or renews the lease `name` (a row of sys_lease) for `holder` until `now + ttlMs`: true when
 * `holder` has it. One conditional update, so of any number of processes asking at once exactly one
 * gets a lease that has run out, in SQLite and in PostgreSQL; a holder that stops renewing loses it
 * after `ttlMs`.
 */
export async function holdLease(db: Kysely<Database>, name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sys_lease')
    .set({ holder, expires_at: now + ttlMs })
    .where('name', '=', name)
    .where((where) => where.or([where('holder', '=', holder), where('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease up at once, so another process need not wait for it to run out. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.updateTable('sys_lease').set({ expires_at: 0 }).where('name', '=', name).where('holder', '=', holder).execute();
}
