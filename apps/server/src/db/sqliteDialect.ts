import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig } from 'kysely';

/**
 * Kysely's SQLite dialect, except that a transaction SQLite has already rolled back itself (it does on
 * SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM) is not rolled back again: that ROLLBACK fails with "cannot
 * rollback - no transaction is active", and Kysely would throw it in place of the real cause.
 */
export class CauseKeepingSqliteDialect extends SqliteDialect {
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
}
