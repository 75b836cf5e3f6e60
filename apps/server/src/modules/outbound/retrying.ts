import { setTimeout as sleep } from 'node:timers/promises';

/** How often an outgoing call is tried, and how long it waits before the second try. */
export interface RetryOptions {
  attempts: number;
  backoffMs: number;
}

/**
 * Runs `attempt` until it succeeds or `attempts` tries are spent, waiting `backoffMs`, then twice that, and so
 * on between tries, so a receiver that is briefly down is not hammered. An error `canRetry` refuses ends it
 * at once: repeating a refused or rejected call cannot change its answer.
 */
export async function retrying<T>(
  { attempts, backoffMs }: RetryOptions,
  attempt: (tried: number) => Promise<T>,
  canRetry: (error: unknown) => boolean,
): Promise<{ result: T; attempts: number }> {
  for (let tried = 1; ; tried += 1) {
    try {
      return { result: await attempt(tried), attempts: tried };
    } catch (error) {
      if (tried >= attempts || !canRetry(error)) throw error;
      await sleep(backoffMs * 2 ** (tried - 1));
    }
  }
}
