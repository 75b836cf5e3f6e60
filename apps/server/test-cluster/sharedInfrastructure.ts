import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '../test/serverProcess.ts';
import { createTestDatabase, type TestDatabase } from '../test/testDatabase.ts';

/**
 * A new PostgreSQL database and the environment for server processes that share it and the suite's
 * Redis, under a Redis prefix of their own so no other test's servers hear them.
 */
export async function sharedInfrastructure(): Promise<{ database: TestDatabase; env: Record<string, string> }> {
  if (!process.env.REDIS_URL) throw new Error('REDIS_URL must name the Redis these servers share');
  const database = await createTestDatabase('postgres');
  const env = {
    DATABASE_URL: database.databaseUrl ?? '',
    DATA_DIR: database.dataDir,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `qiming-test-${randomBytes(4).toString('hex')}:`,
  };
  return { database, env };
}

/** The built server (`dist/main.js`, as production runs it) on `env`, ready once it serves. */
export function startBuiltServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    args: ['--enable-source-maps', 'dist/main.js'],
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...env, NODE_ENV: 'test' },
    readyWith: 'server',
  });
}
