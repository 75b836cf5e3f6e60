import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap/prepareDatabase.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { TestClock } from './testApp.ts';
import { createSeededTestDatabase, createTestDatabase, seededTemplateVariable, type TestDatabase } from './testDatabase.ts';

/**
 * Columns that differ between any two first starts: salted password hashes, the workflow engine's
 * random execution ids, and the two alarm rows migration 0025 stamps with the wall clock.
 */
const differEveryStart: Record<string, string[]> = {
  iam_account: ['password_hash'],
  alarm_receiver: ['updated_at'],
  alarm_rule: ['updated_at'],
  bpm_activity: ['execution_id'],
  bpm_instance: ['engine_state', 'parent_execution_id'],
  bpm_task: ['execution_id', 'engine_snapshot'],
  bpm_external_task: ['id', 'execution_id'],
  bpm_incident: ['execution_id'],
  bpm_subscription: ['execution_id'],
};

/** Every row of every table, in a stable order, without the columns above. */
async function contents(db: Kysely<Database>) {
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
  const rows: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    const result = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
    const varying = differEveryStart[table] ?? [];
    rows[table] = result.rows
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !varying.includes(column)))))
      .sort();
  }
  return rows;
}

function files(dir: string) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('qiming.sqlite'))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return `${path.relative(dir, file)} ${fs.statSync(file).size}`;
    })
    .sort();
}

describe(`seeded test database (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const opened: TestDatabase[] = [];
  const handles: ReturnType<typeof openDatabase>[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.db.destroy();
    for (const database of opened.splice(0)) await database.drop();
  });
  const open = (database: TestDatabase) => {
    opened.push(database);
    const handle = openDatabase(database);
    handles.push(handle);
    return handle;
  };

  it('is a copy of the run template, rows and files, exactly what a first start at the test clock makes', async () => {
    expect(process.env[seededTemplateVariable], 'the global setup seeded no template').toBeTruthy();
    const fresh = await createTestDatabase();
    const freshHandle = open(fresh);
    await prepareDatabase(freshHandle.db, freshHandle.dialect, {
      production: false,
      log: () => undefined,
      now: new TestClock().time,
    });
    const copy = await createSeededTestDatabase();
    // Seeded before the app ever opens it.
    const copyHandle = open(copy);
    expect(await copyHandle.db.selectFrom('iam_account').select('user_name').where('user_name', '=', 'staff01').execute()).toHaveLength(1);
    expect(await contents(copyHandle.db)).toEqual(await contents(freshHandle.db));
    // The demo's pictures ship with the site (no uploads), so both data directories hold the same, if any.
    expect(files(copy.dataDir)).toEqual(files(fresh.dataDir));
  });

  it('gives each test file a database of its own', async () => {
    const first = open(await createSeededTestDatabase());
    const second = open(await createSeededTestDatabase());
    await first.db.deleteFrom('iam_account_role').execute();
    expect((await second.db.selectFrom('iam_account_role').select('account_id').execute()).length).toBeGreaterThan(0);
  });
});
