import type { Kysely } from 'kysely';
import type { AccessType, Database } from '../../../db/schema.ts';
import { type ModuleDeclaration, splitRoute } from './declarations.ts';

export interface UrlResource {
  urlId: number;
  operationId: number;
  operationCode: string;
  accessType: AccessType;
}

/** Writes the app's declared modules, functions, operations and urls; existing rows are updated in place. */
export async function syncFunctionModel(
  db: Kysely<Database>,
  app: { appCode: string; appName: string; context: string; modules: ModuleDeclaration[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
    for (const module of app.modules) {
      const moduleRow = await trx
        .insertInto('pf_module')
        .values({ app_id: appRow.id, module_code: module.code, module_name: module.name })
        .onConflict((oc) => oc.column('module_code').doUpdateSet({ module_name: module.name, app_id: appRow.id }))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const fn of module.functions) {
        const functionRow = await trx
          .insertInto('pf_function')
          .values({ module_id: moduleRow.id, function_code: fn.code, function_name: fn.name })
          .onConflict((oc) => oc.column('function_code').doUpdateSet({ function_name: fn.name, module_id: moduleRow.id }))
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const operation of fn.operations) {
          const values = {
            function_id: functionRow.id,
            operation_name: operation.name,
            operation_type_code: operation.type,
            is_default: operation.isDefault ? 1 : 0,
          };
          const operationRow = await trx
            .insertInto('pf_operation')
            .values({ ...values, operation_code: operation.code })
            .onConflict((oc) => oc.column('operation_code').doUpdateSet(values))
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const url of operation.urls) {
            const [method, path] = splitRoute(url);
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
  });
}

export async function listUrlResources(db: Kysely<Database>): Promise<Array<UrlResource & { method: string; path: string }>> {
  const rows = await db
    .selectFrom('pf_url')
    .innerJoin('pf_operation', 'pf_operation.id', 'pf_url.operation_id')
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
