import type { AccountCreate, AccountUpdate } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { sessionOf } from '../../../http/accessGuard.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import { revokeSession } from '../../auth/sessionRepo.ts';
import { clearLoginFailures, insertAccount, lockAccount, updatePasswordHash } from '../accountRepo.ts';
import { type OrganScope, organScope, requireInScope } from '../dataScope.ts';
import { checkPasswordPolicy } from '../passwordCheck.ts';
import { hashPassword } from '../passwords.ts';
import * as repo from './accountAdminRepo.ts';

/** Accounts as administrators manage them, always within the caller's data scope and manage range. */
export class AccountService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  scope(request: FastifyRequest): Promise<OrganScope> {
    return organScope(this.db, request);
  }

  /** Out of scope reads as absent: the caller learns nothing about accounts outside their range. */
  async require(request: FastifyRequest, id: number) {
    const account = await repo.findScopedAccount(this.db, await this.scope(request), id);
    if (!account) throw notFound();
    return account;
  }

  /** An account's organ and an administrator's manage range must both lie in the caller's scope. */
  private async checkPlacement(request: FastifyRequest, input: AccountUpdate) {
    const scope = await this.scope(request);
    requireInScope(scope, input.organId);
    if (input.isAdmin && input.manageRange !== null) requireInScope(scope, input.manageRange);
  }

  async create(request: FastifyRequest, input: AccountCreate) {
    const startedAt = this.context.now();
    await this.checkPlacement(request, input);
    await checkPasswordPolicy(this.db, request, input.password);
    const menuType = await this.db.selectFrom('pf_menu_type').select('id').orderBy('id').executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(input.password);
    const id = await refuseDuplicate(input.userName, () =>
      insertAccount(
        this.db,
        { userName: input.userName, name: input.name, passwordHash, menuTypeId: menuType.id, now: startedAt },
        repo.accountValues(input),
      ),
    );
    const after = await this.require(request, id);
    await recordChange(this.context, request, { operation: 'account:add', target: `account:${id}`, after, startedAt });
    return after;
  }

  async update(request: FastifyRequest, id: number, input: AccountUpdate) {
    const startedAt = this.context.now();
    const before = await this.require(request, id);
    await this.checkPlacement(request, input);
    await refuseDuplicate(input.userName, () =>
      this.db.updateTable('iam_account').set(repo.accountValues(input)).where('id', '=', id).execute(),
    );
    const after = await this.require(request, id);
    await recordChange(this.context, request, { operation: 'account:edit', target: `account:${id}`, before, after, startedAt });
    return after;
  }

  async remove(request: FastifyRequest, ids: number[]) {
    const startedAt = this.context.now();
    if (ids.includes(sessionOf(request).accountId)) throw badRequest('error.ownAccount');
    const removed = [];
    for (const id of ids) removed.push(await this.require(request, id));
    const superAccounts = await this.db
      .selectFrom('iam_account_role')
      .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
      .select('iam_account_role.account_id')
      .where('iam_role.is_super', '=', 1)
      .where('iam_account_role.account_id', 'in', ids)
      .execute();
    if (superAccounts.length > 0 && !sessionOf(request).isSuper) throw forbidden();
    await this.db.deleteFrom('auth_session').where('account_id', 'in', ids).execute();
    const deleted = Number((await this.db.deleteFrom('iam_account').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    await recordChange(this.context, request, {
      operation: 'account:delete',
      target: `account:${ids.join(',')}`,
      before: removed,
      after: { deleted },
      startedAt,
    });
    return { deleted };
  }

  async setLocked(request: FastifyRequest, id: number, locked: boolean) {
    const startedAt = this.context.now();
    const before = await this.require(request, id);
    if (id === sessionOf(request).accountId) throw badRequest('error.ownAccount');
    if (locked) {
      await lockAccount(this.db, id, null);
      await this.db
        .updateTable('auth_session')
        .set({ revoked_at: startedAt })
        .where('account_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    } else await clearLoginFailures(this.db, id);
    const after = await this.require(request, id);
    await recordChange(this.context, request, { operation: 'account:edit', target: `account:${id}`, before, after, startedAt });
    return after;
  }

  async resetPassword(request: FastifyRequest, id: number, password: string) {
    const startedAt = this.context.now();
    await this.require(request, id);
    await checkPasswordPolicy(this.db, request, password);
    await updatePasswordHash(this.db, id, await hashPassword(password), startedAt);
    await recordChange(this.context, request, { operation: 'account:edit', target: `account:${id}:password`, startedAt });
    return null;
  }

  async sessions(request: FastifyRequest, id: number) {
    await this.require(request, id);
    return repo.liveSessions(this.db, id, this.context.now());
  }

  async endSession(request: FastifyRequest, id: number, sessionId: string) {
    const startedAt = this.context.now();
    await this.require(request, id);
    const session = await this.db
      .selectFrom('auth_session')
      .select('id')
      .where('id', '=', sessionId)
      .where('account_id', '=', id)
      .executeTakeFirst();
    if (!session) throw notFound();
    await revokeSession(this.db, sessionId, startedAt);
    await recordChange(this.context, request, { operation: 'account:edit', target: `session:${sessionId}`, startedAt });
    return null;
  }
}
