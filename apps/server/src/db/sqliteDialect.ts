import type SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  type LimitNode,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * Kysely's SQLite dialect with two changes:
 * - a transaction SQLite has already rolled back itself (it does on SQLITE_FULL, SQLITE_IOERR,
 *   SQLITE_NOMEM) is not rolled back again: that ROLLBACK fails with "cannot rollback - no transaction is
 *   active", and Kysely would throw it in place of the real cause;
 * - its queries' LIMIT is read when they run, not when SQLite plans them (see RunTimeLimitCompiler).
 */
export class QimingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    config: SqliteDialectConfig,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }

  override createQueryCompiler(): QueryCompiler {
    return new RunTimeLimitCompiler();
  }
}

/**
 * Writes `limit ?` as `limit cast(? as integer)`. SQLite's planner reads a bound LIMIT's value and marks
 * the statement to be prepared again whenever that parameter is bound anew, so every run of a kept
 * statement with a bound LIMIT (each page of a list) parsed and planned it again: 30 µs instead of 24 for
 * a 20-row page here. An expression is evaluated when the statement runs, with the same result.
 */
class RunTimeLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit cast(');
    this.visitNode(node.limit);
    this.append(' as integer)');
  }
}
