import {
  type BpmDefinition,
  type BpmLookupOption,
  type BpmModel,
  type BpmModelImport,
  type BpmModelInput,
  type BpmRelease,
  type BpmReleaseWarning,
  formatMessage,
} from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditEntry, audited } from '../audit/audited.ts';
import type { FormService } from '../forms/formService.ts';
import { existingRoleCodes, existingUserNames, pickRoles, pickUserNames } from '../iam/directoryLookup.ts';
import {
  type ReleasedProcess,
  type ReleaseInfo,
  readModelIdentity,
  readReleasePlan,
  releaseReferences,
  withoutUnknown,
} from './bpmnRelease.ts';
import * as repo from './modelRepo.ts';
import { enabledButtonCodes } from './pluginRepo.ts';
import { scheduleTimerStarts } from './timerStarts.ts';

/** Two writes of one key at once both pass the check; the unique key lets one through and the other hears why. */
const keyTakenMeanwhile = (key: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? new AppError(409, 'error.bpmKeyTaken', { key }) : error;
};

/** Models are drafts anyone with the grant edits; releasing one freezes it as the next version of its key. */
export class ModelService {
  constructor(
    private readonly context: AppContext,
    private readonly forms: FormService,
  ) {}

  async require(id: number, db: Kysely<Database> = this.context.db) {
    const model = await repo.findModel(db, id);
    if (!model) throw notFound();
    return model;
  }

  async requireDefinition(id: number, db: Kysely<Database> = this.context.db) {
    const definition = await repo.findDefinition(db, id);
    if (!definition) throw notFound();
    return definition;
  }

