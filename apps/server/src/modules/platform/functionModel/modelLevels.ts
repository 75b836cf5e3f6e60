import {
  type AppInput,
  appAddressPattern,
  type FunctionInput,
  type ModelLevel,
  type ModuleInput,
  type OperationInput,
  type UrlInput,
} from '@qiming/shared';

/** The tables of the function model, one per level, with the column naming each row's parent, code and name. */
export const levelTables = {
  app: { table: 'pf_app', parentColumn: null, child: 'module', code: 'app_code', name: 'app_name' },
  module: { table: 'pf_module', parentColumn: 'app_id', child: 'function', code: 'module_code', name: 'module_name' },
  function: { table: 'pf_function', parentColumn: 'module_id', child: 'operation', code: 'function_code', name: 'function_name' },
  operation: { table: 'pf_operation', parentColumn: 'function_id', child: 'url', code: 'operation_code', name: 'operation_name' },
  url: { table: 'pf_url', parentColumn: 'operation_id', child: null, code: 'url_content', name: 'url_name' },
} as const satisfies Record<
  ModelLevel,
  { table: string; parentColumn: string | null; child: ModelLevel | null; code: string; name: string }
>;

export type LevelTable = (typeof levelTables)[ModelLevel]['table'];
export type ModelRow = Record<string, string | number | null>;

/** A level's input as the columns of its table (its parent set apart). */
export const rowOf = {
  app: (input: AppInput) => {
    const [, host, port, context] = appAddressPattern.exec(input.address) as RegExpExecArray;
    return {
      app_code: input.appCode,
      app_name: input.appName,
      server_host: host as string,
      port: Number(port),
      context: context as string,
      transport: input.transport,
      seq: input.seq,
    };
  },
  module: (input: ModuleInput) => ({ module_code: input.moduleCode, module_name: input.moduleName, seq: input.seq }),
  function: (input: FunctionInput) => ({ function_code: input.functionCode, function_name: input.functionName, seq: input.seq }),
  operation: (input: OperationInput) => ({
    operation_code: input.operationCode,
    operation_name: input.operationName,
    operation_type_code: input.operationTypeCode,
    is_default: input.isDefault ? 1 : 0,
    seq: input.seq,
  }),
  url: (input: UrlInput) => ({
    url_name: input.urlName,
    method: input.method,
    url_content: input.urlContent,
    access_type: input.accessType,
  }),
};

/** A row as its level's form edits it: the fields the inputs above take. */
export function fieldsOf(level: ModelLevel, row: ModelRow): Record<string, string | number | boolean> {
  const text = (column: string) => String(row[column] ?? '');
  switch (level) {
    case 'app':
      return {
        appCode: text('app_code'),
        appName: text('app_name'),
        address: `${text('server_host')}:${text('port')}${text('context')}`,
        transport: text('transport'),
        seq: Number(row.seq),
      };
    case 'module':
      return { moduleCode: text('module_code'), moduleName: text('module_name'), seq: Number(row.seq) };
    case 'function':
      return { functionCode: text('function_code'), functionName: text('function_name'), seq: Number(row.seq) };
    case 'operation':
      return {
        operationCode: text('operation_code'),
        operationName: text('operation_name'),
        operationTypeCode: text('operation_type_code'),
        isDefault: Number(row.is_default) === 1,
        seq: Number(row.seq),
      };
    case 'url':
      return { urlName: text('url_name'), method: text('method'), urlContent: text('url_content'), accessType: text('access_type') };
  }
}
