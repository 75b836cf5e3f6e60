import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What iam asks of the sessions auth keeps when an account changes: end one session, end all but the
 * current one, forget failed sign-ins. auth sits above iam (sign-in reads accounts), so iam cannot import
 * it: the app root registers auth's answers at start. Each runs in the caller's transaction.
 */
export interface SessionEnding {
  revokeSession(db: Kysely<Database>, sessionId: string, now: number): Promise<void>;
  revokeOtherSessions(db: Kysely<Database>, accountId: number, keepSessionId: string, now: number): Promise<void>;
  clearAttempts(db: Kysely<Database>, accountId: number): Promise<void>;
}

let ending: SessionEnding | undefined;

export function endSessionsWith(registered: SessionEnding): void {
  ending = registered;
}

export function sessionEnding(): SessionEnding {
  if (!ending) throw new Error('No session ending registered: the app root calls endSessionsWith() at start');
  return ending;
}
