import type { OwnSession, ProfileInput } from '@qiming/shared';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest } from '../../../http/errors.ts';
import { requireAttachments } from '../../attachments/attachmentService.ts';
import { audited } from '../../audit/audited.ts';
import { liveSessions } from '../accounts/accountAdminRepo.ts';
import { requireOwnRecord } from '../policy.ts';
import { sessionEnding } from '../sessionEnding.ts';

/**
 * The signed-in user's own account on the profile page: name and introduction, and their own
 * sessions. Nothing here reaches another account, whatever ids are sent.
 */
export class ProfileService {
  constructor(private readonly context: AppContext) {}

  update(caller: Caller, input: ProfileInput) {
    return audited(this.context, caller, { operation: 'auth:profile', target: `account:${caller.accountId}` }, async (trx, entry) => {
      requireOwnRecord(caller, caller.accountId);
      const read = () =>
        trx.selectFrom('iam_account').select(['name', 'introduction']).where('id', '=', caller.accountId).executeTakeFirstOrThrow();
      entry.before = await read();
      await trx
        .updateTable('iam_account')
        .set({ name: input.name, introduction: input.introduction })
        .where('id', '=', caller.accountId)
        .execute();
      const after = await read();
      entry.after = after;
      return after;
    });
  }

  setAvatar(caller: Caller, avatar: string) {
    return audited(this.context, caller, { operation: 'auth:profile', target: `account:${caller.accountId}` }, async (trx, entry) => {
      requireOwnRecord(caller, caller.accountId);
      const read = () => trx.selectFrom('iam_account').select('avatar').where('id', '=', caller.accountId).executeTakeFirstOrThrow();
      entry.before = await read();
      await requireAttachments(trx, [avatar]);
      await trx.updateTable('iam_account').set({ avatar }).where('id', '=', caller.accountId).execute();
      const after = await read();
      entry.after = after;
      return after;
    });
  }

  async sessions(caller: Caller) {
    const rows = await liveSessions(this.context.db, caller.accountId, this.context.now());
    return wholeList(
      rows.map((row): OwnSession => ({ ...row, createdAt: Number(row.createdAt), current: row.id === caller.signedIn.sessionId })),
    );
  }

  /** Ends another of the user's sessions (a browser left signed in elsewhere); this one ends by signing out. */
  endSession(caller: Caller, sessionId: string) {
    return audited(
      this.context,
      caller,
      { operation: 'auth:endSession', target: `session:${sessionId}`, changesAccess: true },
      async (trx) => {
        if (sessionId === caller.signedIn.sessionId) throw badRequest('error.currentSession');
        const session = await trx
          .selectFrom('auth_session')
          .select('account_id')
          .where('id', '=', sessionId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        requireOwnRecord(caller, session?.account_id);
        await sessionEnding().revokeSession(trx, sessionId, this.context.now());
        return null;
      },
    );
  }
}
