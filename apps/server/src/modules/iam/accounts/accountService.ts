import type { AccountCreate, AccountUpdate } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { clearLoginFailures, insertAccount, lockAccount, updatePasswordHash } from '../accountRepo.ts';
import { requireExisting } from '../existingRecords.ts';
import { checkPasswordPolicy } from '../passwordCheck.ts';
import { hashPassword } from '../passwords.ts';
import {
  requireAccountChange,
  requireOrganInScope,
  requireOthersAccounts,
  requireSuperAdministratorKept,
  visibleOrgans,
} from '../policy.ts';
import { sessionEnding } from '../sessionEnding.ts';
import * as repo from './accountAdminRepo.ts';

/**
 * Accounts as administrators manage them. Reads stay within the caller's data scope and manage
 * range; what a caller may change is the policy's to say (policy.ts). Each change is audited in the
 * transaction that makes it.
 */
export class AccountService {
  constructor(private readonly context: AppContext) {}

  /** Out of scope reads as absent: the caller learns nothing about accounts outside their range. */
  async require(caller: Caller, id: number, db: Kysely<Database> = this.context.db) {
    const account = await repo.findScopedAccount(db, await visibleOrgans(caller, db), id);
    if (!account) throw notFound();
    return account;
  }

  /** The organ, employee and manage range named must exist and lie in the caller's scope. */
  private async checkPlacement(caller: Caller, db: Kysely<Database>, input: AccountUpdate) {
    if (input.organId !== null) await requireExisting(db, 'iam_organ', [input.organId], 'organId');
    if (input.administrator && input.manageRange !== null) await requireExisting(db, 'iam_organ', [input.manageRange], 'manageRange');
    await requireOrganInScope(caller, db, input.organId);
    if (input.administrator && input.manageRange !== null) await requireOrganInScope(caller, db, input.manageRange);
    if (input.staff !== null) {
      const staff = await db.selectFrom('iam_staff').select('organ_id').where('id', '=', input.staff).executeTakeFirst();
      if (!staff) await requireExisting(db, 'iam_staff', [input.staff], 'staff');
      await requireOrganInScope(caller, db, staff?.organ_id ?? null);
    }
  }

  async create(caller: Caller, input: AccountCreate) {
    const passwordHash = await hashPassword(input.password);
    return audited(this.context, caller, { operation: 'account:add', target: `account:${input.userName}` }, async (trx, entry) => {
      await this.checkPlacement(caller, trx, input);
      await checkPasswordPolicy(trx, caller.language, input.password);
      const menuType = await trx.selectFrom('pf_menu_type').select('id').orderBy('id').executeTakeFirstOrThrow();
      const id = await refuseDuplicate(input.userName, () =>
        insertAccount(
          trx,
          { userName: input.userName, name: input.name, passwordHash, menuTypeId: menuType.id, now: this.context.now() },
          repo.accountValues(input),
        ),
      );
      const after = await this.require(caller, id, trx);
      entry.after = after;
      return after;
    });
  }

  update(caller: Caller, id: number, input: AccountUpdate) {
    return audited(
      this.context,
      caller,
      { operation: 'account:edit', target: `account:${id}`, changesAccess: true },
      async (trx, entry) => {
        entry.before = await this.require(caller, id, trx);
        await requireAccountChange(caller, trx, id);
        await requireSuperAdministratorKept(caller, trx, id, {
          authStrategy: input.authStrategy,
          ipPolicy: { checked: input.isUseIpChecked, policy: input.ipPolicy },
        });
        await this.checkPlacement(caller, trx, input);
        await refuseDuplicate(input.userName, () =>
          trx.updateTable('iam_account').set(repo.accountValues(input)).where('id', '=', id).execute(),
        );
        const after = await this.require(caller, id, trx);
        entry.after = after;
        return after;
      },
    );
  }

  remove(caller: Caller, ids: number[]) {
    return audited(
      this.context,
      caller,
      { operation: 'account:delete', target: `account:${ids.join(',')}`, changesAccess: true },
      async (trx, entry) => {
        requireOthersAccounts(caller, ids);
        const removed = [];
        for (const id of ids) {
          removed.push(await this.require(caller, id, trx));
          await requireAccountChange(caller, trx, id);
        }
        entry.before = removed;
        await trx.deleteFrom('auth_session').where('account_id', 'in', ids).execute();
        const deleted = Number((await trx.deleteFrom('iam_account').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
        entry.after = { deleted };
        return { deleted };
      },
    );
  }

  setLocked(caller: Caller, id: number, locked: boolean) {
    return audited(
      this.context,
      caller,
      { operation: 'account:edit', target: `account:${id}`, changesAccess: true },
      async (trx, entry) => {
        entry.before = await this.require(caller, id, trx);
        requireOthersAccounts(caller, [id]);
        await requireAccountChange(caller, trx, id);
        if (locked) {
          await lockAccount(trx, id, null);
          await trx
            .updateTable('auth_session')
            .set({ revoked_at: this.context.now() })
            .where('account_id', '=', id)
            .where('revoked_at', 'is', null)
            .execute();
        } else {
          await clearLoginFailures(trx, id);
          await sessionEnding().clearAttempts(trx, id);
        }
        const after = await this.require(caller, id, trx);
        entry.after = after;
        return after;
      },
    );
  }

  async resetPassword(caller: Caller, id: number, password: string) {
    const passwordHash = await hashPassword(password);
    return audited(this.context, caller, { operation: 'account:edit', target: `account:${id}:password` }, async (trx) => {
      await this.require(caller, id, trx);
      await requireAccountChange(caller, trx, id);
      await checkPasswordPolicy(trx, caller.language, password);
      await updatePasswordHash(trx, id, passwordHash, this.context.now());
      return null;
    });
  }

  async sessions(caller: Caller, id: number) {
    await this.require(caller, id);
    return wholeList(await repo.liveSessions(this.context.db, id, this.context.now()));
  }

  endSession(caller: Caller, id: number, sessionId: string) {
    return audited(
      this.context,
      caller,
      { operation: 'account:edit', target: `session:${sessionId}`, changesAccess: true },
      async (trx) => {
        await this.require(caller, id, trx);
        await requireAccountChange(caller, trx, id);
        const session = await trx
          .selectFrom('auth_session')
          .select('id')
          .where('id', '=', sessionId)
          .where('account_id', '=', id)
          .executeTakeFirst();
        if (!session) throw notFound();
        await sessionEnding().revokeSession(trx, sessionId, this.context.now());
        return null;
      },
    );
  }
}