  create(caller: Caller, input: BpmModelInput) {
    return audited(this.context, caller, { operation: 'model:add', target: `bpm-model:${input.key}` }, async (trx, entry) => {
      if (await repo.modelKeyTaken(trx, input.key)) throw new AppError(409, 'error.bpmKeyTaken', { key: input.key });
      const id = await repo.insertModel(trx, input, caller.userName, this.context.now()).catch(keyTakenMeanwhile(input.key));
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  /** A new model from a Camunda Modeler file: key and name are its (first executable) process's id and name. */
  async importXml(caller: Caller, input: BpmModelImport) {
    const { key, name } = await readModelIdentity(input.xml);
    return this.create(caller, { key, name, category: input.category ?? '', description: '', xml: input.xml });
  }

  update(caller: Caller, id: number, input: BpmModelInput) {
    return audited(this.context, caller, { operation: 'model:edit', target: `bpm-model:${id}` }, async (trx, entry) => {
      entry.before = await this.require(id, trx);
      if (await repo.modelKeyTaken(trx, input.key, id)) throw new AppError(409, 'error.bpmKeyTaken', { key: input.key });
      await repo.updateModel(trx, id, input, caller.userName, this.context.now()).catch(keyTakenMeanwhile(input.key));
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  /** Released definitions stay (they keep running instances); they only lose their link to the model. */
  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'model:delete', target: `bpm-model:${ids.join(',')}` }, async (trx, entry) => {
      entry.before = await Promise.all(ids.map((id) => this.require(id, trx)));
      const after = { deleted: await repo.deleteModels(trx, ids) };
      entry.after = after;
      return after;
    });
  }

  /**
   * Reads and checks the XML, then keeps each executable process as the next version of its key (the
   * model's own and any other the file holds): immutable from then on. Answers what was kept but not used.
   */
  release(caller: Caller, id: number): Promise<BpmRelease> {
    const change = { operation: 'model:release', target: `bpm-model:${id}` };
    // Inside a transaction already (the demo seeding of a first start) the release joins it, unlogged.
    const inTransaction = this.context.db.isTransaction
      ? <T>(work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>) => work(this.context.db, {})
      : <T>(work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>) => audited(this.context, caller, change, work);
    return inTransaction(async (trx, entry) => {
      const model = await this.require(id, trx);
      const plan = await readReleasePlan(model.xml ?? '');
      const keys = plan.processes.map((process) => process.info.key);
      if (!keys.includes(model.key)) throw new AppError(422, 'error.bpmKeyMismatch', { key: model.key, processId: keys.join(', ') });
      for (const key of keys) {
        // Another model's key is that model's to release; this file may not take it over.
        if (key !== model.key && (await repo.modelKeyTaken(trx, key, id))) throw new AppError(409, 'error.bpmKeyTaken', { key });
      }
      for (const process of plan.processes) process.info = await this.checkReferences(trx, process.info, plan.warnings);
      const definitions: BpmDefinition[] = [];
      for (const process of plan.processes) definitions.push(await this.insertVersion(trx, caller, model, process));
      const [own] = definitions.splice(keys.indexOf(model.key), 1) as [BpmDefinition];
      entry.after = {
        id: own.id,
        key: own.key,
        version: own.version,
        others: definitions.map(({ id, key, version }) => ({ id, key, version })),
      };
      for (const key of plan.calledKeys) {
        if (!(await repo.latestDefinition(trx, key))) plan.warnings.push({ key: 'warning.bpmCalledNotReleased', params: { key } });
      }
      const warnings = plan.warnings.map((warning) => formatMessage(warning.key, caller.language, warning.params));
      return { ...own, others: definitions, warnings };
    });
  }

  private async insertVersion(trx: Kysely<Database>, caller: Caller, model: BpmModel, process: ReleasedProcess): Promise<BpmDefinition> {
    const { info, xml } = process;
    const row = {
      def_key: info.key,
      def_name: info.name,
      version: await repo.nextVersion(trx, info.key),
      model_id: model.id,
      category: model.category,
      xml,
      release_info: JSON.stringify(info),
      suspended: 0,
      deployed_at: this.context.now(),
      deployed_by: caller.userName,
    };
    let id: number;
    try {
      id = await repo.insertDefinition(trx, row);
    } catch (error) {
      // Two releases of one key at once take the same version; the unique key lets one through.
      if (isUniqueViolation(error)) throw new AppError(409, 'error.publishedMeanwhile');
      throw error;
    }
    // Its timer start events are due from now on, and the key's older versions stop starting (read by the
    // engine's parser, so only for a process that has one).
    if (info.timerStart) await scheduleTimerStarts(trx, { ...row, id });
    return repo.toDefinition({ ...row, id });
  }

  /**
   * Every cloud form and plugin button the model names must exist (forms: published). Accounts and roles
   * that do not exist are warned about and left out of what is kept, so their tasks go to the task
   * administrators: Camunda takes them as mere names, and its examples name accounts of its own demo.
   */
  private async checkReferences(db: Kysely<Database>, info: ReleaseInfo, warnings: BpmReleaseWarning[]): Promise<ReleaseInfo> {
    const references = releaseReferences(info);
    const users = await existingUserNames(db, [...references.userNames.keys()]);
    const unknownUsers = new Set<string>();
    for (const [name, element] of references.userNames) {
      if (users.has(name)) continue;
      unknownUsers.add(name);
      warnings.push({ key: 'warning.bpmUnknownAccount', params: { element, name } });
    }
    const roles = await existingRoleCodes(db, [...references.roleCodes.keys()]);
    const unknownRoles = new Set<string>();
    for (const [name, element] of references.roleCodes) {
      if (roles.has(name)) continue;
      unknownRoles.add(name);
      warnings.push({ key: 'warning.bpmUnknownRole', params: { element, name } });
    }
    for (const [formId, element] of references.formIds) {
      await this.forms.publishedSchema(formId, db).catch(() => {
        throw new AppError(422, 'error.bpmFormNotPublished', { element, form: `form:${formId}` });
      });
    }
    const buttons = await enabledButtonCodes(db);
    for (const [button, element] of references.buttons) {
      if (!buttons.has(button)) throw new AppError(422, 'error.bpmUnknownButton', { element, button });
    }
    return withoutUnknown(info, unknownUsers, unknownRoles);
  }

  /** Accounts the modeller may name as assignee or candidate user: by user name, within the caller's scope. */
  async lookupAccounts(caller: Caller, text: string, limit: number): Promise<BpmLookupOption[]> {
    const options = await pickUserNames(this.context.db, await caller.scope(), text, limit);
    return options.map((option) => ({ value: String(option.value), label: option.label }));
  }

  /** Roles the modeller may name as candidate groups, by code. */
  async lookupRoles(text: string, limit: number): Promise<BpmLookupOption[]> {
    const options = await pickRoles(this.context.db, text, limit);
    return options.map((option) => ({ value: String(option.value), label: option.label }));
  }

  setSuspended(caller: Caller, id: number, suspended: boolean) {
    const operation = suspended ? 'definition:suspend' : 'definition:activate';
    return audited(this.context, caller, { operation, target: `bpm-definition:${id}` }, async (trx, entry) => {
      entry.before = repo.toDefinition(await this.requireDefinition(id, trx));
      await repo.setSuspended(trx, id, suspended);
      const after = repo.toDefinition(await this.requireDefinition(id, trx));
      entry.after = after;
      return after;
    });
  }
}
