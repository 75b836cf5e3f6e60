/**
 * What several server processes share beyond the database: a message bus and a directory of entries
 * that expire. One process uses the in-memory kind; with `REDIS_URL` every process uses Redis.
 */
/** A count in a window; `shared` is false when this process counted alone (no shared store, or it was unreachable). */
export interface WindowCount {
  count: number;
  resetInMs: number;
  shared: boolean;
}

export interface Cluster {
  /** This process, as other processes see it in directory entries. */
  readonly serverId: string;
  /**
   * False while the shared store cannot be reached: counts are then this process's own and bus
   * messages between processes may be lost. Always true for one process on its own.
   */
  readonly reachable: boolean;
  /** Calls `listener` each time the shared store goes away (false) or comes back (true). */
  onReachability(listener: (reachable: boolean) => void): void;
  /** Counts taken in this process alone because the shared store could not be reached, since start. */
  readonly localCounts: number;
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` for every message on `channel`, including this process's own. */
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /** Puts `field` under `key` until `expiresAt` (epoch ms). */
  putEntry(key: string, field: string, value: string, expiresAt: number): Promise<void>;
  removeEntry(key: string, field: string): Promise<void>;
  /** The live entries under `key`. */
  entries(key: string, now: number): Promise<Map<string, string>>;
  /**
   * Counts `by` more (one by default) under `key` in a fixed window of `windowMs` that starts with the
   * first count: the count so far and how long until the window ends. Shared by every process with Redis.
   */
  countInWindow(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /**
   * Takes the next turn under `key`, turns being `spacingMs` apart (Sentinel's rate limiter): how long
   * the caller must wait for its turn, or undefined (no turn taken) when that is over `maxWaitMs`.
   * Shared by every process with Redis, timed by Redis' clock; this process's own turns while Redis
   * cannot be reached.
   */
  takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number | undefined>;
  /** Answers when the shared store answers; throws when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
