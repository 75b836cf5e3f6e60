import type { AppContext } from '../../context.ts';
import { claimTimer, dueTimers } from './runtimeRepo.ts';
import type { RuntimeService } from './runtimeService.ts';

/** How often due timers are looked for, and how long a claim keeps other processes off a timer while it fires. */
const pollMs = 1000;
const claimMs = 60_000;
const batch = 20;

/**
 * The workflow's durable scheduler: timers the engine waits on are rows with their due time, so a
 * restart loses none. Every process polls; a conditional update claims each due timer, so exactly
 * one process fires it, and a process that dies while firing lets the claim run out for another.
 */
export class TimerScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly context: AppContext,
    private readonly runtime: RuntimeService,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.poll().finally(() => {
        this.running = undefined;
      });
    }, pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Fires every timer due now that this process could claim; answers how many fired. */
  async poll(): Promise<number> {
    const now = this.context.now();
    let fired = 0;
    for (const timer of await dueTimers(this.context.db, now, batch)) {
      if (!(await claimTimer(this.context.db, timer.id, now, claimMs))) continue;
      try {
        await this.runtime.fireTimer(timer);
        fired++;
      } catch (error) {
        this.onError(error);
      }
    }
    return fired;
  }
}
