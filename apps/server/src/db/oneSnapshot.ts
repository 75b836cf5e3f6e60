import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Runs the reads of `work` against one snapshot of the database, so that what they answer together never
 * mixes rows from before a commit with rows from after it. On PostgreSQL each statement of read committed
 * sees the commits made before it began: a page read in several statements could show a command's new
 * task beside its instance's variables from before. Repeatable read takes one snapshot at the first
 * statement; on SQLite the transaction holds the one connection, so no write lands between the reads.
 */
export function inOneSnapshot<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
}
