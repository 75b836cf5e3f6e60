import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase } from '../apps/server/src/db/sqliteDriver.ts';
import { seededDataDirVariable, startBuiltServer } from './support/server.ts';

/**
 * Seeds the demo once per run: the built server starts on a new data directory, seeds it and stops
 * (closing SQLite checkpoints its journal into the file), and every spec's server starts on a copy
 * (startServer). The workers inherit the directory's name through the environment.
 *
 * Every server of the run also shares one compile cache (Node 22.1+; Node 20 ignores the variable): V8
 * compiles the bundle and its dependencies once, and a spec's server start on Node 24 went 4.4-4.6 s ->
 * 3.4-3.5 s, some forty starts a run.
 */
export default async function seedOnce() {
  const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-e2e-compile-cache-'));
  process.env.NODE_COMPILE_CACHE ??= compileCache;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-e2e-seeded-'));
  const started = performance.now();
  try {
    // No spec's clock runs yet: a machine busy with other work may take longer than a spec's start.
    const server = await startBuiltServer(dataDir, {}, 180_000);
    await server.stop();
    // A stop that timed out or failed may have left the database half written: no copy of that.
    if (/the graceful stop/.test(server.output())) throw new Error(`the seeding server did not stop cleanly:\n${server.output()}`);
    // Each copy makes its own token-signing secret on its first start, as a new installation does.
    const db = new SqliteDatabase(path.join(dataDir, 'qiming.sqlite'));
    db.prepare("delete from sys_setting where key = 'jwt.secret'").run();
    db.close();
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(compileCache, { recursive: true, force: true });
    throw error;
  }
  console.log(`Seeded the demo once for every spec in ${Math.round(performance.now() - started)} ms`);
  process.env[seededDataDirVariable] = dataDir;
  return () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(compileCache, { recursive: true, force: true });
  };
}
