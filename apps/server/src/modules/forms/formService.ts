import type { FormInput, FormSchema } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { audited } from '../audit/audited.ts';
import { findDictionaryByCode } from '../platform/dictionaries/dictionaryService.ts';
import * as repo from './formRepo.ts';
import { formUser } from './formUsers.ts';

/** Refuses to publish a schema whose options name a dictionary that does not exist: no one could fill it in. */
async function requireDictionaries(db: Kysely<Database>, schema: FormSchema): Promise<void> {
  const fields = schema.fields.flatMap((field) => [field, ...(field.fields ?? [])]);
  for (const field of fields) {
    if (!field.options || Array.isArray(field.options)) continue;
    if (!(await findDictionaryByCode(db, field.options.dictCode))) {
      throw badRequest('error.formDictionaryMissing', { field: field.key, code: field.options.dictCode });
    }
  }
}

/**
 * Cloud forms as the designer keeps them: the back office edits a draft schema, and publishing freezes
 * it as the next version, the one submissions are checked against (see SubmissionService).
 */
export class FormService {
  constructor(private readonly context: AppContext) {}

  async require(id: number, db: Kysely<Database> = this.context.db) {
    const form = await repo.findForm(db, id);
    if (!form) throw notFound();
    return form;
  }

  /** The schema submissions are checked against; 404 while the form was never published. */
  async publishedSchema(id: number, db: Kysely<Database> = this.context.db) {
    await this.require(id, db);
    const version = await repo.latestVersion(db, id);
    if (!version) throw new AppError(404, 'error.formNotPublished');
    return version;
  }

  async versions(id: number) {
    await this.require(id);
    return repo.listVersions(this.context.db, id);
  }

  create(caller: Caller, input: FormInput) {
    return audited(this.context, caller, { operation: 'form:add', target: `form:${input.name}` }, async (trx, entry) => {
      const id = await repo.insertForm(trx, input, this.context.now());
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  /** Changes the draft; published versions stay as they were frozen. */
  update(caller: Caller, id: number, input: FormInput) {
    return audited(this.context, caller, { operation: 'form:edit', target: `form:${id}` }, async (trx, entry) => {
      entry.before = await this.require(id, trx);
      await repo.updateForm(trx, id, input, this.context.now());
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'form:delete', target: `form:${ids.join(',')}` }, async (trx, entry) => {
      entry.before = await Promise.all(ids.map((id) => this.require(id, trx)));
      for (const id of ids) {
        const definition = await formUser(trx, id);
        if (definition) throw new AppError(409, 'error.formUsedByProcess', { definition });
      }
      const deleted = await repo.deleteForms(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  /** Freezes the current draft as the next version. */
  publish(caller: Caller, id: number) {
    return audited(this.context, caller, { operation: 'form:publish', target: `form:${id}` }, async (trx, entry) => {
      const form = await this.require(id, trx);
      await requireDictionaries(trx, form.field);
      const latest = await repo.latestVersion(trx, id);
      const version = {
        formId: id,
        version: (latest?.version ?? 0) + 1,
        field: form.field,
        publishedAt: this.context.now(),
        publishedBy: caller.userName,
      };
      try {
        await repo.insertVersion(trx, version);
      } catch (error) {
        // Two publishes at once take the same number; the key lets one through, the other is told.
        if (isUniqueViolation(error)) throw new AppError(409, 'error.publishedMeanwhile');
        throw error;
      }
      entry.after = version;
      return version;
    });
  }
}
