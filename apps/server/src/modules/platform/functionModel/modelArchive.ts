import { appInput, functionInput, type ModelLevel, moduleInput, operationInput, urlInput } from '@qiming/shared';
import { strToU8, zipSync } from 'fflate';
import type { Parser } from 'node-sql-parser';
import type { ZodType } from 'zod';
import { type AppError, badRequest } from '../../../http/errors.ts';
import { loadOnFirstUse } from '../../../http/loadOnFirstUse.ts';
import { isStorableText } from '../../../http/storableText.ts';
import { looksLikeZip, unpackZip } from '../../../http/zipUpload.ts';
import { levelTables, type ModelRow, rowOf } from './modelLevels.ts';
import { splitStatements } from './sqlStatements.ts';

/**
 * The model's exchange format (spec: a .zip of UTF-8 .txt files without BOM, of SQL statements):
 * `INSERT INTO <table> (<columns>) VALUES (…), …;` into the five function-model tables. A row names its
 * parent by code (`app_code` in pf_module, `module_code` in pf_function, `function_code` in pf_operation,
 * `operation_code` in pf_url), never by id, so a file means the same in every installation.
 */
export const importColumns = {
  app: { parent: null, required: ['app_code', 'app_name', 'server_host', 'port', 'context', 'transport'], optional: ['seq'] },
  module: { parent: 'app_code', required: ['app_code', 'module_code', 'module_name'], optional: ['seq'] },
  function: { parent: 'module_code', required: ['module_code', 'function_code', 'function_name'], optional: ['seq'] },
  operation: {
    parent: 'function_code',
    required: ['function_code', 'operation_code', 'operation_name', 'operation_type_code'],
    optional: ['is_default', 'seq'],
  },
  url: { parent: 'operation_code', required: ['operation_code', 'url_name', 'method', 'url_content', 'access_type'], optional: [] },
} as const satisfies Record<ModelLevel, { parent: string | null; required: string[]; optional: string[] }>;

export const modelArchiveLimits = { entries: 200, entryBytes: 4 * 1024 * 1024, totalBytes: 16 * 1024 * 1024, ratio: 200 } as const;
/** More rows than any real model has; a file past it is a mistake, refused before anything is parsed further. */
const maxRows = 20_000;

/** One row to add, where it came from, and the code of its parent. */
export interface ImportRow {
  level: ModelLevel;
  row: ModelRow;
  parentCode: string | null;
  file: string;
  line: number;
}

const levelOfTable = new Map<string, ModelLevel>(Object.entries(levelTables).map(([level, { table }]) => [table, level as ModelLevel]));

const inputs: Record<ModelLevel, ZodType> = {
  app: appInput,
  module: moduleInput,
  function: functionInput,
  operation: operationInput,
  url: urlInput,
};

/** The form fields a level's input takes, from the columns of an import row. */
function inputFields(level: ModelLevel, values: Record<string, string | number>): Record<string, unknown> {
  const seq = values.seq ?? 0;
  switch (level) {
    case 'app':
      return {
        appCode: values.app_code,
        appName: values.app_name,
        address: `${values.server_host}:${values.port}${values.context}`,
        transport: values.transport,
        seq,
      };
    case 'module':
      return { parentId: 1, moduleCode: values.module_code, moduleName: values.module_name, seq };
    case 'function':
      return { parentId: 1, functionCode: values.function_code, functionName: values.function_name, seq };
    case 'operation':
      return {
        parentId: 1,
        operationCode: values.operation_code,
        operationName: values.operation_name,
        operationTypeCode: values.operation_type_code,
        isDefault: String(values.is_default ?? 0) === '1' ? true : String(values.is_default ?? 0) === '0' ? false : values.is_default,
        seq,
      };
    case 'url':
      return {
        parentId: 1,
        urlName: values.url_name,
        method: values.method,
        urlContent: values.url_content,
        accessType: values.access_type,
      };
  }
}

// The package is CommonJS: Node's ESM loader sees only its default export.
const loadParser = loadOnFirstUse(async () => new (await import('node-sql-parser')).default.Parser());
const at = (file: string, line: number, reason: string, params: Record<string, string | number> = {}): AppError =>
  badRequest('error.modelImportAt', { file, line, reason, ...params });

/** A literal's value: strings with standard SQL's doubled quotes undone, numbers as numbers; anything else is refused. */
function literal(node: { type: string; value: unknown }): string | number | undefined {
  if (node.type === 'single_quote_string' || node.type === 'string') return String(node.value).replaceAll("''", "'");
  if (node.type === 'number' && typeof node.value === 'number') return node.value;
  return undefined;
}

interface InsertAst {
  type: string;
  table?: Array<{ table: string }> | null;
  columns?: Array<string | { value: string }> | null;
  values?: { type: string; values?: Array<{ value: Array<{ type: string; value: unknown }> }> } | null;
  on_duplicate_update?: unknown;
}

