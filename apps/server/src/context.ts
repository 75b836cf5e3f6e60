import type { Kysely } from 'kysely';
import type { Histogram } from 'prom-client';
import type { Cluster } from './cluster/cluster.ts';
import type { ServerConfig } from './config.ts';
import type { DialectName } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { AccessCache } from './modules/auth/accessCache.ts';
import type { AuthService } from './modules/auth/authService.ts';
import type { ClientCredentials } from './modules/auth/clientCredentials.ts';
import type { TrafficMeter } from './modules/monitor/trafficMeter.ts';
import type { AccessIndex } from './modules/platform/functionModel/accessIndex.ts';

/** What every module's routes are given: the database and the few services shared across modules. */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  auth: AuthService;
  clientCredentials: ClientCredentials;
  /** What several server processes share beyond the database. */
  cluster: Cluster;
  accessIndex: AccessIndex;
  /** Sessions and grants the guard reads; changes to either call `forget()` once committed. */
  accessCache: AccessCache;
  /** What this process's gateway routes, API groups and API routes see. */
  traffic: TrafficMeter;
  /** Answer times of the API's routes, for `/metrics`. */
  requestDurations: Histogram<'method' | 'route' | 'status_code'>;
  /** Connections of the database pool in use and queries waiting for one; absent for SQLite's single connection. */
  poolStats?: () => { busy: number; waiting: number };
  now: () => number;
}
