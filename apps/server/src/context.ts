import type { Kysely } from 'kysely';
import type { Histogram } from 'prom-client';
import type { Cluster } from './cluster/cluster.ts';
import type { ServerConfig } from './config.ts';
import type { DialectName } from './db/database.ts';
import type { Database } from './db/schema.ts';

/**
 * What every module's routes are given: the database and the few services shared across modules. The
 * context is a kernel and names no module: a module that provides a shared service adds it here by
 * declaration merging (`declare module '…/context.ts'` beside the service: auth's sessions, client
 * credentials and access cache, platform's access index, monitor's traffic meter), and app.ts fills it.
 */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  /** What several server processes share beyond the database. */
  cluster: Cluster;
  /** Answer times of the API's routes, for `/metrics`. */
  requestDurations: Histogram<'method' | 'route' | 'status_code'>;
  /** Connections of the database pool in use and queries waiting for one; absent for SQLite's single connection. */
  poolStats?: () => { busy: number; waiting: number };
  now: () => number;
}
