import { type NamespaceGrantsInput, type NamespaceInput, type NamespaceUpdate, publicNamespace } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { grantableRoles, namespaceGrantsOf, requireNamespaceGrantsChange } from '../../iam/policy.ts';
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

  list() {
    return repo.listNamespaces(this.db);
  }

  /** A namespace by the id clients name it with; undefined when none. */
  named(namespaceId: string) {
    return repo.findNamespaceById(this.db, namespaceId);
  }

  private async requireChangeable(id: number, db: Kysely<Database>) {
    const namespace = await repo.findNamespace(db, id);
    if (!namespace) throw notFound();
    if (namespace.namespaceId === publicNamespace) throw badRequest('error.publicNamespaceFixed');
    return namespace;
  }

  create(caller: Caller, input: NamespaceInput) {
    return audited(this.context, caller, { operation: 'namespace:add', target: `namespace:${input.namespaceId}` }, async (trx, entry) => {
      if (await repo.namespaceExists(trx, input.namespaceId)) throw badRequest('error.duplicateNamespace');
      let id: number;
      try {
        id = await repo.insertNamespace(trx, input, this.context.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.duplicateNamespace');
        throw error;
      }
      const after = await repo.findNamespace(trx, id);
      entry.after = after;
      return after;
    });
  }

  update(caller: Caller, id: number, input: NamespaceUpdate) {
    return audited(this.context, caller, { operation: 'namespace:edit', target: `namespace:${id}` }, async (trx, entry) => {
      entry.before = await this.requireChangeable(id, trx);
      await repo.updateNamespace(trx, id, input);
      const after = await repo.findNamespace(trx, id);
      entry.after = after;
      return after;
    });
  }

  private async requireNamespace(id: number, db: Kysely<Database>) {
    const namespace = await repo.findNamespace(db, id);
    if (!namespace) throw notFound();
    return namespace;
  }

  /** The roles granted the namespace, and those the caller may grant it to. */
  async grants(caller: Caller, id: number) {
    const namespace = await this.requireNamespace(id, this.db);
    return { grants: await namespaceGrantsOf(this.db, namespace.namespaceId), roles: await grantableRoles(caller, this.db) };
  }

  /** Replaces the namespace's grants; the policy module decides each role's change. */
  changeGrants(caller: Caller, id: number, grants: NamespaceGrantsInput['grants']) {
    return audited(this.context, caller, { operation: 'namespace:grant', target: `namespace:${id}` }, async (trx, entry) => {
      const namespace = await this.requireNamespace(id, trx);
      entry.before = await namespaceGrantsOf(trx, namespace.namespaceId);
      await requireNamespaceGrantsChange(caller, trx, namespace.namespaceId, grants);
      const after = await namespaceGrantsOf(trx, namespace.namespaceId);
      entry.after = after;
      return after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'namespace:delete', target: `namespace:${ids.join(',')}` }, async (trx, entry) => {
      const doomed = [];
      for (const id of ids) {
        const namespace = await this.requireChangeable(id, trx);
        if (namespace.configCount > 0 || namespace.serviceCount > 0) throw badRequest('error.namespaceInUse');
        doomed.push(namespace);
      }
      entry.before = doomed;
      const deleted = await repo.deleteNamespaces(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }
}
