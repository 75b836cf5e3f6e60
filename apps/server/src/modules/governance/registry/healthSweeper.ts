import type { AppContext } from '../../../context.ts';
import { sweepInstances } from './instanceRepo.ts';

const sweepEveryMs = 1_000;

/** Marks silent ephemeral instances unhealthy and removes the long-silent ones, once a second, until stopped. */
export function startHealthSweeper(context: AppContext, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepInstances(context.db, context.now()).catch(onError);
  }, sweepEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
