import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LiveSession } from '../../http/session.ts';

export const refreshLifetimeMs = 7 * 24 * 3600 * 1000;

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; accountId: number; refreshHash: string; clientId: string; ip: string; userAgent: string; now: number },
): Promise<void> {
  await db
    .insertInto('auth_session')
    .values({
      id: session.id,
      account_id: session.accountId,
      refresh_hash: session.refreshHash,
      client_id: session.clientId,
      ip: session.ip,
      user_agent: session.userAgent,
      created_at: session.now,
      expires_at: session.now + refreshLifetimeMs,
      revoked_at: null,
    })
    .execute();
}

/** The session behind a token, with its account's super-administrator flag, if it is still live. */
export async function findLiveSession(db: Kysely<Database>, sessionId: string, now: number): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('auth_session')
    .innerJoin('iam_account', 'iam_account.id', 'auth_session.account_id')
    .select((eb) => [
      'auth_session.id',
      'auth_session.account_id',
      'iam_account.user_name',
      'auth_session.expires_at',
      eb
        .exists(
          eb
            .selectFrom('iam_account_role')
            .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
            .select('iam_role.id')
            .whereRef('iam_account_role.account_id', '=', 'auth_session.account_id')
            .where('iam_role.is_super', '=', 1),
        )
        .as('is_super'),
    ])
    .where('auth_session.id', '=', sessionId)
    .where('auth_session.revoked_at', 'is', null)
    .where('auth_session.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sessionId: row.id,
    accountId: row.account_id,
    userName: row.user_name,
    isSuper: Boolean(row.is_super),
    expiresAt: row.expires_at,
  };
}

export function findSessionForRefresh(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('auth_session')
    .select(['id', 'account_id', 'refresh_hash', 'previous_refresh_hash', 'expires_at', 'revoked_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Swaps the refresh hash only if it is still the one presented, so two racing refreshes cannot both
 * win; the presented one is kept as the previous hash, whose later reuse proves a stolen token.
 */
export async function rotateRefreshHash(
  db: Kysely<Database>,
  sessionId: string,
  fromHash: string,
  toHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('auth_session')
    .set({ refresh_hash: toHash, previous_refresh_hash: fromHash, expires_at: now + refreshLifetimeMs })
    .where('id', '=', sessionId)
    .where('refresh_hash', '=', fromHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now: number): Promise<void> {
  await db.updateTable('auth_session').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends the account's oldest live sessions so that at most `keep` remain, the just-opened `newest` always among them. */
export async function revokeSessionsBeyond(
  db: Kysely<Database>,
  accountId: number,
  keep: number,
  now: number,
  newest: string,
): Promise<void> {
  const live = await db
    .selectFrom('auth_session')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '!=', newest)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const excess = live.slice(keep - 1).map((row) => row.id);
  if (excess.length > 0) await db.updateTable('auth_session').set({ revoked_at: now }).where('id', 'in', excess).execute();
}

export async function revokeOtherSessions(db: Kysely<Database>, accountId: number, keepSessionId: string, now: number): Promise<void> {
  await db
    .updateTable('auth_session')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
