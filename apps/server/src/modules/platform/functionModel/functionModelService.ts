import type { ModelImportReport, ModelLevel, ModelNode } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { builtInAppCode } from './builtInApp.ts';
import * as repo from './functionModelAdminRepo.ts';
import { type ImportRow, insertStatements, modelZip, readModelArchive } from './modelArchive.ts';
import { fieldsOf, levelTables, type ModelRow } from './modelLevels.ts';

const levelOrder: ModelLevel[] = ['app', 'module', 'function', 'operation', 'url'];

/**
 * The function model as an administrator keeps it: apps, modules, functions, operations and urls in one
 * tree. What Qiming's code declares (its own app and everything under it) is synced at every start and
 * read-only here; other apps describe other services, and the guard never reads them (see AccessIndex).
 */
export class FunctionModelService {
  constructor(private readonly context: AppContext) {}

  async tree(): Promise<ModelNode[]> {
    const rows = await repo.modelRows(this.context.db);
    const build = (level: ModelLevel, row: ModelRow, builtIn: boolean): ModelNode => {
      const { child, code, name } = levelTables[level];
      const children =
        child === null
          ? []
          : rows[child]
              .filter((candidate) => candidate[levelTables[child].parentColumn] === row.id)
              .map((candidate) => build(child, candidate, builtIn));
      const label = level === 'url' ? `${row.method} ${row[code]}` : String(row[code]);
      return { level, id: Number(row.id), code: label, name: String(row[name]), builtIn, fields: fieldsOf(level, row), children };
    };
    return rows.app.map((app) => build('app', app, app.app_code === builtInAppCode));
  }

  /** Refuses a change to, or below, what the code declares. */
  private async requireEditable(db: Kysely<Database>, level: ModelLevel, id: number) {
    const appCode = await repo.appCodeOf(db, level, id);
    if (appCode === undefined) throw notFound();
    if (appCode === builtInAppCode) throw badRequest('error.modelBuiltIn');
  }

  create(caller: Caller, level: ModelLevel, parentId: number | null, row: ModelRow) {
    const code = String(row[levelTables[level].code]);
    return audited(this.context, caller, { operation: 'functionModel:add', target: `${level}:${code}` }, async (trx, entry) => {
      const parentColumn = levelTables[level].parentColumn;
      if (parentColumn !== null && parentId !== null) await this.requireEditable(trx, repo.parentLevel(level), parentId);
      const values = parentColumn === null || parentId === null ? row : { ...row, [parentColumn]: parentId };
      const id = await refuseDuplicate(code, () => repo.insertRow(trx, level, values));
      const after = { id, ...values };
      entry.after = after;
      return after;
    });
  }

  update(caller: Caller, level: ModelLevel, id: number, row: ModelRow) {
    return audited(this.context, caller, { operation: 'functionModel:edit', target: `${level}:${id}` }, async (trx, entry) => {
      await this.requireEditable(trx, level, id);
      [entry.before] = await repo.findRows(trx, level, [id]);
      await refuseDuplicate(String(row[levelTables[level].code]), () => repo.updateRow(trx, level, id, row));
      const after = { id, ...row };
      entry.after = after;
      return after;
    });
  }

  /** Deletes rows with nothing below them; an operation's grants go with it. */
  remove(caller: Caller, level: ModelLevel, ids: number[]) {
    return audited(
      this.context,
      caller,
      { operation: 'functionModel:delete', target: `${level}:${ids.join(',')}`, changesAccess: level === 'operation' },
      async (trx, entry) => {
        const rows = await repo.findRows(trx, level, ids);
        if (rows.length < new Set(ids).size) throw notFound();
        for (const id of ids) await this.requireEditable(trx, level, id);
        const parent = await repo.firstWithChildren(trx, level, ids);
        if (parent !== undefined) {
          const name = rows.find((row) => row.id === parent)?.[levelTables[level].name];
          throw badRequest('error.modelHasChildren', { name: String(name ?? parent) });
        }
        entry.before = rows;
        const after = { deleted: await repo.deleteRows(trx, level, ids) };
        entry.after = after;
        return after;
      },
    );
  }

  /** Adds everything an archive holds in one transaction, or nothing: the first problem names its file and line. */
  async import(caller: Caller, archive: Uint8Array): Promise<ModelImportReport> {
    const parsed = await readModelArchive(archive);
    return audited(this.context, caller, { operation: 'functionModel:import', target: 'functionModel' }, async (trx, entry) => {
      entry.after = { files: parsed.files, statements: parsed.statements, added: await addModelRows(trx, parsed.rows) };
      return entry.after as ModelImportReport;
    });
  }