/** The rows of one statement, or the reason it is refused, with the file and line named. */
function rowsOf(parser: Parser, statement: { text: string; line: number }, file: string): ImportRow[] {
  let ast: InsertAst | InsertAst[];
  try {
    ast = parser.astify(statement.text, { database: 'Sqlite' }) as InsertAst | InsertAst[];
  } catch (error) {
    const offset = (error as { location?: { start?: { line?: number } } }).location?.start?.line ?? 1;
    throw at(file, statement.line + offset - 1, 'error.modelImport.syntax');
  }
  // One statement in, one statement out: anything the splitter left joined is refused, never half read.
  if (Array.isArray(ast) && ast.length !== 1) throw at(file, statement.line, 'error.modelImport.syntax');
  const insert = Array.isArray(ast) ? ast[0] : ast;
  if (insert?.type !== 'insert' || insert.on_duplicate_update) throw at(file, statement.line, 'error.modelImport.notInsert');
  const table = insert.table?.[0]?.table ?? '';
  const level = levelOfTable.get(table.toLowerCase());
  if (!level) throw at(file, statement.line, 'error.modelImport.table', { table: table.slice(0, 60) });
  const allowed = importColumns[level];
  const columns = (insert.columns ?? []).map((column) => (typeof column === 'string' ? column : column.value).toLowerCase());
  const known = new Set<string>([...allowed.required, ...allowed.optional]);
  const columnsOk =
    columns.length > 0 &&
    new Set(columns).size === columns.length &&
    columns.every((column) => known.has(column)) &&
    allowed.required.every((column) => columns.includes(column));
  if (!columnsOk) throw at(file, statement.line, 'error.modelImport.columns', { columns: [...known].join(', ') });
  if (insert.values?.type !== 'values' || !insert.values.values) throw at(file, statement.line, 'error.modelImport.notInsert');

  return insert.values.values.map((tuple) => {
    if (tuple.value.length !== columns.length)
      throw at(file, statement.line, 'error.modelImport.columns', { columns: [...known].join(', ') });
    const values: Record<string, string | number> = {};
    tuple.value.forEach((node, index) => {
      const column = columns[index] as string;
      const value = literal(node);
      if (value === undefined) throw at(file, statement.line, 'error.modelImport.value', { column });
      values[column] = value;
    });
    const parsed = inputs[level].safeParse(inputFields(level, values));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      const message = issue?.code === 'custom' && issue.message.startsWith('validation.') ? issue.message : 'validation.invalidValue';
      const params = (issue as { params?: Record<string, string | number> } | undefined)?.params ?? {};
      throw at(file, statement.line, 'error.modelImport.field', { column: field, message, field, ...params });
    }
    const parentCode = allowed.parent === null ? null : String(values[allowed.parent]);
    return { level, row: rowOf[level](parsed.data as never), parentCode, file, line: statement.line };
  });
}

/** A UTF-8 text file's content, refused with its name when it carries a BOM or any invalid byte. */
function decodeText(name: string, bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) throw badRequest('error.modelImportBom', { file: name });
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw badRequest('error.modelImportBom', { file: name });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The first line holding a byte that is not UTF-8, so the user knows where to look.
    let line = 1;
    for (let end = 0; end < bytes.length; end += 1) {
      if (bytes[end] !== 0x0a) continue;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
        line += 1;
      } catch {
        break;
      }
    }
    throw badRequest('error.modelImportEncoding', { file: name, line });
  }
  // Valid UTF-8 may still hold a NUL byte, which PostgreSQL cannot store: named here, not a 500.
  if (!isStorableText(text)) throw badRequest('validation.unstorableText', { field: name });
  return text;
}

/** An entry is a .txt file, anywhere in the archive but never named to step outside it. */
function acceptsName(name: string): boolean {
  const parts = name.split('/');
  return name.toLowerCase().endsWith('.txt') && !name.includes('\\') && parts.every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Every row an archive adds, in file and statement order; the first thing wrong refuses the whole archive. */
export async function readModelArchive(bytes: Uint8Array): Promise<{ files: number; statements: number; rows: ImportRow[] }> {
  if (!looksLikeZip(bytes)) throw badRequest('error.modelImportNotZip');
  const files = unpackZip(bytes, {
    ...modelArchiveLimits,
    acceptsName,
    unsafeName: (name) => badRequest('error.modelImportEntryName', { name }),
  });
  const parser = await loadParser();
  const rows: ImportRow[] = [];
  let statements = 0;
  for (const [name, content] of files) {
    for (const statement of splitStatements(decodeText(name, content))) {
      statements += 1;
      rows.push(...rowsOf(parser, statement, name));
      if (rows.length > maxRows) throw at(name, statement.line, 'error.archiveTooManyEntries', { max: maxRows });
    }
  }
  if (statements === 0) throw badRequest('error.modelImportEmpty');
  return { files: files.size, statements, rows };
}

const sqlText = (value: string | number | null) =>
  typeof value === 'number' ? String(value) : `'${String(value ?? '').replaceAll("'", "''")}'`;

/** Rows as the INSERT statements the import reads back, one statement per row. */
export function insertStatements(rows: Array<{ level: ModelLevel; row: ModelRow; parentCode: string | null }>): string {
  return rows
    .map(({ level, row, parentCode }) => {
      const { parent, required, optional } = importColumns[level];
      const columns = [...required, ...optional].filter((column) => column !== parent);
      const names = parent === null ? columns : [parent, ...columns];
      const values =
        parent === null ? columns.map((column) => row[column] ?? null) : [parentCode, ...columns.map((column) => row[column] ?? null)];
      return `INSERT INTO ${levelTables[level].table} (${names.join(', ')}) VALUES (${values.map(sqlText).join(', ')});`;
    })
    .join('\n');
}

export function modelZip(fileName: string, sql: string): Uint8Array {
  return zipSync({ [fileName]: strToU8(`${sql}\n`) });
}
