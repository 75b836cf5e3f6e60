/**
 * What several server processes share beyond the database: a message bus and a directory of entries
 * that expire. One process uses the in-memory kind; with `REDIS_URL` every process uses Redis.
 */
export interface Cluster {
  /** This process, as other processes see it in directory entries. */
  readonly serverId: string;
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
  countInWindow(key: string, windowMs: number, by?: number): Promise<{ count: number; resetInMs: number }>;
  /**
   * Takes the next turn under `key`, turns being `spacingMs` apart (Sentinel's rate limiter): how long
   * the caller must wait for its turn, or undefined (no turn taken) when that is over `maxWaitMs`.
   * Shared by every process with Redis, timed by Redis' clock.
   */
  takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number | undefined>;
  /** Answers when the shared store answers; throws when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
