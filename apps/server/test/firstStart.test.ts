import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap/prepareDatabase.ts';
import { openDatabase } from '../src/db/database.ts';
import { syncFunctionModel, syncRouteUrls } from '../src/modules/platform/functionModel/functionModelRepo.ts';
import { qimingApp } from '../src/operationCatalogue.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

const now = Date.UTC(2026, 10, 22);

describe(`first start and the function model at every start (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let database: TestDatabase | undefined;
  let handle: ReturnType<typeof openDatabase> | undefined;
  afterEach(async () => {
    await handle?.db.destroy();
    await database?.drop();
    handle = undefined;
  });

  async function open() {
    database = await createTestDatabase();
    handle = openDatabase(database);
    return handle;
  }
  const prepare = (db: ReturnType<typeof openDatabase>, seedDemo?: () => Promise<void>) =>
    prepareDatabase(db.db, db.dialect, {
      production: false,
      log: () => undefined,
      now,
      ...(seedDemo ? { seedDemo } : {}),
    });
  const superHolders = (db: ReturnType<typeof openDatabase>) =>
    db.db
      .selectFrom('iam_account_role')
      .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
      .innerJoin('iam_account', 'iam_account.id', 'iam_account_role.account_id')
      .select('iam_account.user_name')
      .where('iam_role.is_super', '=', 1)
      .execute();

  it('leaves nothing half made when the first start fails, and the next start completes it', async () => {
    const db = await open();
    await expect(
      prepare(db, async () => {
        throw new Error('the disk filled up while seeding');
      }),
    ).rejects.toThrow('the disk filled up');
    expect(await db.db.selectFrom('iam_account').select('id').execute()).toEqual([]);
    expect(await db.db.selectFrom('iam_role').select('id').execute()).toEqual([]);
    await prepare(db);
    expect(await superHolders(db)).toEqual([{ user_name: 'sysadmin' }]);
    expect((await db.db.selectFrom('iam_account').select('user_name').where('user_name', '=', 'staff01').execute()).length).toBe(1);
  });

  it('gives the super administrator role back to sysadmin when no account holds it', async () => {
    const db = await open();
    await prepare(db);
    await db.db.deleteFrom('iam_account_role').execute();
    await db.db.deleteFrom('iam_role').where('is_super', '=', 1).execute();
    expect(await superHolders(db)).toEqual([]);
    await prepare(db);
    expect(await superHolders(db)).toEqual([{ user_name: 'sysadmin' }]);
  });

  it('removes what the code no longer declares or serves, with its grants, at the next start', async () => {
    const db = await open();
    await prepare(db);
    const declared = qimingApp.modules.flatMap((module) => module.functions).flatMap((fn) => fn.operations);
    const served = (code: string, method: string, path: string) => ({
      method,
      path,
      operation: declared.find((operation) => operation.code === code) ?? expect.fail(`no operation ${code}`),
    });
    const routes = [
      served('account:edit', 'POST', '/api/admin/accounts/:id/lock'),
      served('account:edit', 'POST', '/api/admin/accounts/:id/unlock'),
      served('account:export', 'GET', '/api/admin/accounts/export'),
    ];
    await syncRouteUrls(db.db, qimingApp.appCode, routes);
    const withoutExport = {
      ...qimingApp,
      modules: qimingApp.modules.map((module) => ({
        ...module,
        functions: module.functions.map((fn) => ({
          ...fn,
          operations: fn.operations.filter((operation) => operation.code !== 'account:export'),
        })),
      })),
    };
    const exportOperation = await db.db
      .selectFrom('pf_operation')
      .select('id')
      .where('operation_code', '=', 'account:export')
      .executeTakeFirstOrThrow();
    const role = await db.db
      .insertInto('iam_role')
      .values({ role_code: 'exporter', role_name: 'Exporter', role_type: 'common', is_super: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db.insertInto('iam_role_operation').values({ role_id: role.id, operation_id: exportOperation.id }).execute();

    // The next start's code declares no export operation and serves no lock route.
    await syncFunctionModel(db.db, withoutExport);
    await syncRouteUrls(db.db, qimingApp.appCode, routes.slice(1, 2));
    const url = (method: string, path: string) =>
      db.db.selectFrom('pf_url').select('id').where('method', '=', method).where('url_content', '=', path).execute();
    expect(await url('POST', '/api/admin/accounts/:id/lock')).toEqual([]);
    expect((await url('POST', '/api/admin/accounts/:id/unlock')).length).toBe(1);
    expect(await url('GET', '/api/admin/accounts/export')).toEqual([]);
    expect(await db.db.selectFrom('pf_operation').select('id').where('operation_code', '=', 'account:export').execute()).toEqual([]);
    expect(await db.db.selectFrom('iam_role_operation').select('operation_id').where('role_id', '=', role.id).execute()).toEqual([]);

    await syncFunctionModel(db.db, qimingApp);
    await syncRouteUrls(db.db, qimingApp.appCode, routes);
    expect((await url('POST', '/api/admin/accounts/:id/lock')).length).toBe(1);
  });
});
