import type { AppContext } from '../../context.ts';
import { CallActivities } from './callActivities.ts';
import type { RuntimeService } from './runtimeService.ts';

/** A call activity entered this long ago without its called instance lost it to a crash; a younger one is still being started. */
const graceMs = 30_000;
const pollMs = 10_000;

/**
 * Starts the called instances that a crash between a caller's committed step and its called start lost. At
 * start-up every waiting call is this process's own to finish (nothing of it still runs anywhere in it), then
 * every few seconds those older than a grace time, for a process of the cluster that died. Two processes
 * replaying one call start it once: the unique call link refuses the second.
 */
export class CalledStarts {
  private readonly calls: CallActivities;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly context: AppContext,
    runtime: RuntimeService,
    private readonly onError: (error: unknown) => void,
  ) {
    this.calls = new CallActivities(runtime);
  }

  start(): void {
    this.sweep(Number.MAX_SAFE_INTEGER);
    this.timer = setInterval(() => this.sweep(this.context.now() - graceMs), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass at a time: the next waits for the one still going. */
  private sweep(enteredBefore: number): void {
    this.running = this.running.then(() => this.calls.startPending(enteredBefore)).catch(this.onError);
  }
}
