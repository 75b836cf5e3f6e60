import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Reserves one sign-in attempt for the account from the source before its password is checked, and
 * answers how many attempts that source has made in the window, this one included. One statement, so
 * parallel guesses each get their own number: once the limit is reached no further guess is checked.
 * Attempts older than the window (the policy's lock time after the last one) start over.
 */
export async function reserveAttempt(db: Kysely<Database>, accountId: number, source: string, now: number, windowMs: number) {
  const row = await db
    .insertInto('auth_sign_in_attempt')
    .values({ account_id: accountId, source, attempts: 1, last_at: now })
    .onConflict((conflict) =>
      conflict.columns(['account_id', 'source']).doUpdateSet({
        attempts: sql<number>`case when auth_sign_in_attempt.last_at <= ${now - windowMs} then 1 else auth_sign_in_attempt.attempts + 1 end`,
        last_at: now,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** A right password from the source clears its count. */
export async function forgetAttempts(db: Kysely<Database>, accountId: number, source: string): Promise<void> {
  await db.deleteFrom('auth_sign_in_attempt').where('account_id', '=', accountId).where('source', '=', source).execute();
}

/** Attempts against the account from every source within the window: the ceiling on guessing from many addresses. */
export async function recentAttempts(db: Kysely<Database>, accountId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('auth_sign_in_attempt')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('attempts'), sql<number>`0`).as('total'))
    .where('account_id', '=', accountId)
    .where('last_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** An administrator's unlock clears every source's count too. */
export async function clearAttempts(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('auth_sign_in_attempt').where('account_id', '=', accountId).execute();
}
