import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholder, readCompiledAtOnce, runCompiled } from '../src/db/compiledQuery.ts';
import { createTestApp, type TestApp } from './testApp.ts';

// A query built and compiled once answers every later run with that run's values, never the first's,
// and on PostgreSQL runs as a statement each connection prepares once.
describe(`queries compiled once (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const accountNamed = (name: string) =>
    runCompiled(
      t.context.db,
      'test account by name',
      () => t.context.db.selectFrom('iam_account').select(['user_name']).where('user_name', '=', placeholder<string>('name')),
      { name },
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers each run with that run's values", async () => {
    expect(await accountNamed('sysadmin')).toEqual([{ user_name: 'sysadmin' }]);
    expect(await accountNamed('staff01')).toEqual([{ user_name: 'staff01' }]);
    expect(await accountNamed('nobody')).toEqual([]);
  });

  it('refuses a run that leaves a placeholder without a value, rather than run it with the first value', async () => {
    await accountNamed('sysadmin');
    await expect(
      runCompiled(t.context.db, 'test account by name', () => t.context.db.selectFrom('iam_account').select(['user_name']), {}),
    ).rejects.toThrow('no value for the placeholder name');
  });

  it("reads at once only an SQLite connection that no transaction holds: an open transaction's uncommitted rows are never seen", async () => {
    const db = t.context.db;
    const introduced = (text: string) => () =>
      db
        .selectFrom('iam_account')
        .select(['user_name'])
        .where('user_name', '=', placeholder<string>('name'))
        .where('introduction', '=', text);
    const readAtOnce = () => readCompiledAtOnce(db, 'test account by name and introduction', introduced('at once'), { name: 'staff01' });
    if (t.context.dialect !== 'sqlite') {
      expect(readAtOnce()).toBeUndefined();
      return;
    }
    expect(readAtOnce()).toEqual([]);
    let duringTransaction: unknown = 'not read';
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('iam_account').set({ introduction: 'at once' }).where('user_name', '=', 'staff01').execute();
        duringTransaction = readAtOnce();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(duringTransaction).toBeUndefined();
    expect(readAtOnce()).toEqual([]);
  });

  it('runs its statement as one prepared once per connection on PostgreSQL, and as one kept statement on SQLite', async () => {
    const runTwice = (db: typeof t.context.db) =>
      Promise.all(
        ['sysadmin', 'staff01'].map((name) =>
          runCompiled(
            db,
            'test account by name',
            () => db.selectFrom('iam_account').select(['user_name']).where('user_name', '=', placeholder<string>('name')),
            { name },
          ),
        ),
      );
    if (t.context.dialect === 'sqlite') {
      expect(await runTwice(t.context.db)).toEqual([[{ user_name: 'sysadmin' }], [{ user_name: 'staff01' }]]);
      return;
    }
    const prepared = await t.context.db.connection().execute(async (connection) => {
      await runTwice(connection);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'qiming_%'`.execute(connection))
        .rows;
    });
    expect(prepared.filter((row) => row.statement.includes('"iam_account"'))).toHaveLength(1);
  });
});
