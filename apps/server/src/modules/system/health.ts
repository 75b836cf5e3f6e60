import type { AppContext } from '../../context.ts';
import { isConnectionFault } from '../../db/connectionFault.ts';

export interface Readiness {
  ready: boolean;
  database: 'writable' | 'refusing writes' | 'unreachable';
  redis?: 'up' | 'down';
}

/**
 * A readiness answer is reused this long, so that a flood of health checks is not a flood of writes;
 * with a probe's bound below, readiness follows the database within a second either way.
 */
const reusedForMs = 500;
/** Each probe gets this long: a dependency that does not answer by then counts as down. */
const probeTimeoutMs = 400;
const lastAnswers = new WeakMap<AppContext, { at: number; answer: Promise<Readiness> }>();

/** Whether this server can do its work, checked at most twice a second. */
export function readiness(context: AppContext): Promise<Readiness> {
  const now = context.now();
  const last = lastAnswers.get(context);
  if (last && now >= last.at && now - last.at < reusedForMs) return last.answer;
  const answer = checkReadiness(context);
  lastAnswers.set(context, { at: now, answer });
  return answer;
}

class ProbeTimeout extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this server can do its work: the database takes a write (a full disk or a read-only
 * database answers reads but fails every sign-in) and, when servers share Redis, Redis answers.
 */
async function checkReadiness(context: AppContext): Promise<Readiness> {
  const probeDatabase = context.db
    .insertInto('sys_health_probe')
    .values({ id: 1, checked_at: context.now() })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: context.now() }))
    .execute();
  // Settled into a verdict at once: a Redis that refuses at once must not leave a rejection unhandled (ending the process) while the database probe runs.
  const probeRedis = context.config.redisUrl
    ? within(context.cluster.ping(), probeTimeoutMs).then(
        () => 'up' as const,
        () => 'down' as const,
      )
    : undefined;
  const database = await within(probeDatabase, probeTimeoutMs).then(
    () => 'writable' as const,
    (error: unknown) =>
      error instanceof ProbeTimeout || isConnectionFault(error) ? ('unreachable' as const) : ('refusing writes' as const),
  );
  if (!probeRedis) return { ready: database === 'writable', database };
  const redis = await probeRedis;
  return { ready: database === 'writable' && redis === 'up', database, redis };
}
