import type { DictionaryInput, DictionaryItemInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import * as repo from './dictionaryRepo.ts';

/** Writes of dictionaries and their items: unique codes, existence checks and one operation-log row each. */
export class DictionaryService {
  constructor(private readonly context: AppContext) {}

  async requireDictionary(id: number, db: Kysely<Database> = this.context.db) {
    const dictionary = await repo.findDictionary(db, id);
    if (!dictionary) throw notFound();
    return dictionary;
  }

  async requireItem(dictId: number, id: number, db: Kysely<Database> = this.context.db) {
    const item = await repo.findItem(db, dictId, id);
    if (!item) throw notFound();
    return item;
  }

  create(caller: Caller, input: DictionaryInput) {
    return audited(this.context, caller, { operation: 'dict:add', target: `dict:${input.dictCode}` }, async (trx, entry) => {
      if (await repo.dictionaryCodeTaken(trx, input.dictCode)) throw badRequest('error.duplicateDictCode');
      const id = await this.uniquely('error.duplicateDictCode', () => repo.insertDictionary(trx, input, this.context.now()));
      const after = await this.requireDictionary(id, trx);
      entry.after = after;
      return after;
    });
  }

  update(caller: Caller, id: number, input: DictionaryInput) {
    return audited(this.context, caller, { operation: 'dict:edit', target: `dict:${id}` }, async (trx, entry) => {
      entry.before = await this.requireDictionary(id, trx);
      if (await repo.dictionaryCodeTaken(trx, input.dictCode, id)) throw badRequest('error.duplicateDictCode');
      await this.uniquely('error.duplicateDictCode', () => repo.updateDictionary(trx, id, input, this.context.now()));
      const after = await this.requireDictionary(id, trx);
      entry.after = after;
      return after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'dict:delete', target: `dict:${ids.join(',')}` }, async (trx, entry) => {
      const deleted = await repo.deleteDictionaries(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  createItem(caller: Caller, dictId: number, input: DictionaryItemInput) {
    return audited(this.context, caller, { operation: 'dict:add', target: `dictItem:${dictId}:${input.itemCode}` }, async (trx, entry) => {
      await this.requireDictionary(dictId, trx);
      if (await repo.itemCodeTaken(trx, dictId, input.itemCode)) throw badRequest('error.duplicateItemCode');
      const id = await this.uniquely('error.duplicateItemCode', () => repo.insertItem(trx, dictId, input, this.context.now()));
      const after = await this.requireItem(dictId, id, trx);
      entry.after = after;
      return after;
    });
  }

  updateItem(caller: Caller, dictId: number, id: number, input: DictionaryItemInput) {
    return audited(this.context, caller, { operation: 'dict:edit', target: `dictItem:${id}` }, async (trx, entry) => {
      entry.before = await this.requireItem(dictId, id, trx);
      if (await repo.itemCodeTaken(trx, dictId, input.itemCode, id)) throw badRequest('error.duplicateItemCode');
      await this.uniquely('error.duplicateItemCode', () => repo.updateItem(trx, dictId, id, input, this.context.now()));
      const after = await this.requireItem(dictId, id, trx);
      entry.after = after;
      return after;
    });
  }

  removeItems(caller: Caller, dictId: number, ids: number[]) {
    return audited(this.context, caller, { operation: 'dict:delete', target: `dictItem:${ids.join(',')}` }, async (trx, entry) => {
      await this.requireDictionary(dictId, trx);
      const deleted = await repo.deleteItems(trx, dictId, ids, this.context.now());
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  /** A concurrent writer may take the code between the check and the write; the constraint decides. */
  private async uniquely<T>(duplicateKey: 'error.duplicateDictCode' | 'error.duplicateItemCode', write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(duplicateKey);
      throw error;
    }
  }
}

// What other modules read of dictionaries (forms' options, checks and labels): exported by the service,
// so the repository stays this module's own.
export { findDictionaryByCode, itemsWithCodes, listItems } from './dictionaryRepo.ts';
