import type { OrganInput, OrganPlacement, OrganTreeNode, OrganTypeInput, StructureInput } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import { inScope, organScope, requireInScope } from '../dataScope.ts';
import * as repo from './organRepo.ts';

/** Organ types, structures and organs: the type hierarchy, trees without cycles, and the caller's data scope. */
export class OrganService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  async createType(request: FastifyRequest, input: OrganTypeInput) {
    const startedAt = this.context.now();
    if (input.parentTypeCode && !(await repo.findOrganType(this.db, input.parentTypeCode))) throw notFound();
    const id = await refuseDuplicate(input.typeCode, () => repo.insertOrganType(this.db, input));
    await recordChange(this.context, request, { operation: 'organType:add', target: `organType:${id}`, after: input, startedAt });
    return { id, ...input };
  }

  async updateType(request: FastifyRequest, id: number, input: OrganTypeInput) {
    const startedAt = this.context.now();
    await repo.updateOrganType(this.db, id, input);
    await recordChange(this.context, request, { operation: 'organType:edit', target: `organType:${id}`, after: input, startedAt });
    return { id, ...input };
  }

  async removeTypes(request: FastifyRequest, ids: number[]) {
    const startedAt = this.context.now();
    const deleted = await repo.deleteOrganTypes(this.db, ids);
    await recordChange(this.context, request, {
      operation: 'organType:delete',
      target: `organType:${ids.join(',')}`,
      after: { deleted },
      startedAt,
    });
    return { deleted };
  }

  async createStructure(request: FastifyRequest, input: StructureInput) {
    const startedAt = this.context.now();
    const id = await refuseDuplicate(input.struType, () => repo.insertStructure(this.db, input));
    await recordChange(this.context, request, { operation: 'organ:add', target: `structure:${input.struType}`, after: input, startedAt });
    return { id, ...input };
  }

  /** The structure's tree, cut to the organs in the caller's scope: an organ whose parent is out of scope shows as a root. */
  async tree(request: FastifyRequest, struType: string): Promise<OrganTreeNode[]> {
    const scope = await organScope(this.db, request);
    const nodes = (await repo.structureNodes(this.db, struType)).filter((node) => inScope(scope, node.id));
    const byId = new Map<number, OrganTreeNode>(nodes.map((node) => [node.id, { ...node, children: [] }]));
    const roots: OrganTreeNode[] = [];
    for (const node of byId.values()) {
      const parent = node.parentOrganId === null ? undefined : byId.get(node.parentOrganId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  async requireOrgan(request: FastifyRequest, id: number) {
    const organ = await repo.findOrgan(this.db, id);
    if (!organ) throw notFound();
    requireInScope(await organScope(this.db, request), id);
    return organ;
  }

  /** An organ of a type with a parent type sits under an organ of that type; one without sits at the top. */
  private async checkPlacement(organTypeCode: string, organId: number | null, placement: OrganPlacement) {
    if (!(await repo.structureExists(this.db, placement.struType))) throw notFound();
    const type = await repo.findOrganType(this.db, organTypeCode);
    if (!type) throw badRequest('error.badInput', { field: 'typeCode', reason: organTypeCode });
    const parent = placement.parentOrganId === null ? undefined : await repo.findOrgan(this.db, placement.parentOrganId);
    if (placement.parentOrganId !== null && !parent) throw notFound();
    if ((type.parentTypeCode ?? null) !== (parent?.typeCode ?? null)) {
      throw badRequest('error.organTypeNotAllowed', { type: type.typeName, parent: parent?.organName ?? '—' });
    }
    if (organId !== null && parent) {
      const nodes = await repo.structureNodes(this.db, placement.struType);
      const parentOf = new Map(nodes.map((node) => [node.id, node.parentOrganId]));
      for (let at: number | null | undefined = parent.id; at !== null && at !== undefined; at = parentOf.get(at)) {
        if (at === organId) throw badRequest('error.organCycle');
      }
    }
  }

  async create(request: FastifyRequest, input: OrganInput, placement: OrganPlacement) {
    const startedAt = this.context.now();
    const scope = await organScope(this.db, request);
    const allowed = placement.parentOrganId === null ? scope === 'all' : inScope(scope, placement.parentOrganId);
    if (!allowed) throw forbidden('error.outOfRange');
    await this.checkPlacement(input.typeCode, null, placement);
    if (await repo.organCodeTaken(this.db, input.organCode)) throw badRequest('error.duplicateCode', { code: input.organCode });
    const id = await refuseDuplicate(input.organCode, () => repo.insertOrgan(this.db, input, startedAt));
    await repo.placeOrgan(this.db, placement.struType, id, placement.parentOrganId, placement.index);
    const after = await repo.findOrgan(this.db, id);
    await recordChange(this.context, request, {
      operation: 'organ:add',
      target: `organ:${id}`,
      after: { ...after, ...placement },
      startedAt,
    });
    return after;
  }

  async update(request: FastifyRequest, id: number, input: OrganInput) {
    const startedAt = this.context.now();
    const before = await this.requireOrgan(request, id);
    if (input.typeCode !== before.typeCode) throw badRequest('error.badInput', { field: 'typeCode', reason: input.typeCode });
    await refuseDuplicate(input.organCode, () => repo.updateOrgan(this.db, id, input));
    const after = await repo.findOrgan(this.db, id);
    await recordChange(this.context, request, { operation: 'organ:edit', target: `organ:${id}`, before, after, startedAt });
    return after;
  }

  /** Moves the organ within a structure (drag and drop), or places it into another structure. */
  async place(request: FastifyRequest, id: number, placement: OrganPlacement) {
    const startedAt = this.context.now();
    const organ = await this.requireOrgan(request, id);
    if (placement.parentOrganId !== null) requireInScope(await organScope(this.db, request), placement.parentOrganId);
    await this.checkPlacement(organ.typeCode, id, placement);
    await repo.placeOrgan(this.db, placement.struType, id, placement.parentOrganId, placement.index);
    await recordChange(this.context, request, { operation: 'organ:edit', target: `organ:${id}`, after: placement, startedAt });
    return organ;
  }

  async remove(request: FastifyRequest, ids: number[]) {
    const startedAt = this.context.now();
    const removed = [];
    for (const id of ids) {
      const organ = await this.requireOrgan(request, id);
      if (await repo.organInUse(this.db, id)) throw badRequest('error.organHasChildren');
      removed.push(organ);
    }
    for (const organ of removed) await repo.deleteOrgan(this.db, organ.id);
    await recordChange(this.context, request, {
      operation: 'organ:delete',
      target: `organ:${ids.join(',')}`,
      before: removed,
      after: { deleted: removed.length },
      startedAt,
    });
    return { deleted: removed.length };
  }
}
