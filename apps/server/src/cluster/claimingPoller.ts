/** Work kept as database rows, which any process may take: what is due, and a conditional update that takes one. */
export interface ClaimedWork<Item> {
  due(now: number, limit: number): Promise<Item[]>;
  /** True when this process took the item; a claim runs out by itself if the process dies while working. */
  claim(item: Item, now: number): Promise<boolean>;
  run(item: Item): Promise<void>;
}

export interface PollerOptions {
  pollMs: number;
  /** Due items read at once in search of one to claim (others may be taking the first). */
  batch: number;
  /** Items worked on at once. */
  concurrency: number;
}

/**
 * Polls durable work in every process. Nothing waits in memory: what is not yet taken stays a row, so
 * a restart loses none and a backlog costs no memory; the claim makes exactly one process take each item.
 * A worker takes items one after another until none is left; while it finds work it lets further
 * workers join, up to `concurrency`.
 */
export class ClaimingPoller<Item> {
  private timer: NodeJS.Timeout | undefined;
  private readonly workers = new Set<Promise<number>>();

  constructor(
    private readonly now: () => number,
    private readonly work: ClaimedWork<Item>,
    private readonly options: PollerOptions,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poke(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.workers);
  }

  /** Starts a worker now rather than at the next tick (new work was just written), when there is room. */
  poke(): void {
    if (this.workers.size >= this.options.concurrency) return;
    const worker: Promise<number> = this.drain(true)
      .catch((error: unknown) => {
        this.onError(error);
        return 0;
      })
      .finally(() => this.workers.delete(worker));
    this.workers.add(worker);
  }

  /** Works through every due item this process can claim, one at a time; answers how many ran. */
  poll(): Promise<number> {
    return this.drain(false);
  }

  private async drain(spread: boolean): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = this.now();
      let taken: { item: Item } | undefined;
      for (const item of await this.work.due(now, this.options.batch)) {
        if (await this.work.claim(item, now)) {
          taken = { item };
          break;
        }
      }
      if (!taken) return ran;
      // There may be more: another worker takes the next alongside this one.
      if (spread) this.poke();
      try {
        await this.work.run(taken.item);
        ran++;
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
