import type { AppContext } from '../../context.ts';

export interface Readiness {
  ready: boolean;
  database: 'writable' | 'refusing writes';
  redis?: 'up' | 'down';
}

/** A readiness answer is reused this long, so that a flood of health checks is not a flood of writes. */
const reusedForMs = 1_000;
const lastAnswers = new WeakMap<AppContext, { at: number; answer: Promise<Readiness> }>();

/** Whether this server can do its work, checked at most once a second. */
export function readiness(context: AppContext): Promise<Readiness> {
  const now = context.now();
  const last = lastAnswers.get(context);
  if (last && now >= last.at && now - last.at < reusedForMs) return last.answer;
  const answer = checkReadiness(context);
  lastAnswers.set(context, { at: now, answer });
  return answer;
}

/**
 * Whether this server can do its work: the database takes a write (a full disk or a read-only
 * database answers reads but fails every sign-in) and, when servers share Redis, Redis answers.
 */
async function checkReadiness(context: AppContext): Promise<Readiness> {
  const database = await context.db
    .insertInto('sys_health_probe')
    .values({ id: 1, checked_at: context.now() })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: context.now() }))
    .execute()
    .then(
      () => 'writable' as const,
      () => 'refusing writes' as const,
    );
  if (!context.config.redisUrl) return { ready: database === 'writable', database };
  const redis = await context.cluster.ping().then(
    () => 'up' as const,
    () => 'down' as const,
  );
  return { ready: database === 'writable' && redis === 'up', database, redis };
}
