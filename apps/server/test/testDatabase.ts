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

/**
 * A fresh, empty database for one test file: a SQLite file in a temporary directory, or, with
 * TEST_DATABASE=postgres, a new database on the PostgreSQL server at PG_ADMIN_URL.
 */
export async function createTestDatabase(kind = process.env.TEST_DATABASE): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind !== 'postgres') return { label: 'sqlite', dataDir, drop: async () => removeDir() };

  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `qiming_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      removeDir();
    },
  };
}
