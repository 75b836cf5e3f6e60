import type { DictionaryInput, DictionaryItemInput } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import * as repo from './dictionaryRepo.ts';

/** Writes of dictionaries and their items: unique codes, existence checks and one operation-log row each. */
export class DictionaryService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  async requireDictionary(id: number) {
    const dictionary = await repo.findDictionary(this.db, id);
    if (!dictionary) throw notFound();
    return dictionary;
  }

  async create(request: FastifyRequest, input: DictionaryInput) {
    const startedAt = this.context.now();
    if (await repo.dictionaryCodeTaken(this.db, input.dictCode)) throw badRequest('error.duplicateDictCode');
    const id = await this.uniquely('error.duplicateDictCode', () => repo.insertDictionary(this.db, input, this.context.now()));
    const after = await this.requireDictionary(id);
    await recordChange(this.context, request, { operation: 'dict:add', target: `dict:${id}`, after, startedAt });
    return after;
  }

  async update(request: FastifyRequest, id: number, input: DictionaryInput) {
    const startedAt = this.context.now();
    const before = await this.requireDictionary(id);
    if (await repo.dictionaryCodeTaken(this.db, input.dictCode, id)) throw badRequest('error.duplicateDictCode');
    await this.uniquely('error.duplicateDictCode', () => repo.updateDictionary(this.db, id, input, this.context.now()));
    const after = await this.requireDictionary(id);
    await recordChange(this.context, request, { operation: 'dict:edit', target: `dict:${id}`, before, after, startedAt });
    return after;
  }

  async remove(request: FastifyRequest, ids: number[]) {
    const startedAt = this.context.now();
    const deleted = await repo.deleteDictionaries(this.db, ids);
    await recordChange(this.context, request, { operation: 'dict:delete', target: `dict:${ids.join(',')}`, after: { deleted }, startedAt });
    return { deleted };
  }

  async createItem(request: FastifyRequest, dictId: number, input: DictionaryItemInput) {
    const startedAt = this.context.now();
    await this.requireDictionary(dictId);
    if (await repo.itemCodeTaken(this.db, dictId, input.itemCode)) throw badRequest('error.duplicateItemCode');
    const id = await this.uniquely('error.duplicateItemCode', () => repo.insertItem(this.db, dictId, input, this.context.now()));
    const after = await repo.findItem(this.db, dictId, id);
    await recordChange(this.context, request, { operation: 'dict:add', target: `dictItem:${id}`, after, startedAt });
    return after;
  }

  async updateItem(request: FastifyRequest, dictId: number, id: number, input: DictionaryItemInput) {
    const startedAt = this.context.now();
    const before = await repo.findItem(this.db, dictId, id);
    if (!before) throw notFound();
    if (await repo.itemCodeTaken(this.db, dictId, input.itemCode, id)) throw badRequest('error.duplicateItemCode');
    await this.uniquely('error.duplicateItemCode', () => repo.updateItem(this.db, dictId, id, input, this.context.now()));
    const after = await repo.findItem(this.db, dictId, id);
    await recordChange(this.context, request, { operation: 'dict:edit', target: `dictItem:${id}`, before, after, startedAt });
    return after;
  }

  async removeItems(request: FastifyRequest, dictId: number, ids: number[]) {
    const startedAt = this.context.now();
    await this.requireDictionary(dictId);
    const deleted = await repo.deleteItems(this.db, dictId, ids, this.context.now());
    await recordChange(this.context, request, {
      operation: 'dict:delete',
      target: `dictItem:${ids.join(',')}`,
      after: { deleted },
      startedAt,
    });
    return { deleted };
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
