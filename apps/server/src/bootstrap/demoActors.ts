import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { Caller } from '../http/caller.ts';
import type { AccessCache } from '../modules/auth/accessCache.ts';

export const hour = 3_600_000;

/**
 * What the demo's workflow seeding acts through, so its history reads as if people had done it: a
 * context whose clock starts `hoursAgo` before `now` and moves only when told (`later`), and demo
 * accounts as callers of the runtime's own commands (no session: seeding runs before any request).
 */
export function demoActors(db: Kysely<Database>, now: number, hoursAgo: number) {
  let clock = now - hoursAgo * hour;
  const context = { db, now: () => clock } as unknown as AppContext;
  const later = (hours: number) => {
    clock += hours * hour;
  };
  const callerOf = (accountId: number, userName: string, isSuper = false) =>
    new Caller(
      db,
      undefined as unknown as AccessCache,
      { sessionId: 'demo', accountId, userName, isSuper, expiresAt: now },
      null,
      '127.0.0.1',
      'zh',
    );
  return { context, later, callerOf };
}
