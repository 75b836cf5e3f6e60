import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * One table, three kinds of row per account: an address's failed attempts (`source` is the address),
 * the last right password from an address (`ok:` and the address, `attempts` 0: a familiar source), and
 * the pace of password checks from unfamiliar addresses while the account is under attack (`*pace`:
 * `attempts` paced checks so far, `last_at` the time the next may run).
 */
const familiarPrefix = 'ok:';
const paceSource = '*pace';

const familiarKey = (source: string) => `${familiarPrefix}${source}`.slice(0, 64);

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

/** Gives back a reserved attempt whose password was never checked (the account's pace refused it). */
export async function releaseAttempt(db: Kysely<Database>, accountId: number, source: string): Promise<void> {
  await db
    .updateTable('auth_sign_in_attempt')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('account_id', '=', accountId)
    .where('source', '=', source)
    .where('attempts', '>', 0)
    .execute();
}

/** Attempts the source has made in the window, without reserving one: whether it is locked out already. */
export async function sourceAttempts(db: Kysely<Database>, accountId: number, source: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('auth_sign_in_attempt')
    .select('attempts')
    .where('account_id', '=', accountId)
    .where('source', '=', source)
    .where('last_at', '>', since)
    .executeTakeFirst();
  return row?.attempts ?? 0;
}

/** A right password from the source clears its count and makes the source familiar to the account. */
export async function forgetAttempts(db: Kysely<Database>, accountId: number, source: string, now: number): Promise<void> {
  await db.deleteFrom('auth_sign_in_attempt').where('account_id', '=', accountId).where('source', '=', source).execute();
  await db
    .insertInto('auth_sign_in_attempt')
    .values({ account_id: accountId, source: familiarKey(source), attempts: 0, last_at: now })
    .onConflict((conflict) => conflict.columns(['account_id', 'source']).doUpdateSet({ last_at: now }))
    .execute();
}

/** Whether a right password came from the source since then. */
export async function isFamiliarSource(db: Kysely<Database>, accountId: number, source: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sign_in_attempt')
    .select('last_at')
    .where('account_id', '=', accountId)
    .where('source', '=', familiarKey(source))
    .where('last_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Failed attempts against the account from every source within the window (familiar rows count none). */
export async function recentFailures(db: Kysely<Database>, accountId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('auth_sign_in_attempt')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('attempts'), sql<number>`0`).as('total'))
    .where('account_id', '=', accountId)
    .where('source', '!=', paceSource)
    .where('last_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type PacedCheck = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Claims the account's next paced password check: the first at once, each next one `waitMs(n)` after
 * the n-th. A compare-and-set on the pace row, so of parallel claims exactly one wins. Pacing `start`s
 * when the caller says the account is under attack and goes on, however few failures remain in the
 * window, until a whole window passes after the last paced check: an attacker who keeps to the pace
 * never gets a fresh allowance of unpaced guesses.
 */
export async function claimPacedCheck(
  db: Kysely<Database>,
  accountId: number,
  now: number,
  windowMs: number,
  waitMs: (paced: number) => number,
  start: boolean,
): Promise<PacedCheck> {
  const pace = await db
    .selectFrom('auth_sign_in_attempt')
    .select(['attempts', 'last_at'])
    .where('account_id', '=', accountId)
    .where('source', '=', paceSource)
    .executeTakeFirst();
  const live = pace !== undefined && pace.last_at + windowMs > now;
  if (!live && !start) return { allowed: true };
  if (pace && pace.last_at > now) return { allowed: false, retryAfterMs: pace.last_at - now };
  const paced = live ? pace.attempts + 1 : 1;
  const next = { attempts: paced, last_at: now + waitMs(paced) };
  const claimed = pace
    ? Number(
        (
          await db
            .updateTable('auth_sign_in_attempt')
            .set(next)
            .where('account_id', '=', accountId)
            .where('source', '=', paceSource)
            .where('attempts', '=', pace.attempts)
            .where('last_at', '=', pace.last_at)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1
    : (
        await db
          .insertInto('auth_sign_in_attempt')
          .values({ account_id: accountId, source: paceSource, ...next })
          .onConflict((conflict) => conflict.columns(['account_id', 'source']).doNothing())
          .returning('attempts')
          .execute()
      ).length === 1;
  return claimed ? { allowed: true } : { allowed: false, retryAfterMs: waitMs(paced) };
}

/** An administrator's unlock clears every source's count and the account's pace; familiar sources stay so. */
export async function clearAttempts(db: Kysely<Database>, accountId: number): Promise<void> {
  await db
    .deleteFrom('auth_sign_in_attempt')
    .where('account_id', '=', accountId)
    .where('source', 'not like', `${familiarPrefix}%`)
    .execute();
}
