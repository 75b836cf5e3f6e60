import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  describe: string;
  /** Connections in use and queries waiting for one (PostgreSQL's pool). */
  poolStats?: () => { busy: number; waiting: number };
}

// COUNT(*) and BIGINT columns arrive as strings from pg; every number here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, a dropped database) is replaced on the
    // next query; without a listener its error would end the whole process.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      describe: `PostgreSQL ${new URL(options.databaseUrl).pathname.slice(1)}`,
      poolStats: () => ({ busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'qiming.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    describe: `SQLite ${file}`,
  };
}

const maxCachedStatements = 500;

/**
 * Kysely prepares every query anew, and preparing costs as much as running a small one. Statements are
 * kept by their SQL text; Kysely runs each to completion before the next (it never interleaves two
 * runs of one statement), so reuse is safe.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= maxCachedStatements) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
