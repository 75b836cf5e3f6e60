import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * better-sqlite3 for the Node this runs on. Before version 13 its statements are `node::ObjectWrap`s,
 * and since Node 24.19 ObjectWrap's destructor asserts a current environment, so a statement collected
 * by an idle garbage collection aborts the process (WiseLibs/better-sqlite3#1515; here, test workers
 * died at exit). Version 13 is built on Node-API 10 and ships its Linux binaries, but Node 20 knows
 * Node-API 9 only and crashes loading it. So a Node with Node-API 10 (22.14 and later, the production
 * image's 24) loads 13 (`better-sqlite3-napi`, an npm alias), an older one 12, compiled on install.
 */
const driverName = Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const SqliteDatabase: typeof SQLite = require(driverName);

/** Where that driver's module is, for a worker thread to load the same one (see walCheckpoints.ts). */
export const sqliteDriverPath: string = require.resolve(driverName);
