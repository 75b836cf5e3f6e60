import type SQLite from 'better-sqlite3';

const maxCachedStatements = 500;

/**
 * SQLite's prepared statements kept by their SQL text: Kysely's driver prepares every query anew, and
 * preparing costs as much as running a small one. Every run finishes before the next starts (runs are
 * synchronous, and nothing here iterates a statement lazily), so one statement serves every caller.
 */
export class SqliteStatements {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly sqlite: SQLite.Database,
    /** Stops what shares the file on a connection of its own (the checkpointer) as the database closes. */
    private readonly beforeClose: () => void = () => undefined,
  ) {}

  prepare(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= maxCachedStatements) this.statements.clear();
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.beforeClose();
    this.sqlite.close();
  }

  /**
   * The rows of a read run at once on the one connection, or `undefined` while a transaction is open
   * on it: its writes are not committed, so the read must wait its turn behind it through Kysely's
   * connection lock. With no transaction open, Kysely would run the same statement the same way, only
   * after a dozen promise turns and a lock that wakes every waiter each time it is released.
   */
  readAtOnce(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (this.sqlite.inTransaction) return undefined;
    const statement = this.prepare(sql);
    return statement.reader ? statement.all(parameters) : undefined;
  }
}
