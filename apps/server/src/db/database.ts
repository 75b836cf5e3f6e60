import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparedStatementName, readAtOnceWith } from './compiledQuery.ts';
import { DatabaseUnreachable } from './connectionFault.ts';
import type { Database } from './schema.ts';
import { QimingSqliteDialect } from './sqliteDialect.ts';
import { SqliteDatabase, sqliteDriverPath } from './sqliteDriver.ts';
import { SqliteStatements } from './sqliteStatements.ts';
import { backstopCheckpointPages, WalCheckpoints } from './walCheckpoints.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  describe: string;
  /** Connections in use and queries waiting for one (PostgreSQL's pool). */
  poolStats?: () => { busy: number; waiting: number };
}

/** Where the database layer reports what it survives: the server's logger. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

// COUNT(*) and BIGINT columns arrive as strings from pg; every number here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/** How long opening a connection may take before its query answers 503: a database that is gone fails fast. */
const connectTimeoutMs = 5_000;
/** How long a query waits for a busy pool's connection: a burst on a healthy database waits its turn. */
const poolWaitMs = 20_000;

/**
 * pg's pool gives its clients its own wait; a new connection gets the shorter time to open instead. A
 * query compiled once (compiledQuery.ts) runs as a named prepared statement: parsed and planned once
 * per connection instead of on every run.
 */
class QuicklyConnectingClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // Kysely asks with (text, values); pg names a statement only when asked with a config object.
    this.query = ((text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
      return name ? query({ name, text, values: rest[0] }) : query(text, ...rest);
    }) as pg.Client['query'];
  }
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }, log?: DatabaseLog): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: poolWaitMs,
      Client: QuicklyConnectingClient,
      keepAlive: true,
    });
    // A connection the server ends (a restart, a failover, pg_terminate_backend) while it is checked out
    // emits 'error' on its client; unheard, that ends the process. Its query fails on its own, and the
    // pool drops the broken client and opens a new one for the next query.
    pool.on('connect', (client) =>
      client.on('error', (error) => log?.warn({ err: error }, 'PostgreSQL ended a connection; the pool opens another')),
    );
    // The same error of an idle client, already logged by the listener above.
    pool.on('error', () => undefined);
    // A connection that could not be had is marked as such: the request it served wrote nothing.
    const reachingPool = {
      connect: () =>
        pool.connect().catch((error: unknown) => {
          throw new DatabaseUnreachable(error);
        }),
      end: () => pool.end(),
      options: pool.options,
      Client: pg.Client,
    };
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: reachingPool }) }),
      dialect: 'postgres',
      describe: `PostgreSQL ${new URL(options.databaseUrl).pathname.slice(1)}`,
      poolStats: () => ({ busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'qiming.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${backstopCheckpointPages}`);
  const checkpoints = new WalCheckpoints(file, sqliteDriverPath, (message) => log?.warn({}, message));
  const statements = new SqliteStatements(sqlite, () => checkpoints.stop());
  const db = new Kysely<Database>({ dialect: new QimingSqliteDialect(sqlite, { database: statements }) });
  readAtOnceWith(db, statements);
  return {
    db,
    dialect: 'sqlite',
    describe: `SQLite ${file}`,
  };
}
