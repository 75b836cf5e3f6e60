import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap/prepareDatabase.ts';
import { openDatabase } from '../src/db/database.ts';
import { up as nameBuiltInsInChinese } from '../src/db/migrations/0038_builtin_names_in_chinese.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

const now = Date.UTC(2026, 10, 27);

describe(`the built-in records' names (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let database: TestDatabase | undefined;
  let handle: ReturnType<typeof openDatabase> | undefined;
  afterEach(async () => {
    await handle?.db.destroy();
    await database?.drop();
    handle = undefined;
  });

  async function installed(production: boolean) {
    database = await createTestDatabase();
    handle = openDatabase(database);
    await prepareDatabase(handle.db, handle.dialect, { production, adminPassword: 'Qiming@2026x', log: () => undefined, now });
    return handle.db;
  }
  const names = async (db: Awaited<ReturnType<typeof installed>>) => ({
    role: (await db.selectFrom('iam_role').select('role_name').where('role_code', '=', 'super_admin').executeTakeFirstOrThrow()).role_name,
    account: await db
      .selectFrom('iam_account')
      .select(['name', 'introduction'])
      .where('user_name', '=', 'sysadmin')
      .executeTakeFirstOrThrow(),
    receivers: (await db.selectFrom('alarm_receiver').select('receiver_name').orderBy('id').execute()).map((row) => row.receiver_name),
    rules: (await db.selectFrom('alarm_rule').select('rule_name').orderBy('id').limit(2).execute()).map((row) => row.rule_name),
  });

  it('are Chinese from a production first start, the language of the company the product serves', async () => {
    const db = await installed(true);
    expect(await names(db)).toEqual({
      role: '超级管理员',
      account: { name: '系统管理员', introduction: '内置超级管理员。' },
      receivers: ['管理员'],
      rules: ['网关熔断器打开', '服务无健康实例'],
    });
  });

  it('are renamed in an older installation only where nobody edited them', async () => {
    const db = await installed(true);
    // As an installation made before 0038 left them, with the account's name and one rule edited since.
    await db.updateTable('iam_role').set({ role_name: 'Super administrator' }).where('role_code', '=', 'super_admin').execute();
    await db
      .updateTable('iam_account')
      .set({ name: '陈启明', introduction: 'Built-in super administrator.' })
      .where('user_name', '=', 'sysadmin')
      .execute();
    await db.updateTable('alarm_receiver').set({ receiver_name: 'Administrators' }).execute();
    await db.updateTable('alarm_rule').set({ rule_name: 'Gateway breaker opened' }).where('rule_name', '=', '网关熔断器打开').execute();
    await db.updateTable('alarm_rule').set({ rule_name: 'Payment down' }).where('rule_name', '=', '服务无健康实例').execute();

    await nameBuiltInsInChinese(db);

    expect(await names(db)).toEqual({
      role: '超级管理员',
      account: { name: '陈启明', introduction: '内置超级管理员。' },
      receivers: ['管理员'],
      rules: ['网关熔断器打开', 'Payment down'],
    });
  });
});
