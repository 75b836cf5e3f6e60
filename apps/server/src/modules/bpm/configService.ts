import type { ListenerInput, ParticipantInput, PluginButtonInput, PluginTypeInput } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audited } from '../audit/audited.ts';
import * as configRepo from './configRepo.ts';
import * as pluginRepo from './pluginRepo.ts';

/** The four lists kept beside the definitions, each change audited; a duplicate code or entry is a 409. */
export class ConfigService {
  constructor(private readonly context: AppContext) {}

  private change<T>(caller: Caller, operation: string, target: string, work: Parameters<typeof audited<T>>[3]) {
    return audited(this.context, caller, { operation, target }, async (trx, entry) => {
      try {
        return await work(trx, entry);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'error.bpmKeyTaken', { key: target });
        throw error;
      }
    });
  }

  addParticipant(caller: Caller, input: ParticipantInput) {
    return this.change(caller, 'participant:add', `${input.definitionKey}:${input.kind}:${input.ref}`, async (trx, entry) => {
      const after = { id: await configRepo.insertParticipant(trx, input, this.context.now()), ...input };
      entry.after = after;
      return after;
    });
  }

  editParticipant(caller: Caller, id: number, input: ParticipantInput) {
    return this.change(caller, 'participant:edit', `${input.definitionKey}:${input.kind}:${input.ref}`, async (trx, entry) => {
      if (!(await configRepo.updateParticipant(trx, id, input))) throw notFound();
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  removeParticipants(caller: Caller, ids: number[]) {
    return this.change(caller, 'participant:delete', `bpm-participant:${ids.join(',')}`, async (trx, entry) => {
      const after = { deleted: await configRepo.deleteParticipants(trx, ids) };
      entry.after = after;
      return after;
    });
  }

  addListener(caller: Caller, input: ListenerInput) {
    return this.change(caller, 'listener:add', `bpm-listener:${input.definitionKey}`, async (trx, entry) => {
      const after = { id: await configRepo.insertListener(trx, input, this.context.now()), ...input };
      entry.after = after;
      return after;
    });
  }

  editListener(caller: Caller, id: number, input: ListenerInput) {
    return this.change(caller, 'listener:edit', `bpm-listener:${id}`, async (trx, entry) => {
      if (!(await configRepo.updateListener(trx, id, input))) throw notFound();
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  removeListeners(caller: Caller, ids: number[]) {
    return this.change(caller, 'listener:delete', `bpm-listener:${ids.join(',')}`, async (trx, entry) => {
      const after = { deleted: await configRepo.deleteListeners(trx, ids) };
      entry.after = after;
      return after;
    });
  }

  addType(caller: Caller, input: PluginTypeInput) {
    return this.change(caller, 'pluginType:add', input.code, async (trx, entry) => {
      const after = { id: await pluginRepo.insertType(trx, input), ...input };
      entry.after = after;
      return after;
    });
  }

  editType(caller: Caller, id: number, input: PluginTypeInput) {
    return this.change(caller, 'pluginType:edit', input.code, async (trx, entry) => {
      if (!(await pluginRepo.updateType(trx, id, input))) throw notFound();
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  removeTypes(caller: Caller, ids: number[]) {
    return this.change(caller, 'pluginType:delete', `bpm-plugin-type:${ids.join(',')}`, async (trx, entry) => {
      const after = { deleted: await pluginRepo.deleteTypes(trx, ids) };
      entry.after = after;
      return after;
    });
  }

  addButton(caller: Caller, input: PluginButtonInput) {
    return this.change(caller, 'pluginButton:add', input.code, async (trx, entry) => {
      if (!(await pluginRepo.typeExists(trx, input.typeCode))) throw new AppError(422, 'error.referencedRecordMissing');
      const after = { id: await pluginRepo.insertButton(trx, input), ...input };
      entry.after = after;
      return after;
    });
  }

  editButton(caller: Caller, id: number, input: PluginButtonInput) {
    return this.change(caller, 'pluginButton:edit', input.code, async (trx, entry) => {
      if (!(await pluginRepo.typeExists(trx, input.typeCode))) throw new AppError(422, 'error.referencedRecordMissing');
      if (!(await pluginRepo.updateButton(trx, id, input))) throw notFound();
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  removeButtons(caller: Caller, ids: number[]) {
    return this.change(caller, 'pluginButton:delete', `bpm-plugin-button:${ids.join(',')}`, async (trx, entry) => {
      const after = { deleted: await pluginRepo.deleteButtons(trx, ids) };
      entry.after = after;
      return after;
    });
  }
}
