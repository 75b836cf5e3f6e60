import { sql } from 'kysely';
import { prepareDatabase } from '../src/bootstrap/prepareDatabase.ts';
import { openDatabase } from '../src/db/database.ts';
import { TestClock } from './testApp.ts';
import { createTestDatabase, onPostgres, type SeededTemplate, seededTemplateVariable } from './testDatabase.ts';

/**
 * The server suite's global setup: seeds one database per run, as `createTestApp`'s first start would
 * (not production, the demo at the test clock's time), for every test file to copy instead of seeding
 * its own (3-8 s each). The installation secret is not part of it: `buildApp` makes one per copy.
 */
export default async function seedTemplate(): Promise<() => Promise<void>> {
  const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
  const template = await createTestDatabase(kind);
  const handle = openDatabase(template);
  try {
    await prepareDatabase(handle.db, handle.dialect, {
      production: false,
      log: () => undefined,
      now: new TestClock().time,
    });
    // A copy of the file alone must hold everything: the write-ahead log goes into it.
    if (handle.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
  } finally {
    await handle.db.destroy();
  }
  const databaseName = template.databaseUrl ? new URL(template.databaseUrl).pathname.slice(1) : undefined;
  // PostgreSQL copies a template only while nobody is connected to it.
  if (databaseName) await onPostgres(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`);
  const seeded: SeededTemplate = { kind, dataDir: template.dataDir, databaseName };
  process.env[seededTemplateVariable] = JSON.stringify(seeded);
  return () => template.drop();
}
