import type { Cluster } from '../../../cluster/cluster.ts';

/** A block of counts this process took from the shared window, handed out one by one. */
interface Lease {
  next: number;
  last: number;
  endsAt: number;
  /** False when the block was counted in this process alone (Redis unreachable). */
  shared: boolean;
}

/** A request's number in its rule's current window, and whether the whole cluster counted it. */
export interface WindowCount {
  count: number;
  resetInMs: number;
  shared: boolean;
}

/**
 * Per-interval counts for flow rules, taken from the cluster's shared window in blocks of 1 % of the
 * rule's limit rather than one request at a time, so a high limit does not cost a Redis round trip
 * per request. Within a process every request still gets its own number in the window, so the limit
 * holds exactly; across processes a block taken but not used by one gateway is lost to the others
 * for that window, so the limit may be under-used by up to 1 % per gateway. Small limits (under 200)
 * take blocks of one: exact. While Redis cannot be reached the cluster counts blocks in this process
 * alone, and the count says so (`shared: false`) for the caller to apply its share of the limit.
 */
export class LeasedCounts {
  private readonly leases = new Map<string, Lease>();
  /** One block fetch per key at a time; requests arriving meanwhile wait for it. */
  private readonly fetching = new Map<string, Promise<void>>();

  constructor(private readonly cluster: Cluster) {}

  /** A number from this process's block when it has one left (no promise, no turn), else after fetching a block. */
  count(key: string, windowMs: number, limit: number): WindowCount | Promise<WindowCount> {
    return this.fromLease(key, Date.now()) ?? this.countAfterFetch(key, windowMs, limit);
  }

  private fromLease(key: string, now: number): WindowCount | undefined {
    const lease = this.leases.get(key);
    if (!lease || lease.endsAt <= now || lease.next > lease.last) return undefined;
    const count = lease.next;
    lease.next += 1;
    return { count, resetInMs: lease.endsAt - now, shared: lease.shared };
  }

  private async countAfterFetch(key: string, windowMs: number, limit: number): Promise<WindowCount> {
    for (;;) {
      await (this.fetching.get(key) ?? this.fetch(key, windowMs, Math.max(1, Math.floor(limit / 100))));
      const counted = this.fromLease(key, Date.now());
      if (counted) return counted;
    }
  }

  private fetch(key: string, windowMs: number, block: number): Promise<void> {
    const fetched = this.cluster
      .countInWindow(key, windowMs, block)
      .then(({ count, resetInMs, shared }) => {
        // Many keys (one per client address) must not pile up: ended leases go when the map grows.
        if (this.leases.size >= 100_000) for (const [name, old] of this.leases) if (old.endsAt <= Date.now()) this.leases.delete(name);
        this.leases.set(key, { next: count - block + 1, last: count, endsAt: Date.now() + resetInMs, shared });
      })
      .finally(() => this.fetching.delete(key));
    this.fetching.set(key, fetched);
    return fetched;
  }
}