  /** A subtree as the archive an import reads back: the node, everything below it, each row naming its parent by code. */
  async exportArchive(level: ModelLevel, id: number): Promise<{ fileName: string; zip: Uint8Array }> {
    const rows = await repo.modelRows(this.context.db);
    const [root] = rows[level].filter((row) => row.id === id);
    if (!root) throw notFound();
    const parentCode = (rowLevel: ModelLevel, row: ModelRow) => {
      const parentColumn = levelTables[rowLevel].parentColumn;
      if (parentColumn === null) return null;
      const parentLevel = repo.parentLevel(rowLevel);
      const parent = rows[parentLevel].find((candidate) => candidate.id === row[parentColumn]);
      return parent ? String(parent[levelTables[parentLevel].code]) : null;
    };
    const ordered: Array<{ level: ModelLevel; row: ModelRow; parentCode: string | null }> = [];
    const visit = (rowLevel: ModelLevel, row: ModelRow) => {
      ordered.push({ level: rowLevel, row, parentCode: parentCode(rowLevel, row) });
      const child = levelTables[rowLevel].child;
      if (child === null) return;
      for (const next of rows[child].filter((candidate) => candidate[levelTables[child].parentColumn] === row.id)) visit(child, next);
    };
    visit(level, root);
    // Statements go level by level, so every parent is added before its children.
    ordered.sort((a, b) => levelOrder.indexOf(a.level) - levelOrder.indexOf(b.level));
    const code = String(root[levelTables[level].code]).replace(/[^A-Za-z0-9._-]+/g, '_');
    return { fileName: `${code}.zip`, zip: modelZip(`${code}.txt`, insertStatements(ordered)) };
  }
}

function importError(item: ImportRow, reason: string, params: Record<string, string>) {
  return badRequest('error.modelImportAt', { file: item.file, line: item.line, reason, ...params });
}

/**
 * Adds import rows in their order, each under its parent: a row added earlier in the same import, or
 * one already here but not built in. Callers run it in one transaction, so a refusal adds nothing.
 */
export async function addModelRows(db: Kysely<Database>, rows: ImportRow[]): Promise<Record<ModelLevel, number>> {
  const added: Record<ModelLevel, number> = { app: 0, module: 0, function: 0, operation: 0, url: 0 };
  const created = new Map<string, number>();
  for (const item of rows) {
    const values = await withParent(db, item, created);
    const id = await refuseImportDuplicate(item, () => repo.insertRow(db, item.level, values));
    created.set(`${item.level}:${item.row[levelTables[item.level].code]}`, id);
    added[item.level] += 1;
  }
  return added;
}

async function withParent(db: Kysely<Database>, item: ImportRow, created: Map<string, number>): Promise<ModelRow> {
  const parentColumn = levelTables[item.level].parentColumn;
  if (parentColumn === null || item.parentCode === null) {
    if (item.row.app_code === builtInAppCode) throw importError(item, 'error.modelImport.builtInParent', { code: builtInAppCode });
    return item.row;
  }
  const parentLevel = repo.parentLevel(item.level);
  const parentId =
    created.get(`${parentLevel}:${item.parentCode}`) ?? (await repo.idsByCode(db, parentLevel, [item.parentCode])).get(item.parentCode);
  if (parentId === undefined) throw importError(item, 'error.modelImport.parentMissing', { code: item.parentCode });
  if ((await repo.appCodeOf(db, parentLevel, parentId)) === builtInAppCode) {
    throw importError(item, 'error.modelImport.builtInParent', { code: item.parentCode });
  }
  return { ...item.row, [parentColumn]: parentId };
}

/** A code the model already holds (or the archive added twice) refuses the import at that row's line. */
async function refuseImportDuplicate<T>(item: ImportRow, write: () => Promise<T>): Promise<T> {
  try {
    return await refuseDuplicate('', write);
  } catch (error) {
    const code = item.level === 'url' ? `${item.row.method} ${item.row.url_content}` : String(item.row[levelTables[item.level].code]);
    if (error instanceof AppError && error.messageKey === 'error.duplicateCode')
      throw importError(item, 'error.modelImport.duplicate', { code });
    throw error;
  }
}
