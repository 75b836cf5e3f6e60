import type { AppContext } from '../../context.ts';
import { openTasksOf } from './runtimeRepo.ts';

/**
 * A user's open workflow tasks as other modules show them (the to-do card): counted, the overdue
 * among them, and the first `limit`, read through bpm rather than from its tables.
 */
export function openTaskDigest(context: AppContext, userName: string, roleCodes: string[], limit: number) {
  return openTasksOf(context.db, userName, roleCodes, context.now(), limit);
}
