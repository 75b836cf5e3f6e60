import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/inTransaction.ts';
import type { AccessType, Database } from '../../../db/schema.ts';
import { holdTransactionLock } from '../../../db/transactionLock.ts';
import type { ModuleDeclaration, RouteOperation } from '../../../http/operationDeclarations.ts';

export interface UrlResource {
  urlId: number;
  operationId: number;
  operationCode: string;
  accessType: AccessType;
}

/**
 * Writes the app's declared modules, functions and operations: existing rows are updated in place, and
 * what the code no longer declares is deleted with its grants and urls (the foreign keys cascade), so a
 * removed operation keeps no access. Only this app's rows are reconciled; the urls come from the routes
 * (`syncRouteUrls`).
 */
export async function syncFunctionModel(
  db: Kysely<Database>,
  app: { appCode: string; appName: string; context: string; modules: ModuleDeclaration[] },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const declared = { modules: [] as string[], functions: [] as string[], operations: [] as string[] };
    const appRow = await trx
      .insertInto('pf_app')
      .values({
        app_code: app.appCode,
        app_name: app.appName,
        context: app.context,
        server_host: '127.0.0.1',
        port: 3000,
        transport: 'http',
      })
      .onConflict((oc) => oc.column('app_code').doUpdateSet({ app_name: app.appName, context: app.context }))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [moduleSeq, module] of app.modules.entries()) {
      declared.modules.push(module.code);
      const moduleValues = { app_id: appRow.id, module_name: module.name, seq: moduleSeq };
      const moduleRow = await trx
        .insertInto('pf_module')
        .values({ ...moduleValues, module_code: module.code })
        .onConflict((oc) => oc.column('module_code').doUpdateSet(moduleValues))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [functionSeq, fn] of module.functions.entries()) {
        declared.functions.push(fn.code);
        const functionValues = { module_id: moduleRow.id, function_name: fn.name, seq: functionSeq };
        const functionRow = await trx
          .insertInto('pf_function')
          .values({ ...functionValues, function_code: fn.code })
          .onConflict((oc) => oc.column('function_code').doUpdateSet(functionValues))
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [operationSeq, operation] of fn.operations.entries()) {
          declared.operations.push(operation.code);
          const values = {
            function_id: functionRow.id,
            operation_name: operation.name,
            operation_type_code: operation.type,
            is_default: operation.isDefault ? 1 : 0,
            seq: operationSeq,
          } as const;
          await trx
            .insertInto('pf_operation')
            .values({ ...values, operation_code: operation.code })
            .onConflict((oc) => oc.column('operation_code').doUpdateSet(values))
            .execute();
        }
      }
    }
    await removeUndeclared(trx, appRow.id, declared);
  });
}

/** Deletes this app's modules, functions and operations that the declarations no longer name. */
async function removeUndeclared(
  db: Kysely<Database>,
  appId: number,
  declared: { modules: string[]; functions: string[]; operations: string[] },
): Promise<void> {
  const none = ['\u0000'];
  const ownModules = db.selectFrom('pf_module').select('id').where('app_id', '=', appId);
  const ownFunctions = db.selectFrom('pf_function').select('id').where('module_id', 'in', ownModules);
  await db
    .deleteFrom('pf_operation')
    .where('function_id', 'in', ownFunctions)
    .where('operation_code', 'not in', declared.operations.length > 0 ? declared.operations : none)
    .execute();
  await db
    .deleteFrom('pf_function')
    .where('module_id', 'in', ownModules)
    .where('function_code', 'not in', declared.functions.length > 0 ? declared.functions : none)
    .execute();
  await db
    .deleteFrom('pf_module')
    .where('app_id', '=', appId)
    .where('module_code', 'not in', declared.modules.length > 0 ? declared.modules : none)
    .execute();
}

/**
 * Writes a url resource for every registered route under the operation it names, and deletes this app's
 * urls that no route serves any more, so a removed route keeps no access. Run once the routes are
 * registered, after `syncFunctionModel` wrote the operations they name; servers starting together take
 * turns, as at the first start.
 */
export async function syncRouteUrls(db: Kysely<Database>, appCode: string, routes: readonly RouteOperation[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await holdTransactionLock(trx, 'firstStart');
    const operations = await trx
      .selectFrom('pf_operation')
      .innerJoin('pf_function', 'pf_function.id', 'pf_operation.function_id')
      .innerJoin('pf_module', 'pf_module.id', 'pf_function.module_id')
      .innerJoin('pf_app', 'pf_app.id', 'pf_module.app_id')
      .where('pf_app.app_code', '=', appCode)
      .select(['pf_operation.id', 'pf_operation.operation_code'])
      .execute();
    const operationIds = new Map(operations.map((row) => [row.operation_code, row.id]));
    const existing = await trx
      .selectFrom('pf_url')
      .select(['id', 'method', 'url_content', 'operation_id', 'access_type'])
      .where('operation_id', 'in', operations.length > 0 ? operations.map((row) => row.id) : [-1])
      .execute();
    const byRoute = new Map(existing.map((row) => [`${row.method} ${row.url_content}`, row]));
    const served = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      served.add(key);
      const operationId = operationIds.get(route.operation.code);
      if (operationId === undefined) throw new Error(`The operation ${route.operation.code} of ${key} is not in the function model`);
      const row = byRoute.get(key);
      if (row?.operation_id === operationId && row.access_type === route.operation.access) continue;
      await trx
        .insertInto('pf_url')
        .values({
          operation_id: operationId,
          url_name: key,
          method: route.method,
          url_content: route.path,
          access_type: route.operation.access,
        })
        .onConflict((oc) =>
          oc.columns(['method', 'url_content']).doUpdateSet({ operation_id: operationId, access_type: route.operation.access }),
        )
        .execute();
    }
    const stale = existing.filter((row) => !served.has(`${row.method} ${row.url_content}`)).map((row) => row.id);
    if (stale.length > 0) await trx.deleteFrom('pf_url').where('id', 'in', stale).execute();
  });
}

/**
 * The urls the guard knows: only those of the app the code declares. Apps, modules and urls an
 * administrator adds or imports describe other services; whatever they say, they never open, close or
 * re-grant one of Qiming's own routes.
 */
export async function listUrlResources(
  db: Kysely<Database>,
  appCode: string,
): Promise<Array<UrlResource & { method: string; path: string }>> {
  const rows = await db
    .selectFrom('pf_url')
    .innerJoin('pf_operation', 'pf_operation.id', 'pf_url.operation_id')
    .innerJoin('pf_function', 'pf_function.id', 'pf_operation.function_id')
    .innerJoin('pf_module', 'pf_module.id', 'pf_function.module_id')
    .innerJoin('pf_app', 'pf_app.id', 'pf_module.app_id')
    .where('pf_app.app_code', '=', appCode)
    .select([
      'pf_url.id',
      'pf_url.method',
      'pf_url.url_content',
      'pf_url.access_type',
      'pf_operation.id as operation_id',
      'pf_operation.operation_code',
    ])
    .execute();
  return rows.map((row) => ({
    urlId: row.id,
    method: row.method,
    path: row.url_content,
    operationId: row.operation_id,
    operationCode: row.operation_code,
    accessType: row.access_type,
  }));
}
