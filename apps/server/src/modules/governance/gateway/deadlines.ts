/** Something that must be over by `deadline` (Date.now()'s clock), else `expire()` is called once. */
export interface Expiring {
  readonly deadline: number;
  expire(): void;
}

/**
 * Deadlines of many requests watched by one timer, which ticks only while some are pending: a request
 * costs a set entry, added and deleted, instead of a timer of its own armed and cleared. Each expires
 * within `tickMs` after its deadline.
 */
export class Deadlines {
  private readonly pending = new Set<Expiring>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly tickMs: number) {}

  add(entry: Expiring): void {
    this.pending.add(entry);
    this.timer ??= setInterval(() => this.sweep(), this.tickMs).unref();
  }

  delete(entry: Expiring): void {
    this.pending.delete(entry);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const entry of this.pending) {
      if (entry.deadline > now) continue;
      this.pending.delete(entry);
      entry.expire();
    }
    if (this.pending.size === 0) this.stop();
  }
}
