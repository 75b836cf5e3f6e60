import type { OrganInput, OrganPlacement, OrganTreeNode, OrganTypeInput, StructureInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { scopeStructure } from '../dataScope.ts';
import { organsVisibleAmong, requireOrganInScope, requireOrganPlacement, requireWholeScope } from '../policy.ts';
import * as repo from './organRepo.ts';

/** Organ types, structures and organs: the type hierarchy, trees without cycles, and the caller's data scope. */
export class OrganService {
  constructor(private readonly context: AppContext) {}

  createType(caller: Caller, input: OrganTypeInput) {
    return audited(this.context, caller, { operation: 'organType:add', target: `organType:${input.typeCode}` }, async (trx, entry) => {
      await requireWholeScope(caller, trx);
      if (input.parentTypeCode && !(await repo.findOrganType(trx, input.parentTypeCode))) throw notFound();
      const id = await refuseDuplicate(input.typeCode, () => repo.insertOrganType(trx, input));
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  updateType(caller: Caller, id: number, input: OrganTypeInput) {
    return audited(this.context, caller, { operation: 'organType:edit', target: `organType:${id}` }, async (trx, entry) => {
      await requireWholeScope(caller, trx);
      entry.before = (await repo.listOrganTypes(trx)).find((type) => type.id === id);
      if (!entry.before) throw notFound();
      if (input.parentTypeCode && !(await repo.findOrganType(trx, input.parentTypeCode))) throw notFound();
      await refuseDuplicate(input.typeCode, () => repo.updateOrganType(trx, id, input));
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  removeTypes(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'organType:delete', target: `organType:${ids.join(',')}` }, async (trx, entry) => {
      await requireWholeScope(caller, trx);
      if (await repo.organTypesInUse(trx, ids)) throw badRequest('error.organTypeInUse');
      const deleted = await repo.deleteOrganTypes(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  createStructure(caller: Caller, input: StructureInput) {
    return audited(this.context, caller, { operation: 'organ:add', target: `structure:${input.struType}` }, async (trx, entry) => {
      await requireWholeScope(caller, trx);
      const id = await refuseDuplicate(input.struType, () => repo.insertStructure(trx, input));
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  renameStructure(caller: Caller, id: number, struTypeName: string) {
    return audited(this.context, caller, { operation: 'organ:edit', target: `structure:${id}` }, async (trx, entry) => {
      await requireWholeScope(caller, trx);
      const [before] = await repo.findStructures(trx, [id]);
      if (!before) throw notFound();
      await repo.renameStructure(trx, id, struTypeName);
      entry.before = before;
      const after = { ...before, struTypeName };
      entry.after = after;
      return after;
    });
  }

  /** Every structure but the administrative one, which data scopes and accounts are measured in. */
  removeStructures(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'organ:delete', target: `structure:${ids.join(',')}` }, async (trx, entry) => {
      await requireWholeScope(caller, trx);
      const structures = await repo.findStructures(trx, ids);
      if (structures.length < new Set(ids).size) throw notFound();
      if (structures.some((structure) => structure.struType === scopeStructure)) throw badRequest('error.structureBuiltIn');
      await repo.deleteStructures(trx, structures);
      entry.before = structures;
      const after = { deleted: structures.length };
      entry.after = after;
      return after;
    });
  }

  /** The structure's tree, cut to the organs in the caller's scope: an organ whose parent is out of scope shows as a root. */
  async tree(caller: Caller, struType: string): Promise<OrganTreeNode[]> {
    const nodes = await organsVisibleAmong(caller, this.context.db, await repo.structureNodes(this.context.db, struType));
    const byId = new Map<number, OrganTreeNode>(nodes.map((node) => [node.id, { ...node, children: [] }]));
    const roots: OrganTreeNode[] = [];
    for (const node of byId.values()) {
      const parent = node.parentOrganId === null ? undefined : byId.get(node.parentOrganId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  async requireOrgan(caller: Caller, id: number, db: Kysely<Database> = this.context.db) {
    const organ = await repo.findOrgan(db, id);
    if (!organ) throw notFound();
    await requireOrganInScope(caller, db, id);
    return organ;
  }

  /** An organ of a type with a parent type sits under an organ of that type; one without sits at the top. */
  private async checkPlacement(db: Kysely<Database>, organTypeCode: string, organId: number | null, placement: OrganPlacement) {
    if (!(await repo.structureExists(db, placement.struType))) throw notFound();
    const type = await repo.findOrganType(db, organTypeCode);
    if (!type) throw badRequest('error.badInput', { field: 'typeCode', reason: organTypeCode });
    const parent = placement.parentOrganId === null ? undefined : await repo.findOrgan(db, placement.parentOrganId);
    if (placement.parentOrganId !== null && !parent) throw notFound();
    if ((type.parentTypeCode ?? null) !== (parent?.typeCode ?? null)) {
      throw badRequest('error.organTypeNotAllowed', { type: type.typeName, parent: parent?.organName ?? '—' });
    }
    if (organId !== null && parent) {
      const nodes = await repo.structureNodes(db, placement.struType);
      const parentOf = new Map(nodes.map((node) => [node.id, node.parentOrganId]));
      for (let at: number | null | undefined = parent.id; at !== null && at !== undefined; at = parentOf.get(at)) {
        if (at === organId) throw badRequest('error.organCycle');
      }
    }
  }

  create(caller: Caller, input: OrganInput, placement: OrganPlacement) {
    return audited(this.context, caller, { operation: 'organ:add', target: `organ:${input.organCode}` }, async (trx, entry) => {
      await this.checkPlacement(trx, input.typeCode, null, placement);
      await requireOrganPlacement(caller, trx, placement.parentOrganId);
      if (await repo.organCodeTaken(trx, input.organCode)) throw badRequest('error.duplicateCode', { code: input.organCode });
      const id = await refuseDuplicate(input.organCode, () => repo.insertOrgan(trx, input, this.context.now()));
      await repo.placeOrgan(trx, placement.struType, id, placement.parentOrganId, placement.index);
      const after = await storedOrgan(trx, id);
      entry.after = { ...after, ...placement };
      return after;
    });
  }

  update(caller: Caller, id: number, input: OrganInput) {
    return audited(this.context, caller, { operation: 'organ:edit', target: `organ:${id}` }, async (trx, entry) => {
      const before = await this.requireOrgan(caller, id, trx);
      entry.before = before;
      if (input.typeCode !== before.typeCode) throw badRequest('error.badInput', { field: 'typeCode', reason: input.typeCode });
      await refuseDuplicate(input.organCode, () => repo.updateOrgan(trx, id, input));
      const after = await storedOrgan(trx, id);
      entry.after = after;
      return after;
    });
  }

  /** Moves the organ within a structure (drag and drop), or places it into another structure. */
  place(caller: Caller, id: number, placement: OrganPlacement) {
    return audited(this.context, caller, { operation: 'organ:edit', target: `organ:${id}` }, async (trx, entry) => {
      const organ = await this.requireOrgan(caller, id, trx);
      await this.checkPlacement(trx, organ.typeCode, id, placement);
      await requireOrganPlacement(caller, trx, placement.parentOrganId);
      await repo.placeOrgan(trx, placement.struType, id, placement.parentOrganId, placement.index);
      entry.after = placement;
      return organ;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'organ:delete', target: `organ:${ids.join(',')}` }, async (trx, entry) => {
      const removed = [];
      for (const id of ids) {
        const organ = await this.requireOrgan(caller, id, trx);
        if (await repo.organInUse(trx, id)) throw badRequest('error.organHasChildren');
        removed.push(organ);
      }
      for (const organ of removed) await repo.deleteOrgan(trx, organ.id);
      entry.before = removed;
      const after = { deleted: removed.length };
      entry.after = after;
      return after;
    });
  }
}

/** The organ as a change just wrote it, inside the change's transaction. */
async function storedOrgan(db: Kysely<Database>, id: number) {
  const organ = await repo.findOrgan(db, id);
  if (!organ) throw notFound();
  return organ;
}
