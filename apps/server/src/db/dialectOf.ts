import { type Kysely, SqliteAdapter } from 'kysely';

/** Whether the executor runs on SQLite, for the few queries whose best form differs by dialect. */
export function runsOnSqlite<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
