import { type Kysely, sql } from 'kysely';
import { runsOnSqlite } from './dialectOf.ts';
import type { Database } from './schema.ts';

/** Qiming's own advisory lock numbers, one per kind of work, kept in one place so that no two collide. */
const lockNumbers = {
  /** One of several servers starting on an empty PostgreSQL does the first start. */
  firstStart: 202_611,
  /** One change of an account's to-do list at a time (the account id is the lock's second key). */
  todoList: 202_617,
};

/**
 * Makes other transactions that take the same lock (`kind`, and `key` within it) wait until this one
 * ends. PostgreSQL takes a transaction-scoped advisory lock; SQLite needs none, since it runs one
 * write transaction at a time.
 */
export async function holdTransactionLock(trx: Kysely<Database>, kind: keyof typeof lockNumbers, key = 0): Promise<void> {
  if (!runsOnSqlite(trx)) await sql`select pg_advisory_xact_lock(${lockNumbers[kind]}, ${key})`.execute(trx);
}
