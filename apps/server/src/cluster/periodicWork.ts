/**
 * Work a process does on a timer, one round at a time: the timer skips a round while one is under way
 * (a busy database) rather than pile rounds up, and `run` waits for the round under way and then runs
 * one more, so a test that moved the clock runs a round at once instead of waiting for the timer.
 */
export class PeriodicWork {
  private timer: NodeJS.Timeout | undefined;
  /** The round under way, settled: it never rejects, whoever waits on it. */
  private running: Promise<void> | undefined;

  constructor(
    private readonly everyMs: number,
    private readonly round: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.run().catch(this.onError);
    }, this.everyMs);
    this.timer.unref();
  }

  run(): Promise<void> {
    const ran = (this.running ?? Promise.resolve()).then(this.round);
    const settled = ran.then(
      () => undefined,
      () => undefined,
    );
    this.running = settled;
    void settled.then(() => {
      if (this.running === settled) this.running = undefined;
    });
    return ran;
  }

  /** Stops the timer and waits for the round under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
