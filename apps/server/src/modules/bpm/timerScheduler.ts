import { ClaimingPoller } from '../../cluster/claimingPoller.ts';
import type { AppContext } from '../../context.ts';
import { claimTimer, dueTimers } from './runtimeRepo.ts';
import type { RuntimeService } from './runtimeService.ts';

/** How long a claim keeps other processes off a timer while it fires. */
const claimMs = 60_000;

/**
 * The workflow's durable scheduler: timers the engine waits on are rows with their due time, so a
 * restart loses none. Every process polls each second; a conditional update claims each due timer, so
 * exactly one process fires it, and a process that dies while firing lets the claim run out for another.
 */
export class TimerScheduler extends ClaimingPoller<Awaited<ReturnType<typeof dueTimers>>[number]> {
  constructor(context: AppContext, runtime: RuntimeService, onError: (error: unknown) => void) {
    super(
      () => context.now(),
      {
        due: (now, limit) => dueTimers(context.db, now, limit),
        claim: (timer, now) => claimTimer(context.db, timer.id, now, claimMs),
        run: (timer) => runtime.fireTimer(timer),
      },
      { pollMs: 1000, batch: 20, concurrency: 1 },
      onError,
    );
  }
}
