import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/inTransaction.ts';
import type { AccessType, Database } from '../../../db/schema.ts';
import { type ModuleDeclaration, splitRoute } from '../../../http/operationDeclarations.ts';

export interface UrlResource {
  urlId: number;
  operationId: number;
  operationCode: string;
  accessType: AccessType;
}

/**
 * Writes the app's declared modules, functions, operations and urls: existing rows are updated in
 * place, and what the code no longer declares is deleted with its grants (the foreign keys cascade),
 * so a removed route or operation keeps no access. Only this app's rows are reconciled.
 */
export async function syncFunctionModel(
  db: Kysely<Database>,
  app: { appCode: string; appName: string; context: string; modules: ModuleDeclaration[] },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const declared = { modules: [] as string[], functions: [] as string[], operations: [] as string[], urls: new Set<string>() };
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
          const operationRow = await trx
            .insertInto('pf_operation')
            .values({ ...values, operation_code: operation.code })
            .onConflict((oc) => oc.column('operation_code').doUpdateSet(values))
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const url of operation.urls) {
            const [method, path] = splitRoute(url);
            declared.urls.add(`${method} ${path}`);
            await trx
              .insertInto('pf_url')
              .values({ operation_id: operationRow.id, url_name: url, method, url_content: path, access_type: operation.access })
              .onConflict((oc) =>
                oc.columns(['method', 'url_content']).doUpdateSet({ operation_id: operationRow.id, access_type: operation.access }),
              )
              .execute();
          }
        }
      }
    }
    await removeUndeclared(trx, appRow.id, declared);
  });
}

/** Deletes this app's modules, functions, operations and urls that the declarations no longer name. */
async function removeUndeclared(
  db: Kysely<Database>,
  appId: number,
  declared: { modules: string[]; functions: string[]; operations: string[]; urls: Set<string> },
): Promise<void> {
  const none = ['\u0000'];
  const ownModules = db.selectFrom('pf_module').select('id').where('app_id', '=', appId);
  const ownFunctions = db.selectFrom('pf_function').select('id').where('module_id', 'in', ownModules);
  const ownOperations = db.selectFrom('pf_operation').select('id').where('function_id', 'in', ownFunctions);
  const urls = await db.selectFrom('pf_url').select(['id', 'method', 'url_content']).where('operation_id', 'in', ownOperations).execute();
  const staleUrls = urls.filter((url) => !declared.urls.has(`${url.method} ${url.url_content}`)).map((url) => url.id);
  if (staleUrls.length > 0) await db.deleteFrom('pf_url').where('id', 'in', staleUrls).execute();
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
