import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  label: string;
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** Where the run's seeded template lives (set by `seedTemplate.ts`, the server suite's global setup). */
export interface SeededTemplate {
  kind: 'sqlite' | 'postgres';
  dataDir: string;
  /** The PostgreSQL template database's name. */
  databaseName?: string;
}

export const seededTemplateVariable = 'QIMING_TEST_SEEDED_TEMPLATE';

const adminUrl = () => process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on a connection of its own, to the server at PG_ADMIN_URL unless `url` names another database. */
export async function onPostgres<T extends pg.QueryResultRow>(statement: string, params: unknown[] = [], url = adminUrl()): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test file: a SQLite file in a temporary directory, or, with
 * TEST_DATABASE=postgres, a new database on the PostgreSQL server at PG_ADMIN_URL.
 */
export async function createTestDatabase(kind = process.env.TEST_DATABASE): Promise<TestDatabase> {
  return newTestDatabase(kind === 'postgres' ? 'postgres' : 'sqlite');
}

/**
 * A database as a test app's first start leaves it (migrations, the super administrator and the demo
 * at the test clock's time, the demo's images in the data directory): a copy of the run's seeded
 * template, which costs milliseconds where seeding costs seconds. Without a template (a run without
 * the global setup, or one for the other database) it is a fresh, empty database that the app seeds.
 */
export async function createSeededTestDatabase(kind = process.env.TEST_DATABASE): Promise<TestDatabase> {
  const wanted = kind === 'postgres' ? 'postgres' : 'sqlite';
  const template = readSeededTemplate();
  if (template?.kind !== wanted) return newTestDatabase(wanted);
  return newTestDatabase(wanted, template);
}

function readSeededTemplate(): SeededTemplate | undefined {
  const value = process.env[seededTemplateVariable];
  return value ? (JSON.parse(value) as SeededTemplate) : undefined;
}

async function newTestDatabase(kind: 'sqlite' | 'postgres', template?: SeededTemplate): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-test-'));
  // The SQLite file and the demo's uploaded images.
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind !== 'postgres') return { label: 'sqlite', dataDir, drop: async () => removeDir() };

  const name = `qiming_test_${randomBytes(6).toString('hex')}`;
  await onPostgres(template?.databaseName ? `CREATE DATABASE ${name} TEMPLATE ${template.databaseName}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    label: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      await onPostgres(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      removeDir();
    },
  };
}
