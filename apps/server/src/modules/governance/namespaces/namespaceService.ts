import { type NamespaceInput, type NamespaceUpdate, publicNamespace } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import * as repo from './namespaceRepo.ts';

/** Nacos clients name the public namespace `public`, an empty tenant, or nothing at all. */
export function namespaceOf(value: string | undefined): string {
  return value ? value : publicNamespace;
}

/** Namespaces shared by the registry and the config centre; `public` always exists and never changes. */
export class NamespaceService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  async requireExisting(namespaceId: string): Promise<string> {
    if (!(await repo.namespaceExists(this.db, namespaceId))) throw badRequest('error.namespaceNotFound', { namespace: namespaceId });
    return namespaceId;
  }

  private async requireChangeable(id: number) {
    const namespace = await repo.findNamespace(this.db, id);
    if (!namespace) throw notFound();
    if (namespace.namespaceId === publicNamespace) throw badRequest('error.publicNamespaceFixed');
    return namespace;
  }

  async create(request: FastifyRequest, input: NamespaceInput) {
    const startedAt = this.context.now();
    if (await repo.namespaceExists(this.db, input.namespaceId)) throw badRequest('error.duplicateNamespace');
    let id: number;
    try {
      id = await repo.insertNamespace(this.db, input, this.context.now());
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('error.duplicateNamespace');
      throw error;
    }
    const after = await repo.findNamespace(this.db, id);
    await recordChange(this.context, request, { operation: 'namespace:add', target: `namespace:${input.namespaceId}`, after, startedAt });
    return after;
  }

  async update(request: FastifyRequest, id: number, input: NamespaceUpdate) {
    const startedAt = this.context.now();
    const before = await this.requireChangeable(id);
    await repo.updateNamespace(this.db, id, input);
    const after = await repo.findNamespace(this.db, id);
    await recordChange(this.context, request, {
      operation: 'namespace:edit',
      target: `namespace:${before.namespaceId}`,
      before,
      after,
      startedAt,
    });
    return after;
  }

  async remove(request: FastifyRequest, ids: number[]) {
    const startedAt = this.context.now();
    const doomed = [];
    for (const id of ids) {
      const namespace = await this.requireChangeable(id);
      if (namespace.configCount > 0 || namespace.serviceCount > 0) throw badRequest('error.namespaceInUse');
      doomed.push(namespace);
    }
    const deleted = await repo.deleteNamespaces(this.db, ids);
    await recordChange(this.context, request, {
      operation: 'namespace:delete',
      target: `namespace:${doomed.map((namespace) => namespace.namespaceId).join(',')}`,
      before: doomed,
      after: { deleted },
      startedAt,
    });
    return { deleted };
  }
}
