import { randomBytes } from 'node:crypto';
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
